/**
 * What the types answered by links or events share (span_link, coreference, event_annotation): a span scheme
 * named by `span_schema`, answers stored as one JSON array under the label named like the scheme, shown as
 * that array in payloads and exports, and read back from it by imports.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { eventEntry, linkEntry } from './answer-shape.js';
import { AnswerError, type AnswerContext, type SchemeTypeModule, type SpanRef, type StructureEntry } from './module.js';

type Parts = Pick<SchemeTypeModule, 'type' | 'config' | 'keys' | 'normalize' | 'entry' | 'agreement'> &
  Partial<SchemeTypeModule> & { storage: 'links' | 'events' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The span scheme a link or event scheme builds on, as normalize leaves it in `extra`. */
export const spanSchemeOf = (scheme: Scheme) => scheme.extra.span_schema as string | undefined;

export function structuredType(parts: Parts): SchemeTypeModule {
  const field = parts.storage === 'links' ? 'link_annotations' : 'event_annotations';
  return {
    accept: () => new AnswerError(`send it in ${field}`),
    answer: (scheme, chosen) => JSON.parse(chosen[scheme.name] ?? '[]') as unknown[],
    fromAnswer: (scheme, answer) => {
      if (!Array.isArray(answer) || !answer.every(isObject))
        return new AnswerError(`expected an array of ${parts.storage === 'links' ? 'links' : 'events'} (objects)`);
      return answer.length ? { [scheme.name]: JSON.stringify(answer) } : {};
    },
    resolve: (scheme, schemes, fail) => resolveSpanScheme(scheme, schemes, fail, parts.storage),
    spacy: 'values',
    suggestable: false,
    shape:
      parts.storage === 'links'
        ? {
            stored:
              'not in annotations: in link_annotations, [{schema, link_type, span_ids, direction, properties}] naming spans of span_annotations',
            answer: z.array(linkEntry),
          }
        : {
            stored:
              'not in annotations: in event_annotations, [{schema, event_type, trigger_span_id, arguments: [{role, span_id}], properties}]',
            answer: z.array(eventEntry),
          },
    ...parts,
  };
}

/** Checks that `key` names a span scheme of the config. */
export function checkSpanScheme(
  schemes: ReadonlyMap<string, Scheme>,
  key: string,
  name: string,
  fail: (key: string, reason: string) => never,
): void {
  const target = schemes.get(name);
  if (!target) return fail(key, `no scheme is named "${name}"`);
  if (target.annotation_type !== 'span')
    fail(key, `"${name}" is not a span scheme (its type is ${target.annotation_type})`);
}

/** `span_schema` checked, or set to the config's only span scheme when left out. */
export function resolveSpanScheme(
  scheme: Scheme,
  schemes: ReadonlyMap<string, Scheme>,
  fail: (key: string, reason: string) => never,
  storage: 'links' | 'events',
): void {
  const name = spanSchemeOf(scheme);
  if (name !== undefined) return checkSpanScheme(schemes, 'span_schema', name, fail);
  const spans = [...schemes.values()].filter((s) => s.annotation_type === 'span');
  if (spans.length !== 1)
    fail(
      'span_schema',
      `name the span scheme whose spans it ${storage === 'links' ? 'links' : 'uses'} (the config has ${spans.length} span schemes)`,
    );
  scheme.extra.span_schema = spans[0].name;
}

/** zod for a list of span label names (Potato writes a lone name as a string too). */
export const labelList = z.lazy(() =>
  z.union([z.string().transform((s) => [s]), z.array(z.union([z.string(), z.number()]).transform(String))]),
);

/** A referenced span must be of the scheme's span scheme; returns the span or an AnswerError naming the field. */
export function spanOf(scheme: Scheme, id: string, context: AnswerContext, field: string): SpanRef | AnswerError {
  const span = context.spans.get(id)!;
  const want = spanSchemeOf(scheme);
  if (want !== undefined && span.schema !== want)
    return new AnswerError(`${field}: span "${id}" is of scheme "${span.schema}", not of span_schema "${want}"`);
  return span;
}

/** Properties kept as given (colours, notes): an object or nothing. */
export function withProperties(entry: StructureEntry, out: StructureEntry): StructureEntry | AnswerError {
  if (entry.properties === undefined) return out;
  if (!isObject(entry.properties)) return new AnswerError('properties: expected an object');
  return { ...out, properties: entry.properties };
}
