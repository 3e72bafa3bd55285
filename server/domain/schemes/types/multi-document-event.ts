/**
 * multi_document_event: events that span documents. Each document's answer lists the events it belongs to, by
 * `event_id` (the same id on several documents is one event), with slot values and evidence spans cited from
 * this document. Stored under "<scheme>:<scheme>" as `{"events": [{event_id, title, slot_values, evidence}]}`;
 * exports carry it per document, so grouping by event_id gives each event across the corpus.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { jsonAnswerType, rangeProblem } from '../json-answer.js';
import { EVENT_CEAF } from '../span-answer-agreement.js';

const slot = z.lazy(() =>
  z.looseObject({
    name: z.union([z.string().min(1), z.number()]).transform(String),
    description: z.string().optional(),
    type: z.string().optional(),
  }),
);

const config = z.looseObject({
  slots: z.array(slot).min(1, 'give at least one slot'),
  allow_annotator_create: booleanish.optional(),
});

const slotsOf = (scheme: Scheme) => (scheme.extra.slots as { name: string }[]).map((s) => s.name);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const multiDocumentEvent = jsonAnswerType({
  type: 'multi_document_event',
  answerShape: z.object({
    events: z.array(
      z.object({
        event_id: z.string().describe('one id on several documents is one event'),
        title: z.string().optional(),
        slot_values: z.record(z.string(), z.string()),
        evidence: z.array(
          z.looseObject({
            slot_name: z.string(),
            span_start: z.number().int(),
            span_end: z.number().int(),
            quoted_text: z.string().optional(),
          }),
        ),
      }),
    ),
  }),
  config,
  keys: ['slots', 'allow_annotator_create'],
  agreement: EVENT_CEAF,
  normalize(scheme, keys, fail) {
    const { slots, allow_annotator_create } = keys as z.infer<typeof config>;
    const names = new Set<string>();
    slots.forEach((s, i) => {
      if (names.has(s.name)) fail(`slots[${i}].name`, `duplicate slot "${s.name}"`);
      names.add(s.name);
    });
    // false leaves annotators the events in the registry (event_template), checked with it in the config
    scheme.extra.allow_annotator_create = allow_annotator_create !== false;
    scheme.extra.slots = slots.map((s) => ({ name: s.name, description: s.description ?? '', type: s.type ?? 'text' }));
  },
  example: (scheme) => ({
    [scheme.name]: JSON.stringify({
      events: [{ event_id: 'evt_example', slot_values: { [slotsOf(scheme)[0]]: 'example' } }],
    }),
  }),
  parse(scheme, v) {
    if (!Array.isArray(v.events)) return new AnswerError('events: expected a list of events');
    const slots = slotsOf(scheme);
    const ids = new Set<string>();
    const events = [];
    for (const [n, e] of (v.events as unknown[]).entries()) {
      if (!isObject(e)) return new AnswerError(`events[${n}]: expected an object`);
      const id = e.event_id;
      if (typeof id !== 'string' || !id || id.length > 128)
        return new AnswerError(`events[${n}].event_id: expected an id of 1 to 128 characters`);
      if (ids.has(id)) return new AnswerError(`events[${n}].event_id: "${id}" is listed twice`);
      ids.add(id);
      if (e.title !== undefined && typeof e.title !== 'string')
        return new AnswerError(`events[${n}].title: expected text`);
      const values: Record<string, string> = {};
      if (e.slot_values !== undefined && !isObject(e.slot_values))
        return new AnswerError(`events[${n}].slot_values: expected an object of slot → text`);
      for (const [name, value] of Object.entries((e.slot_values as Record<string, unknown>) ?? {})) {
        if (!slots.includes(name))
          return new AnswerError(`events[${n}].slot_values: "${name}" is not a slot (${slots.join(', ')})`);
        if (typeof value !== 'string') return new AnswerError(`events[${n}].slot_values.${name}: expected text`);
        if (value) values[name] = value;
      }
      if (e.evidence !== undefined && !Array.isArray(e.evidence))
        return new AnswerError(`events[${n}].evidence: expected a list`);
      const evidence = [];
      for (const [k, c] of ((e.evidence as unknown[]) ?? []).entries()) {
        const at = `events[${n}].evidence[${k}]`;
        if (!isObject(c)) return new AnswerError(`${at}: expected an object`);
        if (!slots.includes(c.slot_name as string))
          return new AnswerError(`${at}.slot_name: "${String(c.slot_name)}" is not a slot (${slots.join(', ')})`);
        if (
          !Number.isSafeInteger(c.span_start) ||
          !Number.isSafeInteger(c.span_end) ||
          (c.span_start as number) < 0 ||
          (c.span_start as number) >= (c.span_end as number)
        ) {
          return new AnswerError(`${at}: expected offsets with 0 <= span_start < span_end`);
        }
        if (c.quoted_text !== undefined && typeof c.quoted_text !== 'string')
          return new AnswerError(`${at}.quoted_text: expected text`);
        evidence.push({
          slot_name: c.slot_name,
          span_start: c.span_start,
          span_end: c.span_end,
          ...(c.quoted_text !== undefined ? { quoted_text: c.quoted_text } : {}),
        });
      }
      events.push({ event_id: id, ...(e.title ? { title: e.title } : {}), slot_values: values, evidence });
    }
    return events.length ? { events } : null;
  },
  textSpans: (_scheme, v) =>
    (v.events as { evidence: { slot_name: string; span_start: number; span_end: number }[] }[]).flatMap((e) =>
      e.evidence.map((c) => ({ label: c.slot_name, start: c.span_start, end: c.span_end })),
    ),
  checkStored(_scheme, v, { instance, textLength }) {
    for (const [n, e] of (v.events as { evidence: Record<string, unknown>[] }[]).entries()) {
      for (const [k, c] of e.evidence.entries()) {
        const at = `events[${n}].evidence[${k}]`;
        const range = rangeProblem(c.span_start, c.span_end, textLength, at);
        if (range) return range;
        if (
          c.quoted_text !== undefined &&
          instance.text.slice(c.span_start as number, c.span_end as number) !== c.quoted_text
        ) {
          return new AnswerError(
            `${at}.quoted_text: "${String(c.quoted_text).slice(0, 60)}" is not the text at ${String(c.span_start)}..${String(c.span_end)}`,
          );
        }
      }
    }
    return null;
  },
});
