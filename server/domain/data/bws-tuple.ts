/**
 * What a best–worst scaling tuple instance holds: its pool items lettered A, B, … in `_bws_items`
 * ({source_id, text, position}), listed as its text. Made by `bws_config` (config/bws-tuples.ts) and iterative BWS's
 * rounds (ibws/), read by the scores and the rounds.
 */
import type { Instance } from '../task.js';

export interface BwsTupleItem {
  source_id: string;
  text: string;
  position: string;
}

/** A tuple of pool items as an instance; `extra` is kept in its data beside the items (a round, a bucket). */
export function bwsTupleInstance(
  id: string,
  members: readonly { id: string; text: string }[],
  extra: Record<string, unknown> = {},
): Instance {
  const items: BwsTupleItem[] = members.map((m, i) => ({
    source_id: m.id,
    text: m.text,
    position: String.fromCharCode(65 + i),
  }));
  const text = items.map((it) => `${it.position}. ${it.text}`).join('\n');
  return { id, text, data: { id, _bws_items: items, _bws_tuple_size: items.length, ...extra } };
}

/** The tuple's items an instance's data holds (none when it is not a tuple). */
export function bwsTupleItems(data: Record<string, unknown>): BwsTupleItem[] {
  const items = data._bws_items;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (i): i is BwsTupleItem =>
      typeof i === 'object' && i !== null && typeof i.source_id === 'string' && typeof i.position === 'string',
  );
}
