/**
 * Potato's keystroke logging and annotation telemetry: the page posts finished sessions of content-blind events,
 * summarized and screened here; the annotator reads their own summaries, admins the per-annotator rollups and the
 * integrity report. A malformed session is skipped with its reason without losing the good ones beside it.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { DomainError } from '../../domain/errors.js';
import type { SessionInput, SessionLog } from '../../domain/telemetry/session-log.js';
import { DEFAULT_TYPING_NOTICE, recording } from '../../domain/telemetry/settings.js';
import { TELEMETRY_CAVEAT, telemetryRollup, WRITING_CAVEAT, writingRollup } from '../../domain/telemetry/rollups.js';
import { PHASE_PAGE_ID } from './potato-phase-pages.js';
import { sessionShapes, telemetrySession, typingSession, type SessionShape } from './process-shapes.js';

/** A post carries at most this many sessions; the page sends a few every few seconds. */
const MAX_SESSIONS = 50;

const post = z.lazy(() =>
  z.object({
    instance_id: z.union([z.string().max(256), z.number()]).nullish(),
    sessions: z
      .array(z.unknown(), { message: 'sessions must be a list of sessions' })
      .max(MAX_SESSIONS, `at most ${MAX_SESSIONS} in one post`),
  }),
);

const recorded = z.lazy(() =>
  z.object({
    status: z.enum(['ok', 'disabled']).describe('disabled: the project records nothing (a page may still post)'),
    sessions_recorded: z.number().int(),
    skipped: z
      .array(z.object({ index: z.number().int(), reason: z.string() }))
      .describe('sessions not kept, by their place in `sessions`, and why'),
  }),
);

const MISSING_IDS: ReadonlySet<string> = new Set(['', 'null', 'None', 'undefined']);

/** The item a session is on: a phase page's sessions come without one and are kept under `__phase_page__`. */
function instanceOf(own: unknown, post: unknown): string {
  const id = own ?? post;
  const text = id === null || id === undefined ? '' : String(id);
  return MISSING_IDS.has(text) ? PHASE_PAGE_ID : text;
}

/**
 * Parses each session by `shape` (skipping the malformed with the first problem), checks that its item is one the
 * annotator may see, and records the rest with the annotator's phase and page.
 */
async function track<I extends SessionInput<unknown>>(
  s: Services,
  username: string,
  body: z.infer<typeof post>,
  shape: SessionShape<I>,
  log: Pick<SessionLog<unknown, unknown, I>, 'settings' | 'record'>,
  budget: Services['processLogs']['typingBudget'],
) {
  if (!recording(log.settings)) return { status: 'disabled' as const, sessions_recorded: 0, skipped: [] };
  const skipped: { index: number; reason: string }[] = [];
  const inputs: { index: number; input: I }[] = [];
  for (const [index, raw] of body.sessions.entries()) {
    const parsed = shape.parse(raw, instanceOf((raw as { instance_id?: unknown })?.instance_id, body.instance_id));
    if (typeof parsed === 'string') {
      skipped.push({ index, reason: parsed });
      continue;
    }
    if (parsed.instance_id !== PHASE_PAGE_ID) {
      try {
        const instance = await s.annotations.instanceFor(username, parsed.instance_id);
        if (!s.task.schemeByName.has(parsed.schema_name)) {
          skipped.push({ index, reason: `schema_name: the task has no scheme "${parsed.schema_name}"` });
          continue;
        }
        parsed.instance_id = instance.id;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        skipped.push({ index, reason: `instance_id: ${e.message}` });
        continue;
      }
    }
    inputs.push({ index, input: parsed });
  }
  budget.take(
    username,
    inputs.map(({ input }) => input.events.length),
  );
  const page = s.phases.page(username);
  const result = await log.record(
    username,
    { phase: s.phases.typeOf(username), page: page ? page.phase.name : null },
    inputs,
  );
  return { ...result, skipped: [...skipped, ...result.skipped].sort((a, b) => a.index - b.index) };
}

/** The caller's summaries on an item, one per field, each with its screening verdict. */
function summariesOn<S>(log: Pick<SessionLog<S, unknown, never>, 'fieldsOf'>, username: string, instanceId: string) {
  const fields = log.fieldsOf(username, instanceId);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { ...v.summary, verdict: v.verdict }]));
}

