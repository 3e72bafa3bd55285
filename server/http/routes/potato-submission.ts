/**
 * Potato's other submission shapes, translated at the edge into the one `Submission` the domain validates:
 *
 * - its page shape `{instance_id, type, schema, state: [{name, value}]}`: each state entry sets (or, with a
 *   false, empty or null value, clears) one label of `schema`; with `type: "span"` each entry adds a span
 *   (`name`, `start`, `end`, `value`, and `target_field` for a span target field other than the text) or, with a
 *   null value, removes the span at those offsets. Potato's pages
 *   send one input (or one radio group) at a time, so the entries are merged into what is stored, not
 *   replacing it.
 * - form-encoded bodies: `instance_id` with `annotations`, `span_annotations` or `state` as JSON text, or
 *   `<scheme>:<label>` (or Potato's `<scheme>:::<label>`) fields holding values.
 *
 * Every label-valued scheme is stored as scheme → label → string, so the label translation is the same for all
 * of them; the domain's validation then refuses what the scheme does not take, with the usual errors.
 */
import { z } from 'zod';
import { DomainError, invalid } from '../../domain/errors.js';
import type { AnnotationRecord, Submission } from '../../domain/annotation/records.js';
import type { Task } from '../../domain/task.js';
import { schemeModuleOf } from '../../domain/schemes/registry.js';
import { AnswerError } from '../../domain/schemes/module.js';
import { structureKind } from '../../domain/annotation/structures.js';
import { parseInput } from '../route.js';
import { plainSubmission } from './plain-submission.js';
import { sentSpans } from './box-data.js';

const offset = z.number().int().min(0).max(100_000_000);
const value = z.lazy(() => z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]));

/** Potato's page shape, as documented in the OpenAPI description. */
export const potatoState = z.lazy(() =>
  z.object({
    instance_id: z.union([z.string().min(1).max(256), z.number()]).transform(String),
    type: z.string().max(64),
    schema: z.string().min(1).max(256),
    state: z
      .array(
        z.object({
          name: z.string().min(1).max(256),
          value: value.optional(),
          start: z.union([offset, z.string().regex(/^\d+$/).transform(Number)]).optional(),
          end: z.union([offset, z.string().regex(/^\d+$/).transform(Number)]).optional(),
          id: z.string().max(64).optional(),
          span_id: z.string().max(64).optional(),
          target_field: z.string().max(256).optional(),
        }),
      )
      .max(10_000),
  }),
);
export type PotatoState = z.output<typeof potatoState>;

