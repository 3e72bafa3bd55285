/**
 * ranking: the annotator orders every item, best first. Stored as Potato stores it: `"<scheme>:rank_order"` →
 * "B,D=A,C" (commas between ranks, `=` between items tied at one rank, only with allow_ties). Items are the
 * scheme's labels, or with `items_key` the list in that field of each item (then any names are taken, once each).
 * The answer is an array best first; a rank where items tie is an array of them: ["B", ["D", "A"], "C"].
 * Agreement: alpha with the Kendall distance between two orders (the share of item pairs they order differently,
 * a pair tied in one order only counting half).
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { names, storeUnder } from '../answer-fields.js';

const config = z.looseObject({ allow_ties: z.boolean().optional(), items_key: z.string().min(1).optional() });

interface RankingKeys {
  items: string[];
  allow_ties: boolean;
  items_key?: string;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as RankingKeys;

/** "B,D=A,C" → [["B"], ["D", "A"], ["C"]], or an error naming what is wrong. */
function parseOrder(scheme: Scheme, value: string): string[][] | AnswerError {
  const { items, allow_ties, items_key } = keysOf(scheme);
  const tiers = value.split(',').map((t) => t.split('='));
  const seen = new Set<string>();
  for (const tier of tiers) {
    if (tier.length > 1 && !allow_ties)
      return new AnswerError(`"${tier.join('=')}" ties items, and this ranking does not allow ties`);
    for (const item of tier) {
      if (item === '') return new AnswerError('an empty item name (two commas in a row?)');
      if (seen.has(item)) return new AnswerError(`"${item.slice(0, 40)}" is ranked twice`);
      if (!items_key && !items.includes(item))
        return new AnswerError(`"${item.slice(0, 40)}" is not an item of this ranking (${items.join(', ')})`);
      seen.add(item);
    }
  }
  if (!items_key && seen.size !== items.length)
    return new AnswerError(`every item must be ranked; missing ${items.filter((i) => !seen.has(i)).join(', ')}`);
  return tiers;
}

/** Kendall distance of two orders in their stored form, 0..1. */
export function kendallDistance(a: string, b: string): number {
  const rankIn = (order: string) => {
    const ranks = new Map<string, number>();
    order.split(',').forEach((tier, r) => tier.split('=').forEach((item) => ranks.set(item, r)));
    return ranks;
  };
  const ra = rankIn(a);
  const rb = rankIn(b);
  const items = [...ra.keys()].filter((i) => rb.has(i));
  let pairs = 0;
  let apart = 0;
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const x = Math.sign(ra.get(items[i])! - ra.get(items[j])!);
      const y = Math.sign(rb.get(items[i])! - rb.get(items[j])!);
      pairs++;
      if (x !== y) apart += x === 0 || y === 0 ? 0.5 : 1;
    }
  }
  return pairs ? apart / pairs : 0;
}

export const ranking: SchemeTypeModule = {
  type: 'ranking',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    const items = names(scheme.labels);
    if (!k.items_key && items.length < 2)
      fail('labels', 'a ranking needs at least two labels to order (or an items_key naming a list in each item)');
    const bad = items.find((i) => /[,=]/.test(i));
    if (bad) fail('labels', `"${bad}" contains "," or "=", which separate ranks in the stored order`);
    storeUnder(scheme, ['rank_order']);
    Object.assign(scheme.extra, {
      items,
      allow_ties: k.allow_ties ?? false,
      ...(k.items_key ? { items_key: k.items_key } : {}),
    });
  },
  storage: 'labels',
  accept(scheme, _label, value) {
    if (value === '') return null;
    const tiers = parseOrder(scheme, value);
    return tiers instanceof AnswerError ? tiers : value;
  },
  answer: (_scheme, chosen) =>
    chosen.rank_order.split(',').map((tier) => (tier.includes('=') ? tier.split('=') : tier)),
  fromAnswer(scheme, answer) {
    if (
      !Array.isArray(answer) ||
      answer.some(
        (t) => typeof t !== 'string' && !(Array.isArray(t) && t.length && t.every((i) => typeof i === 'string')),
      )
    ) {
      return new AnswerError('a ranking is an array of items best first, tied items grouped in an inner array');
    }
    const value = answer.map((t) => (Array.isArray(t) ? t.join('=') : t)).join(',');
    const tiers = parseOrder(scheme, value);
    return tiers instanceof AnswerError ? tiers : { rank_order: value };
  },
  spacy: 'values',
  agreement: { level: 'rank', column: 'value', value: (_s, chosen) => chosen.rank_order, distance: kendallDistance },
  suggestable: false,
  shape: {
    stored: '"<scheme>:rank_order" → the items best first, joined by "," (tied items by "=")',
    answer: z
      .array(z.union([z.string(), z.array(z.string())]))
      .describe('items best first; tied items in an inner array'),
  },
  example: (scheme) => ({
    rank_order: keysOf(scheme).items_key ? 'first,second' : keysOf(scheme).items.slice().reverse().join(','),
  }),
};
