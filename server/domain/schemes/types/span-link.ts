/**
 * span_link: typed relations between spans of `span_schema`, directed (first span the source, last the target)
 * or not, between two spans or up to a link type's `max_spans`; a link type may restrict the labels of its
 * source and target spans.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish, numberish } from '../kinds.js';
import { labelList, spanOf, structuredType, withProperties } from '../structured.js';
import { LINK_F1 } from '../structure-agreement.js';

const linkType = z.looseObject({
  name: z.union([z.string().min(1), z.number()]).transform(String),
  directed: booleanish.optional(),
  color: z.string().optional(),
  allowed_source_labels: labelList.optional(),
  allowed_target_labels: labelList.optional(),
  max_spans: numberish.pipe(z.number().int().min(2).max(100)).optional(),
});

const config = z.looseObject({
  span_schema: z.string().min(1).optional(),
  link_types: z.array(linkType).min(1, 'give at least one link type'),
});

export interface LinkType {
  name: string;
  directed: boolean;
  color?: string;
  allowed_source_labels?: string[];
  allowed_target_labels?: string[];
  max_spans: number;
}

const linkTypesOf = (scheme: Scheme) => scheme.extra.link_types as LinkType[];

function labelsFit(type: LinkType, labels: string[]): boolean {
  const source = type.allowed_source_labels;
  const target = type.allowed_target_labels;
  const fits = (order: string[]) =>
    order.every((label, i) => {
      const ok = (allowed?: string[]) => !allowed || allowed.includes(label);
      if (i === 0) return ok(source);
      if (i === order.length - 1) return ok(target);
      return ok(source) || ok(target);
    });
  // an undirected link has no first or last span: either order will do
  return fits(labels) || (!type.directed && fits(labels.slice().reverse()));
}

export const spanLink = structuredType({
  type: 'span_link',
  storage: 'links',
  agreement: LINK_F1,
  config,
  keys: ['span_schema', 'link_types'],
  normalize(scheme, keys, fail) {
    const { span_schema, link_types } = keys as z.infer<typeof config>;
    const names = new Set<string>();
    const types: LinkType[] = link_types.map((t, i) => {
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
    if (span_schema !== undefined) scheme.extra.span_schema = span_schema;
    scheme.extra.link_types = types;
    // the link types are the scheme's labels: colours, the schema list and exports name them
    scheme.labels = types.map((t) => ({ name: t.name, ...(t.color ? { color: t.color } : {}) }));
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
    const labels: string[] = [];
    for (const [k, id] of ids.entries()) {
      const span = spanOf(scheme, id, context, `span_ids[${k}]`);
      if (span instanceof AnswerError) return span;
      labels.push(span.label);
    }
    if (!labelsFit(type, labels)) {
      const want = `source ${type.allowed_source_labels?.join('|') ?? 'any'}, target ${type.allowed_target_labels?.join('|') ?? 'any'}`;
      return new AnswerError(`span labels ${labels.join(' → ')} do not fit link type ${type.name} (${want})`);
    }
    return withProperties(entry, { link_type: type.name, span_ids: ids, direction });
  },
  exampleEntries(scheme, span) {
    const type = linkTypesOf(scheme)[0];
    const schema = scheme.extra.span_schema as string;
    return [
      {
        link_type: type.name,
        span_ids: [span(schema, type.allowed_source_labels?.[0]), span(schema, type.allowed_target_labels?.[0])],
      },
    ];
  },
});