/** Fields of a form body that carry JSON text. */
const JSON_FIELDS = ['annotations', 'span_annotations', 'link_annotations', 'event_annotations', 'state'] as const;
/** Form fields that are neither answers nor JSON. */
const PLAIN_FIELDS = new Set(['instance_id', 'type', 'schema', 'action', 'src', 'client_timestamp', 'request_id']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body of a form post as the JSON body it stands for: JSON-text fields decoded, `<scheme>:<label>` fields
 * gathered into `annotations`. A JSON body passes unchanged.
 */
export function unpackForm(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let answers: Record<string, unknown> | undefined;
  for (const [key, given] of Object.entries(raw)) {
    if ((JSON_FIELDS as readonly string[]).includes(key) && typeof given === 'string') {
      try {
        out[key] = JSON.parse(given);
      } catch {
        throw invalid(`${key}: not valid JSON text`);
      }
    } else if (!PLAIN_FIELDS.has(key) && key.includes(':')) {
      (answers ??= {})[key.replace(':::', ':')] = Array.isArray(given) ? given.at(-1) : given;
    } else out[key] = given;
  }
  if (answers) {
    if (out.annotations !== undefined)
      throw invalid('annotations: send either an annotations field or <scheme>:<label> fields, not both');
    out.annotations = answers;
  }
  return out;
}

/** True when the body is in Potato's page shape rather than ours. */
function isPotatoState(body: Record<string, unknown>): boolean {
  return (
    !('annotations' in body) &&
    !('span_annotations' in body) &&
    !('link_annotations' in body) &&
    !('event_annotations' in body) &&
    ('state' in body || 'schema' in body || 'type' in body)
  );
}

/** Parses a submission's body: our own plain shape by hand, anything else through the schemas. */
export function parseSubmissionBody(raw: unknown, ours: z.ZodType<Submission>): Submission | PotatoState {
  if (!isObject(raw)) return parseInput(ours, raw, 'body');
  const plain = plainSubmission(raw);
  if (plain) return plain;
  const body = unpackForm(raw);
  return isPotatoState(body) ? parseInput(potatoState, body, 'body') : parseInput(ours, body, 'body');
}

export const isPotatoBody = (body: Submission | PotatoState): body is PotatoState => 'state' in body;

const cleared = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === false ||
  v === '' ||
  v === 'false' ||
  v === 'False' ||
  v === 0 ||
  v === '0' ||
  v === 'off';

/** Whether a state entry unticks its label: a falsey value, unless it is the label's own name ("False"). */
export const clears = (entry: { name: string; value?: unknown }) =>
  cleared(entry.value) && String(entry.value) !== entry.name;

/** The submission a Potato page-shape body amounts to, given what the annotator has stored for the instance. */
export function fromPotatoState(task: Task, body: PotatoState, stored: AnnotationRecord | undefined): Submission {
  const scheme = task.schemeByName.get(body.schema);
  const module = scheme ? schemeModuleOf(scheme) : undefined;
  if (body.type === 'span' || module?.storage === 'spans')
    return { instance_id: body.instance_id, span_annotations: mergeSpans(body, stored, task.textKey) };
  const labels: Record<string, Record<string, string>> = {};
  for (const [scheme, chosen] of Object.entries(stored?.labels ?? {})) {
    const known = task.schemeByName.get(scheme);
    // links and events are kept by the domain when their part is not sent
    if (!known || !structureKind(known)) labels[scheme] = { ...chosen };
  }
  const mine = (labels[body.schema] ??= {});
  // a scheme that takes one label: choosing one drops the one chosen before, as a radio group does
  if (module?.single && body.state.some((e) => !clears(e))) {
    for (const label of Object.keys(mine)) delete mine[label];
  }
  body.state.forEach((entry, n) => {
    if (entry.value === undefined) throw invalid(`state[${n}].value: required`);
    if (scheme && module && entry.name === body.schema && !scheme.labels.some((l) => l.name === entry.name)) {
      // an entry named like its scheme carries the scheme's whole answer ({name: "sentiment", value: "negative"},
      // {name: "summary", value: "<text>"}), read as an exported answer is read on import
      for (const label of Object.keys(mine)) delete mine[label];
      if (cleared(entry.value)) return;
      const chosen = module.fromAnswer(scheme, entry.value);
      if (chosen instanceof AnswerError) throw invalid(`state[${n}].value: ${chosen.message}`);
      Object.assign(mine, chosen);
      return;
    }
    if (clears(entry)) delete mine[entry.name];
    else mine[entry.name] = String(entry.value);
  });
  const annotations: Record<string, string> = {};
  for (const [scheme, chosen] of Object.entries(labels))
    for (const [label, v] of Object.entries(chosen)) annotations[`${scheme}:${label}`] = v;
  return { instance_id: body.instance_id, annotations };
}

function mergeSpans(
  body: PotatoState,
  stored: AnnotationRecord | undefined,
  textKey: string | undefined,
): NonNullable<Submission['span_annotations']> {
  // stored spans go back with their ids and format_coords, so a client's ids and PDF anchors stay as they are
  const spans = sentSpans(stored);
  body.state.forEach((entry, n) => {
    const { start, end } = entry;
    if (start === undefined) throw invalid(`state[${n}].start: required for a span`);
    if (end === undefined) throw invalid(`state[${n}].end: required for a span`);
    const field = entry.target_field === textKey ? undefined : entry.target_field;
    const at = spans.findIndex(
      (s) =>
        s.schema === body.schema &&
        s.name === entry.name &&
        s.start === start &&
        s.end === end &&
        s.target_field === field,
    );
    if (entry.value === null) {
      if (at >= 0) spans.splice(at, 1);
      return;
    }
    // without a value the span's value is the text it covers
    const span = {
      schema: body.schema,
      name: entry.name,
      start,
      end,
      ...(entry.value === undefined ? {} : { value: String(entry.value) }),
      ...(field === undefined ? {} : { target_field: field }),
    };
    if (at >= 0) spans[at] = span;
    else spans.push(span);
  });
  return spans;
}

/**
 * A refusal of the translated submission in the terms of the body that was sent: the domain names the part of
 * our shape at fault (`span_annotations[3]`, `annotations["sentiment:great"]`), which a Potato client never
 * sent, so it is renamed to the state entry it came from (`state[0]`, `state[1].name`) or to `schema`.
 */
export function inStateTerms(body: PotatoState, submission: Submission, e: unknown): unknown {
  if (!(e instanceof DomainError)) return e;
  const renamed = (field: string, rest: string) => new DomainError(e.kind, `${field}: ${rest}`);
  const span = /^span_annotations\[(\d+)\](\.\w+)?: (.*)$/s.exec(e.message);
  if (span) {
    const [, k, part, rest] = span as unknown as [string, string, string | undefined, string];
    if (part === '.schema') return renamed('schema', rest);
    const sent = submission.span_annotations?.[Number(k)];
    const n = sent
      ? body.state.findIndex(
          (entry) =>
            entry.name === sent.name &&
            entry.start === sent.start &&
            entry.end === sent.end &&
            (entry.target_field ?? undefined) === sent.target_field,
        )
      : -1;
    return n >= 0 ? renamed(`state[${n}]${part ?? ''}`, rest) : e;
  }
  const label = /^annotations\["([^"]*)"\]: (.*)$/s.exec(e.message);
  if (label) {
    const [, key, rest] = label as unknown as [string, string, string];
    const colon = key.indexOf(':');
    if (key.slice(0, colon) !== body.schema) return e;
    if (/^unknown scheme /.test(rest)) return renamed('schema', rest);
    let n = body.state.findIndex((entry) => entry.name === key.slice(colon + 1));
    if (n < 0) n = body.state.findIndex((entry) => entry.name === body.schema); // the scheme's whole answer
    if (n < 0) return renamed('schema', rest); // a rule about the scheme as a whole, such as a required count
    return renamed(`state[${n}].${/ has no label /.test(rest) ? 'name' : 'value'}`, rest);
  }
  return e;
}