export function processLoggingRoutes(s: Services): RouteSpec[] {
  const logs = s.processLogs;
  return [
    route({
      method: 'GET',
      path: '/api/process_logging',
      summary:
        "What the annotate page records: with keystroke logging on, the schemes in scope, how often it sends, when a field's session ends, whether it labels a paste's source, and the notice it shows annotators (null: none)",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          typing: z.object({
            enabled: z.boolean(),
            include_schemas: z.array(z.string()),
            exclude_schemas: z.array(z.string()),
            flush_interval_ms: z.number().int(),
            idle_session_ms: z.number().int(),
            classify_paste_source: z.boolean(),
            notice: z.string().nullable(),
          }),
        }),
      ),
      handle() {
        const t = logs.typing.settings;
        return {
          typing: {
            enabled: recording(t),
            include_schemas: t.include,
            exclude_schemas: t.exclude,
            flush_interval_ms: t.flushMs,
            idle_session_ms: t.idleMs,
            classify_paste_source: t.classifyPaste,
            notice: recording(t) && t.disclose ? (t.disclosureText ?? DEFAULT_TYPING_NOTICE) : null,
          },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/track_typing',
      summary:
        "Potato's keystroke logging: finished typing sessions of free-text fields (content-blind events: time, input type, key class, caret, length change), summarized and screened here; sessions without an item (phase pages) are kept under __phase_page__",
      access: 'user',
      body: post.describe(`sessions: ${sessionShapes.typing}`),
      response: recorded,
      handle: ({ username, body }) => track(s, username, body, typingSession, logs.typing, logs.typingBudget),
    }),
    route({
      method: 'GET',
      path: '/api/typing_summary/:instance_id',
      summary:
        "The caller's typing summaries on an item (or __phase_page__), one per field (`schema:::label`), all sessions on it merged, with the screening verdict",
      access: 'user',
      response: z.lazy(() =>
        z.object({ instance_id: z.string(), typing_summaries: z.record(z.string(), z.unknown()) }),
      ),
      handle: ({ username, params }) => ({
        instance_id: params.instance_id,
        typing_summaries: summariesOn(logs.typing, username, params.instance_id),
      }),
    }),
    route({
      method: 'POST',
      path: '/api/track_annotation_telemetry',
      summary:
        "Potato's annotation telemetry: finished sessions of actions on an answer (shapes, zoom, AI suggestions shown and accepted; never coordinates or content), summarized and screened here, AI-accept latency paired from suggestion ids",
      access: 'user',
      body: post.describe(`sessions: ${sessionShapes.telemetry}`),
      response: recorded,
      handle: ({ username, body }) => track(s, username, body, telemetrySession, logs.telemetry, logs.telemetryBudget),
    }),
    route({
      method: 'GET',
      path: '/api/annotation_telemetry/:instance_id',
      summary:
        "The caller's telemetry summaries on an item, one per scheme, sessions merged, with the screening verdict",
      access: 'user',
      response: z.lazy(() =>
        z.object({ instance_id: z.string(), annotation_telemetry: z.record(z.string(), z.unknown()) }),
      ),
      handle: ({ username, params }) => ({
        instance_id: params.instance_id,
        annotation_telemetry: summariesOn(logs.telemetry, username, params.instance_id),
      }),
    }),
    route({
      method: 'GET',
      path: '/admin/api/writing_process',
      summary:
        'Per-annotator typing rollup: figures, flags with their evidence, and a risk share ranking whom to look at first (with its caveat)',
      access: 'admin',
      response: rollupShape,
      handle: () => writingProcess(logs),
    }),
    route({
      method: 'GET',
      path: '/admin/api/annotation_process',
      summary:
        'Per-annotator telemetry rollup: AI-accept latency, pace, flags with their evidence, and a risk share ranking whom to look at first (with its caveat)',
      access: 'admin',
      response: rollupShape,
      handle: () => annotationProcess(logs),
    }),
  ];
}

export const rollupShape = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    fidelity: z.enum(['off', 'summary', 'events']),
    detection_enabled: z.boolean(),
    users: z.array(z.record(z.string(), z.unknown())).describe('per annotator, the riskiest first'),
    summary: z.object({
      total_users: z.number().int(),
      total_sessions: z.number().int(),
      users_with_flags: z.number().int(),
      flag_totals: z.record(z.string(), z.number().int()),
    }),
    caveat: z.string(),
    reason: z.string().optional(),
  }),
);

/** The writing-process rollup (also the `writing_process` part of Potato's behavioral panel). */
export function writingProcess(logs: Services['processLogs']) {
  const on = recording(logs.typing.settings);
  const users = on ? writingRollup([...logs.typing.sessions()].map(([, r]) => r)) : [];
  return rollupAnswer(on, logs.typing.settings, users, WRITING_CAVEAT, on ? [] : ['keystroke_logging is not enabled']);
}

/** The annotation-process rollup (also the `annotation_process` part of Potato's behavioral panel). */
export function annotationProcess(logs: Services['processLogs']) {
  const on = recording(logs.telemetry.settings);
  const users = on ? telemetryRollup([...logs.telemetry.sessions()].map(([, r]) => r)) : [];
  const off = on ? [] : ['annotation_telemetry is not enabled'];
  return rollupAnswer(on, logs.telemetry.settings, users, TELEMETRY_CAVEAT, off);
}

function rollupAnswer(
  enabled: boolean,
  settings: Parameters<typeof recording>[0],
  users: { sessions: number; flag_counts: Record<string, number> }[],
  caveat: string,
  reasons: string[],
): z.infer<typeof rollupShape> {
  const totals: Record<string, number> = {};
  for (const u of users) for (const [f, n] of Object.entries(u.flag_counts)) totals[f] = (totals[f] ?? 0) + n;
  return {
    enabled,
    fidelity: settings.fidelity,
    detection_enabled: settings.detection,
    users,
    summary: {
      total_users: users.length,
      total_sessions: users.reduce((a, u) => a + u.sessions, 0),
      users_with_flags: users.filter((u) => Object.keys(u.flag_counts).length).length,
      flag_totals: totals,
    },
    caveat,
    ...(reasons.length ? { reason: reasons[0] } : {}),
  };
}
