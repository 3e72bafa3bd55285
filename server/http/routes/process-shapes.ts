/**
 * The sessions the page posts, as zod reads them. Each session is read on its own, so one malformed session is
 * skipped with its first problem and the others are kept. Unknown input types and key classes read as `other` and
 * `unknown` (a newer page degrades instead of losing the session); numbers are bounded so a figure cannot overflow.
 */
import { z } from 'zod';
import { KEY_CLASSES, INPUT_TYPES, type TypingEvent } from '../../domain/telemetry/typing-events.js';
import { TELEMETRY_ACTIONS, type TelemetryEvent } from '../../domain/telemetry/drawing.js';
import type { TelemetryInput, TypingInput } from '../../domain/telemetry/kinds.js';

/** Events in one session: hours of typing in one field, far more than an answer needs. */
const MAX_EVENTS = 20_000;
const DAY_MS = 86_400_000;

const inputTypes: ReadonlySet<string> = new Set(INPUT_TYPES);
const keyClasses: ReadonlySet<string> = new Set(KEY_CLASSES);
const actions: ReadonlySet<string> = new Set(TELEMETRY_ACTIONS);

const time = z.number({ message: 'must be a number of milliseconds' }).min(0).max(DAY_MS);
const int = (max: number) => z.number({ message: 'must be a number' }).int().min(-max).max(max);
const epoch = z.number().min(0).max(1e13).nullish();
const name = z.string({ message: 'give the name' }).min(1, 'must not be empty').max(256);

const typingEvent = z.lazy(() =>
  z.object({
    t_ms: time,
    input_type: z
      .string()
      .max(64)
      .transform((t) => (inputTypes.has(t) ? t : 'other') as TypingEvent['input_type']),
    key_class: z
      .string()
      .max(32)
      .default('unknown')
      .transform((k) => (keyClasses.has(k) ? k : 'unknown') as TypingEvent['key_class']),
    pos: int(10_000_000).default(0),
    delta: int(10_000_000).default(0),
    meta: z
      .looseObject({
        paste_source: z
          .enum(['self', 'instance_text', 'ai_suggestion', 'external', 'unknown'])
          .catch('unknown')
          .optional(),
        blur_ms: time.optional(),
        is_trusted: z.boolean().optional(),
      })
      .nullish(),
  }),
);

const typing = z.lazy(() =>
  z.object({
    schema_name: name,
    label_name: name,
    started_at: epoch,
    ended_at: epoch,
    final_chars: z.number().int().min(0).max(10_000_000).nullish(),
    virtual_keyboard: z.boolean().default(false),
    events: z.array(typingEvent).max(MAX_EVENTS, `at most ${MAX_EVENTS} events in one session`).default([]),
  }),
);

const telemetryEvent = z.lazy(() =>
  z.object({
    t_ms: time,
    action: z
      .string()
      .max(32)
      .refine((a) => actions.has(a), { message: `one of ${TELEMETRY_ACTIONS.join(', ')}` }),
    shape: z.string().max(32).default('unknown'),
    value: int(1_000_000_000).default(0),
    meta: z.looseObject({ sid: z.union([z.string().max(128), z.number()]).optional() }).nullish(),
  }),
);

const telemetry = z.lazy(() =>
  z.object({
    schema_name: name,
    started_at: epoch,
    ended_at: epoch,
    events: z.array(telemetryEvent).max(MAX_EVENTS, `at most ${MAX_EVENTS} events in one session`).default([]),
  }),
);

/** How the OpenAPI document describes a session of each kind. */
export const sessionShapes = {
  typing:
    '[{schema_name, label_name, instance_id?, started_at?, ended_at? (epoch s), final_chars?, virtual_keyboard?, events: [{t_ms, input_type, key_class, pos, delta, meta?: {paste_source?, blur_ms?, is_trusted?}}]}]',
  telemetry:
    '[{schema_name, instance_id?, started_at?, ended_at?, events: [{t_ms, action, shape, value, meta?: {sid?}}]}]',
};

export interface SessionShape<I> {
  /** the session read, or why it is skipped */
  parse(raw: unknown, instanceId: string): I | string;
}

function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return `${path.replace(/^\./, '') || 'session'}: ${issue.message}`;
}

export const typingSession: SessionShape<TypingInput> = {
  parse(raw, instanceId) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'session: must be an object';
    const r = typing.safeParse(raw);
    if (!r.success) return problem(r.error);
    const s = r.data;
    return {
      instance_id: instanceId,
      schema_name: s.schema_name,
      label_name: s.label_name,
      started_at: s.started_at ?? null,
      ended_at: s.ended_at ?? null,
      final_chars: s.final_chars ?? null,
      virtual_keyboard: s.virtual_keyboard,
      events: s.events.map((e) => {
        const out: TypingEvent = {
          t_ms: e.t_ms,
          input_type: e.input_type,
          key_class: e.key_class,
          pos: e.pos,
          delta: e.delta,
        };
        if (e.meta?.paste_source) out.paste_source = e.meta.paste_source;
        if (e.meta?.blur_ms !== undefined) out.blur_ms = e.meta.blur_ms;
        if (e.meta?.is_trusted === false) out.untrusted = true;
        return out;
      }),
    };
  },
};

export const telemetrySession: SessionShape<TelemetryInput> = {
  parse(raw, instanceId) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'session: must be an object';
    const r = telemetry.safeParse(raw);
    if (!r.success) return problem(r.error);
    const s = r.data;
    return {
      instance_id: instanceId,
      schema_name: s.schema_name,
      label_name: null,
      started_at: s.started_at ?? null,
      ended_at: s.ended_at ?? null,
      events: s.events.map((e) => {
        const out: TelemetryEvent = {
          t_ms: e.t_ms,
          action: e.action as TelemetryEvent['action'],
          shape: e.shape,
          value: e.value,
        };
        if (e.meta?.sid !== undefined) out.suggestion_id = String(e.meta.sid);
        return out;
      }),
    };
  },
};
