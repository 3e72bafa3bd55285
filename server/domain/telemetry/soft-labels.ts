/**
 * Soft labels: each item's answers as a distribution over labels instead of one majority answer, with how
 * contested it is (entropy normalized by the number of labels seen: 0 unanimous, 1 evenly split), and per annotator
 * how often they side with the item's most common answer. Disagreement kept as information, not collapsed.
 */
import type { Observation } from './integrity.js';

export interface SoftLabel {
  item: string;
  distribution: Record<string, number>;
  /** the most common label (a tie: the first by name) */
  hard_label: string | null;
  entropy: number;
  n_annotators: number;
  ambiguous: boolean;
  annotators: Record<string, string>;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function byKey(obs: readonly Observation[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const o of obs) {
    let answers = out.get(o.key);
    if (!answers) out.set(o.key, (answers = new Map()));
    answers.set(o.annotator, o.label);
  }
  return out;
}

/** Pure: one soft label per item (and scheme), the most contested first; `ambiguous` at or above `threshold`. */
export function softLabels(obs: readonly Observation[], threshold = 0.5): SoftLabel[] {
  const out: SoftLabel[] = [];
  for (const [item, answers] of byKey(obs)) {
    const counts = new Map<string, number>();
    for (const label of answers.values()) counts.set(label, (counts.get(label) ?? 0) + 1);
    const n = answers.size;
    const distribution: Record<string, number> = {};
    let entropy = 0;
    for (const [label, c] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
      const p = c / n;
      distribution[label] = round4(p);
      entropy -= p * Math.log(p);
    }
    if (counts.size > 1) entropy /= Math.log(counts.size);
    const top = Math.max(...counts.values());
    const hard =
      [...counts]
        .filter(([, c]) => c === top)
        .map(([l]) => l)
        .sort()[0] ?? null;
    out.push({
      item,
      distribution,
      hard_label: hard,
      entropy: round4(counts.size > 1 ? entropy : 0),
      n_annotators: n,
      ambiguous: counts.size > 1 && entropy >= threshold,
      annotators: Object.fromEntries(answers),
    });
  }
  return out.sort((a, b) => b.entropy - a.entropy || a.item.localeCompare(b.item));
}

/** Pure: per annotator, how many answers, and the share siding with or against each item's most common answer. */
export function perspectives(
  obs: readonly Observation[],
  soft: readonly SoftLabel[],
): Record<string, { n: number; majority_rate: number | null; minority_rate: number | null }> {
  const hard = new Map(soft.map((s) => [s.item, s.hard_label]));
  const tally = new Map<string, [number, number]>();
  for (const [item, answers] of byKey(obs))
    for (const [who, label] of answers) {
      const t = tally.get(who) ?? [0, 0];
      if (label === hard.get(item)) t[0]++;
      else t[1]++;
      tally.set(who, t);
    }
  const out: Record<string, { n: number; majority_rate: number | null; minority_rate: number | null }> = {};
  for (const [who, [agree, minority]] of tally) {
    const n = agree + minority;
    out[who] = { n, majority_rate: n ? round4(agree / n) : null, minority_rate: n ? round4(minority / n) : null };
  }
  return out;
}
