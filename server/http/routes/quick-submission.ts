/**
 * The body of POST /updateinstance checked by hand for the common case. zod's general machinery cost about as
 * much as parsing the JSON (~2 µs a submission); this accepts exactly the bodies the zod schema in annotation.ts
 * accepts when they are plain and well-formed, and returns what zod would (known keys only, in schema order).
 * Anything else returns undefined, and zod decides and words the refusal, so error messages do not change.
 * A property test holds the two together (test/server/http/quick-submission.test.ts).
 */
import type { Submission } from '../../domain/annotation/records.js';

type Span = NonNullable<Submission['span_annotations']>[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOffset = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000_000;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

export function quickSubmission(body: unknown): Submission | undefined {
  if (!isObject(body)) return undefined;
  const id = body.instance_id;
  if (typeof id !== 'string' || id.length < 1 || id.length > 256) return undefined;
  // links and events are rare and nested: zod checks them
  if (Object.hasOwn(body, 'link_annotations') || Object.hasOwn(body, 'event_annotations')) return undefined;
  const out: Submission = { instance_id: id };
  if (Object.hasOwn(body, 'annotations')) {
    const given = body.annotations;
    if (!isObject(given)) return undefined;
    const annotations: Record<string, string | number | boolean> = {};
    for (const key in given) {
      if (!Object.hasOwn(given, key)) continue;
      if (key.length > 512 || key === '__proto__') return undefined;
      const value = given[key];
      if (typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) return undefined;
      annotations[key] = value;
    }
    out.annotations = annotations;
  }
  if (Object.hasOwn(body, 'span_annotations')) {
    const given = body.span_annotations;
    if (!Array.isArray(given) || given.length > 10_000) return undefined;
    const spans: Span[] = [];
    for (const span of given) {
      if (!isObject(span)) return undefined;
      const { schema, name, start, end } = span;
      if (!isText(schema, 256) || !isText(name, 256) || !isOffset(start) || !isOffset(end)) return undefined;
      const copy: Span = { schema, name, start, end };
      if (Object.hasOwn(span, 'value')) {
        if (!isText(span.value, 100_000)) return undefined;
        copy.value = span.value;
      }
      if (Object.hasOwn(span, 'id')) {
        if (!isText(span.id, 64)) return undefined;
        copy.id = span.id;
      }
      spans.push(copy);
    }
    out.span_annotations = spans;
  }
  // neither part: Potato's {type, schema, state} shape, a form, or a refusal; the route's full parser decides
  if (out.annotations === undefined && out.span_annotations === undefined) return undefined;
  return out;
}
