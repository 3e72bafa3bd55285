/**
 * coreference: chains of mentions (spans of `span_schema`) that refer to one entity. A chain is a link whose
 * `link_type` is "coreference" or one of `entity_types`, as Potato stores chains; a mention belongs to at most
 * one chain, and a chain of one mention is allowed unless `allow_singletons` is false.
 */
import { z } from 'zod';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { spanOf, structuredType, withProperties } from '../structured.js';
import { CHAIN_MUC } from '../structure-agreement.js';

const entityType = z.lazy(() =>
  z.union([
    z
      .union([z.string().min(1), z.number()])
      .transform((name) => ({ name: String(name), color: undefined as string | undefined })),
    z.looseObject({ name: z.union([z.string().min(1), z.number()]).transform(String), color: z.string().optional() }),
  ]),
);

const config = z.looseObject({
  span_schema: z.string().min(1).optional(),
  entity_types: z.array(entityType).optional(),
  allow_singletons: booleanish.optional(),
});

/** The link type of a chain without an entity type. */
const CHAIN = 'coreference';

export const coreference = structuredType({
  type: 'coreference',
  storage: 'links',
  agreement: CHAIN_MUC,
  config,
  keys: ['span_schema', 'entity_types', 'allow_singletons'],
  normalize(scheme, keys, fail) {
    const { span_schema, entity_types = [], allow_singletons } = keys as z.infer<typeof config>;
    const names = new Set<string>();
    entity_types.forEach((t, i) => {
      if (t.name === CHAIN)
        fail(`entity_types[${i}]`, `"${CHAIN}" is the type of a chain without an entity type; name it otherwise`);
      if (names.has(t.name)) fail(`entity_types[${i}]`, `duplicate entity type "${t.name}"`);
      names.add(t.name);
    });
    if (span_schema !== undefined) scheme.extra.span_schema = span_schema;
    scheme.extra.entity_types = entity_types.map((t) => t.name);
    scheme.extra.allow_singletons = allow_singletons ?? true;
    scheme.labels = [
      { name: CHAIN },
      ...entity_types.map((t) => ({ name: t.name, ...(t.color ? { color: t.color } : {}) })),
    ];
  },
  entry(scheme, entry, context) {
    const types = scheme.extra.entity_types as string[];
    const type = entry.link_type as string;
    if (type !== CHAIN && !types.includes(type))
      return new AnswerError(
        `link_type "${type}" is not "${CHAIN}"${types.length ? ` or one of the entity_types ${types.join(', ')}` : ''}`,
      );
    const ids = entry.span_ids as string[];
    const least = scheme.extra.allow_singletons ? 1 : 2;
    if (ids.length < least)
      return new AnswerError(
        `a chain holds at least ${least} mention${least > 1 ? 's (allow_singletons is false)' : ''}, got ${ids.length}`,
      );
    if (new Set(ids).size !== ids.length) return new AnswerError('span_ids: a mention appears twice in one chain');
    if (entry.direction !== undefined && entry.direction !== 'undirected')
      return new AnswerError('direction: a chain is undirected');
    for (const [k, id] of ids.entries()) {
      const span = spanOf(scheme, id, context, `span_ids[${k}]`);
      if (span instanceof AnswerError) return span;
    }
    return withProperties(entry, { link_type: type, span_ids: ids, direction: 'undirected' });
  },
  exampleEntries(scheme, span) {
    const spanScheme = scheme.extra.span_schema as string;
    return [{ link_type: CHAIN, span_ids: [span(spanScheme, undefined), span(spanScheme, undefined)] }];
  },
  entries(_scheme, entries) {
    const chainOf = new Map<string, unknown>();
    for (const e of entries) {
      for (const id of e.span_ids as string[]) {
        if (chainOf.has(id))
          return new AnswerError(
            `mention "${id}" is in chains "${String(chainOf.get(id))}" and "${String(e.id)}"; a mention belongs to one chain`,
          );
        chainOf.set(id, e.id);
      }
    }
    return null;
  },
});
