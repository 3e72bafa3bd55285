/**
 * Quality-control checks, pure: what a check is, how checks are mixed into an annotator's list, and how an
 * answer is scored against the expected one.
 */
import { hashString, seededRandom } from '../seeded-random.js';
import type { Instance } from '../task.js';

export type CheckKind = 'attention_check' | 'gold_standard';

export interface CheckItem {
  kind: CheckKind;
  instance: Instance;
  /** scheme → expected label (an array of labels for multiselect) */
  expected: Record<string, string | string[]>;
}

export interface QualityConfig {
  attention?: { frequency: number; warnThreshold: number; blockThreshold: number; items: CheckItem[] };
  gold?: { frequency: number; items: CheckItem[] };
}

/**
 * Inserts one check after every `frequency` real items, drawing checks in an order seeded by the annotator, so
 * a restart re-plans nothing and two annotators do not see the same check at the same place. Checks are added
 * on top of the real items: they never use up the annotator's quota.
 */
export function mixChecks(
  list: readonly string[],
  checks: readonly CheckItem[],
  frequency: number,
  seed: string,
  /** which ids count as real items (checks mixed in earlier do not) */
  isReal: (id: string) => boolean = () => true,
): string[] {
  if (!checks.length || !list.length) return list.slice();
  const random = seededRandom(hashString(`${seed}\u0000${checks[0].kind}`));
  const order = checks.map((c) => c.instance.id);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out: string[] = [];
  let next = 0;
  let real = 0;
  for (const id of list) {
    out.push(id);
    if (isReal(id) && ++real % frequency === 0 && next < order.length) out.push(order[next++]);
  }
  return out;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Whether the submitted answers (scheme → label or labels) match every expected scheme. */
export function answerMatches(expected: CheckItem['expected'], given: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([scheme, want]) => {
    const got = given[scheme];
    if (Array.isArray(want))
      return Array.isArray(got) ? sameSet(want, got.map(String)) : want.length === 1 && got === want[0];
    return Array.isArray(got) ? got.length === 1 && got[0] === want : got === want;
  });
}
