/**
 * The usual body of POST /updateinstance (`instance_id`, `annotations`, `span_annotations`, plain JSON) checked
 * by hand. zod's general machinery cost more than the rest of the request's parsing; this accepts only bodies
 * the `submission` schema accepts and returns what it would (known keys, schema order). Anything else (other
 * keys, a form post, Potato's page shape, a value out of range) returns undefined and goes through the schema,
 * which decides and words the refusal. A property test holds the two together
 * (test/server/http/plain-submission.test.ts); docs/performance.md has the measurements.
 */
import type { Submission } from '../../domain/annotation/records.js';
import { isSpanClientId } from '../../domain/annotation/span-fields.js';

type Span = NonNullable<Submission['span_annotations']>[number];

const KNOWN = new Set(['instance_id', 'annotations', 'span_annotations']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOffset = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000_000;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

export function plainSubmission(body: Record<string, unknown>): Submission | undefined {
  for (const key in body) if (!KNOWN.has(key)) return undefined;
  const id = body.instance_id;
  if (typeof id !== 'string' || id.length < 1 || id.length > 256) return undefined;
  const out: Submission = { instance_id: id };
  if (Object.hasOwn(body, 'annotations')) {
    const annotations = plainAnswers(body.annotations);
    if (!annotations) return undefined;
    out.annotations = annotations;
  }
  if (Object.hasOwn(body, 'span_annotations')) {
    const spans = plainSpans(body.span_annotations);
    if (!spans) return undefined;
    out.span_annotations = spans;
  }
  return out;
}

function plainAnswers(given: unknown): Submission['annotations'] {
  if (!isObject(given) || Object.getPrototypeOf(given) !== Object.prototype) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const key in given) {
    if (key.length > 512 || key === '__proto__') return undefined;
    const value = given[key];
    if (
      typeof value !== 'string' &&
      typeof value !== 'boolean' &&
      !(typeof value === 'number' && Number.isFinite(value))
    )
      return undefined;
    out[key] = value;
  }
  return out;
}

function plainSpans(given: unknown): Span[] | undefined {
  if (!Array.isArray(given) || given.length > 10_000) return undefined;
  const out: Span[] = [];
  for (const span of given as unknown[]) {
    if (!isObject(span)) return undefined;
    const { schema, name, start, end } = span;
    if (!isText(schema, 256) || !isText(name, 256) || !isOffset(start) || !isOffset(end)) return undefined;
    const copy: Span = { schema, name, start, end };
    if (Object.hasOwn(span, 'value')) {
      if (!isText(span.value, 100_000)) return undefined;
      copy.value = span.value;
    }
    // format_coords are checked by the schema alone (a rare key, with rules per format)
    if (Object.hasOwn(span, 'format_coords')) return undefined;
    if (Object.hasOwn(span, 'id')) {
      if (!isSpanClientId(span.id)) return undefined;
      copy.id = span.id;
    }
    if (Object.hasOwn(span, 'target_field')) {
      if (!isText(span.target_field, 256)) return undefined;
      copy.target_field = span.target_field;
    }
    out.push(copy);
  }
  return out;
}
