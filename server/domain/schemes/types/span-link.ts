/**
 * span_link: typed relations between spans of `span_schema`, directed (first span the source, last the target)
 * or not, between two spans or up to a link type's `max_spans`; a link type may restrict the labels of its
 * source and target spans. Configs of published datasets often give the relations as plain `labels` and the span
 * schemes as `source_scheme` / `target_scheme` instead: Potato shows no link types for them, so nothing could be
 * linked; here each label is a directed link type and links go from a source scheme span to a target scheme span.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish, numberish } from '../kinds.js';
import type { SpanRef } from '../module.js';
import {
  checkSpanScheme,
  labelList,
  resolveSpanScheme,
  spanOf,
  spanSchemeOf,
  structuredType,
  withProperties,
} from '../structured.js';
import { LINK_F1 } from '../structure-agreement.js';
import { linkEnds, linkEndsFit, type LinkType } from '../../../../shared/schemes/span-link.js';

const linkType = z.lazy(() =>
  z.looseObject({
    name: z.union([z.string().min(1), z.number()]).transform(String),
    directed: booleanish.optional(),
    color: z.string().optional(),
    allowed_source_labels: labelList.optional(),
    allowed_target_labels: labelList.optional(),
    max_spans: numberish.pipe(z.number().int().min(2).max(100)).optional(),
  }),
);

const config = z.looseObject({
  span_schema: z.string().min(1).optional(),
  source_scheme: z.string().min(1).optional(),
  target_scheme: z.string().min(1).optional(),
  link_types: z.array(linkType).min(1, 'give at least one link type, or leave link_types out').optional(),
});

function linkTypesFrom(given: z.infer<typeof linkType>[], fail: (key: string, reason: string) => never): LinkType[] {
  const names = new Set<string>();
  return given.map((t, i) => {
    if (names.has(t.name)) fail(`link_types[${i}].name`, `duplicate link type "${t.name}"`);
    names.add(t.name);
    const { name, directed, color, allowed_source_labels, allowed_target_labels, max_spans, ...rest } = t;
    return {
      ...rest,
      name,
      directed: directed ?? false,
      ...(color ? { color } : {}),
      ...(allowed_source_labels ? { allowed_source_labels } : {}),
      ...(allowed_target_labels ? { allowed_target_labels } : {}),
      max_spans: max_spans ?? 2,
    };
  });
}

const linkTypesOf = (scheme: Scheme) => scheme.extra.link_types as LinkType[];

/**
 * Which span schemes the link's ends name: `span_schema`, or `source_scheme` and `target_scheme` (one may stand for
 * both).
 */
function readEnds(keys: z.infer<typeof config>, scheme: Scheme, fail: (key: string, reason: string) => never) {
  const { span_schema, source_scheme, target_scheme } = keys;
  const source = source_scheme ?? target_scheme;
  const target = target_scheme ?? source_scheme;
  if (span_schema !== undefined && source !== undefined && (source !== span_schema || target !== span_schema))
    fail(
      'span_schema',
      `"${span_schema}" differs from source_scheme / target_scheme ("${source}", "${target}"): give one or the other`,
    );
  if (source_scheme !== undefined) scheme.extra.source_scheme = source_scheme;
  if (target_scheme !== undefined) scheme.extra.target_scheme = target_scheme;
  // one span scheme at both ends is the plain case: its spans are the ones linked
  const one = span_schema ?? (source === target ? source : undefined);
  if (one !== undefined) scheme.extra.span_schema = one;
  return { different: source !== target };
}

