/**
 * card_sort: the annotator sorts the item's cards (the list in its `items_field`) into groups: the configured
 * `groups` (closed mode) or groups they name (open mode). Stored as Potato stores it: `"<scheme>:<scheme>"` →
 * JSON {"<group>": ["<card>", …], …}; the answer is that object. Agreement: alpha with the Rand distance between
 * two sortings (the share of card pairs that one puts together and the other apart), so group names do not matter.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { isRecord, parseJson, storeUnder } from '../answer-fields.js';

const config = z.looseObject({
  mode: z.enum(['closed', 'open']).optional(),
  groups: z.array(z.string().min(1)).optional(),
  items_field: z.string().min(1).optional(),
  allow_empty_groups: z.boolean().optional(),
  allow_multiple: z.boolean().optional(),
});

interface CardSortKeys {
  mode: 'closed' | 'open';
  groups: string[];
  allow_empty_groups: boolean;
  allow_multiple: boolean;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as CardSortKeys;
const fieldOf = (scheme: Scheme) => scheme.labels[0].name;

/** A sorting checked against the scheme's keys, as the string to store. */
function sorting(scheme: Scheme, given: unknown): string | AnswerError {
  const k = keysOf(scheme);
  if (!isRecord(given)) return new AnswerError('a card sort is an object of group → list of cards');
  const seen = new Set<string>();
  for (const [group, cards] of Object.entries(given)) {
    if (k.mode === 'closed' && !k.groups.includes(group))
      return new AnswerError(`"${group.slice(0, 40)}" is not a group of this sort (${k.groups.join(', ')})`);
    if (k.mode === 'open' && !group.trim()) return new AnswerError('a group needs a name');
    if (!Array.isArray(cards) || cards.some((c) => typeof c !== 'string'))
      return new AnswerError(`group "${group.slice(0, 40)}" must be a list of cards (strings)`);
    if (new Set(cards).size !== cards.length)
      return new AnswerError(`group "${group.slice(0, 40)}" holds a card twice`);
    for (const card of cards as string[]) {
      if (seen.has(card) && !k.allow_multiple)
        return new AnswerError(`"${card.slice(0, 40)}" is in two groups; this sort puts each card in one`);
      seen.add(card);
    }
    if (!cards.length && !k.allow_empty_groups && k.mode === 'open')
      return new AnswerError(`group "${group.slice(0, 40)}" is empty`);
  }
  if (k.mode === 'closed' && !k.allow_empty_groups) {
    const empty = k.groups.filter((g) => !(given[g] as string[] | undefined)?.length);
    if (empty.length) return new AnswerError(`every group needs a card; empty: ${empty.join(', ')}`);
  }
  return JSON.stringify(given);
}

/** Rand distance of two stored sortings: the share of card pairs together in one and apart in the other. */
export function randDistance(a: string, b: string): number {
  const groupsOf = (stored: string) => {
    const by = new Map<string, Set<string>>();
    for (const [group, cards] of Object.entries(JSON.parse(stored) as Record<string, string[]>))
      for (const c of cards) (by.get(c) ?? by.set(c, new Set()).get(c)!).add(group);
    return by;
  };
  const ga = groupsOf(a);
  const gb = groupsOf(b);
  const cards = [...ga.keys()].filter((c) => gb.has(c));
  const together = (g: Map<string, Set<string>>, x: string, y: string) =>
    [...g.get(x)!].some((group) => g.get(y)!.has(group));
  let pairs = 0;
  let apart = 0;
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      pairs++;
      if (together(ga, cards[i], cards[j]) !== together(gb, cards[i], cards[j])) apart++;
    }
  }
  return pairs ? apart / pairs : 0;
}

export const cardSort: SchemeTypeModule = {
  type: 'card_sort',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    const mode = k.mode ?? 'closed';
    if (scheme.labels.length)
      fail(
        'labels',
        'a card_sort scheme has no labels: name its groups in groups, and its cards come from items_field',
      );
    if (mode === 'closed' && !k.groups?.length) fail('groups', 'closed mode needs the list of groups');
    if (k.groups && new Set(k.groups).size !== k.groups.length) fail('groups', 'a group is listed twice');
    storeUnder(scheme, [scheme.name]);
    Object.assign(scheme.extra, {
      mode,
      groups: k.groups ?? [],
      items_field: k.items_field ?? 'items',
      allow_empty_groups: k.allow_empty_groups ?? true,
      allow_multiple: k.allow_multiple ?? false,
    });
  },
  storage: 'labels',
  accept(scheme, _label, value) {
    if (value === '') return null;
    const parsed = parseJson(value, 'a card sort {"<group>": ["<card>", …]}');
    return parsed instanceof AnswerError ? parsed : sorting(scheme, parsed);
  },
  answer: (scheme, chosen) => JSON.parse(chosen[fieldOf(scheme)]),
  fromAnswer(scheme, answer) {
    const stored = sorting(scheme, answer);
    return stored instanceof AnswerError ? stored : { [fieldOf(scheme)]: stored };
  },
  spacy: 'values',
  agreement: { level: 'partition', column: 'value', value: (s, chosen) => chosen[fieldOf(s)], distance: randDistance },
  suggestable: false,
  shape: {
    stored: '"<scheme>:<scheme>" → JSON text of {"<group>": ["<card>", …]}',
    answer: z.record(z.string(), z.array(z.string())).describe('group → its cards'),
  },
  example: (scheme) => ({
    [fieldOf(scheme)]: JSON.stringify(
      keysOf(scheme).mode === 'closed' && !keysOf(scheme).allow_empty_groups
        ? Object.fromEntries(keysOf(scheme).groups.map((g, i) => [g, [`card ${i + 1}`]]))
        : { [keysOf(scheme).groups[0] ?? 'group']: ['card 1'] },
    ),
  }),
};