export const spanLink = structuredType({
  type: 'span_link',
  storage: 'links',
  agreement: LINK_F1,
  config,
  keys: ['span_schema', 'source_scheme', 'target_scheme', 'link_types'],
  normalize(scheme, keys, fail, warn) {
    const parsed = keys as z.infer<typeof config>;
    const { different } = readEnds(parsed, scheme, fail);
    let types: LinkType[];
    if (parsed.link_types) {
      if (scheme.labels.length) warn?.('labels are not used: the link types are those of link_types');
      types = linkTypesFrom(parsed.link_types, fail);
    } else {
      // a relation label names a source and a target (works_for, located_at, BEFORE): directed between two spans
      types = scheme.labels.map((l) => ({
        name: l.name,
        directed: true,
        ...(l.color ? { color: l.color } : {}),
        max_spans: 2,
      }));
      if (types.length)
        warn?.(
          `labels are taken as link types, each directed from the first span picked to the second${different ? ` (a ${String(scheme.extra.source_scheme)} span to a ${String(scheme.extra.target_scheme)} span)` : ''}; give link_types to make one undirected, n-ary or limited to some span labels`,
        );
      else warn?.('link_types: none given (nor labels), so no link can be made; give link_types or labels');
    }
    scheme.extra.link_types = types;
    // the link types are the scheme's labels: colours, the scheme list and exports name them
    scheme.labels = parsed.link_types
      ? types.map((t) => ({ name: t.name, ...(t.color ? { color: t.color } : {}) }))
      : scheme.labels;
  },
  resolve(scheme, schemes, fail) {
    const { source_scheme, target_scheme } = scheme.extra;
    if (source_scheme === undefined && target_scheme === undefined)
      return resolveSpanScheme(scheme, schemes, fail, 'links');
    if (typeof source_scheme === 'string') checkSpanScheme(schemes, 'source_scheme', source_scheme, fail);
    if (typeof target_scheme === 'string') checkSpanScheme(schemes, 'target_scheme', target_scheme, fail);
  },
  entry(scheme, entry, context) {
    const type = linkTypesOf(scheme).find((t) => t.name === entry.link_type);
    if (!type)
      return new AnswerError(
        `link_type "${String(entry.link_type)}" is not one of ${linkTypesOf(scheme)
          .map((t) => t.name)
          .join(', ')}`,
      );
    const ids = entry.span_ids as string[];
    if (ids.length < 2) return new AnswerError(`link type ${type.name} joins at least 2 spans, got ${ids.length}`);
    if (ids.length > type.max_spans)
      return new AnswerError(
        `link type ${type.name} joins at most ${type.max_spans} spans (max_spans), got ${ids.length}`,
      );
    if (new Set(ids).size !== ids.length) return new AnswerError('span_ids: a span appears twice in one link');
    const direction = type.directed ? 'directed' : 'undirected';
    if (entry.direction !== undefined && entry.direction !== direction)
      return new AnswerError(`direction: link type ${type.name} is ${direction}`);
    const spans: SpanRef[] = [];
    const ends = linkEnds(scheme.extra);
    for (const [k, id] of ids.entries()) {
      const span = spanOf(scheme, id, context, `span_ids[${k}]`);
      if (span instanceof AnswerError) return span;
      if (ends && span.schema !== ends.source && span.schema !== ends.target)
        return new AnswerError(
          `span_ids[${k}]: span "${id}" is of scheme "${span.schema}", not of ${ends.source} or ${ends.target}`,
        );
      spans.push(span);
    }
    if (!linkEndsFit(type, spans, ends)) {
      const end = (labels: string[] | undefined, scheme: string | undefined) =>
        `${scheme ? `${scheme} ` : ''}${labels?.join('|') ?? (scheme ? 'span' : 'any')}`;
      const want = `source ${end(type.allowed_source_labels, ends?.source)}, target ${end(type.allowed_target_labels, ends?.target)}`;
      const named = ends ? spans.map((s) => `${s.schema} ${s.label}`) : spans.map((s) => s.label);
      return new AnswerError(
        `${ends ? 'spans' : 'span labels'} ${named.join(' → ')} do not fit link type ${type.name} (${want})`,
      );
    }
    return withProperties(entry, { link_type: type.name, span_ids: ids, direction });
  },
  exampleEntries(scheme, span) {
    const type = linkTypesOf(scheme)[0];
    if (!type) return [];
    const ends = linkEnds(scheme.extra) ?? { source: spanSchemeOf(scheme)!, target: spanSchemeOf(scheme)! };
    return [
      {
        link_type: type.name,
        span_ids: [
          span(ends.source, type.allowed_source_labels?.[0]),
          span(ends.target, type.allowed_target_labels?.[0]),
        ],
      },
    ];
  },
});
