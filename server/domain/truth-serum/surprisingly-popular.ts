/**
 * The surprisingly-popular verdict (Prelec, Seung & McCoy 2017) in Potato's own-answer variant: each annotator
 * gives a label and predicts the share (0–100) of others who will choose that label too. A label's predicted
 * share is the mean prediction of those who chose it, its surprise its actual share minus that; the verdict is
 * the chosen label with the largest surprise. People holding a correct minority view tend to know they are a
 * minority, so their label turns out more popular than predicted, which majority vote cannot see.
 * Pure: predictions in, numbers out.
 */

export interface Prediction {
  instance_id: string;
  annotator: string;
  label: string;
  /** 0–100 */
  predicted_pct: number;
}

interface LabelTally {
  label: string;
  votes: number;
  /** share of the item's annotators who chose it, 0–100 */
  actual_pct: number;
  /** mean prediction of those who chose it, 0–100 */
  predicted_pct: number;
  /** actual minus predicted */
  surprise: number;
}

export interface ItemVerdict {
  instance_id: string;
  n_predictions: number;
  labels: LabelTally[];
  majority_label: string;
  /** null below the minimum number of predictions */
  sp_label: string | null;
  /** the verdict differs from the majority: where the crowd is likely wrong */
  disagrees: boolean;
}

export interface AnnotatorCalibration {
  n_predictions: number;
  /** mean |predicted − the share of the other annotators on the item who chose the same label|; null without peers */
  calibration_error: number | null;
  /** mean signed difference: above 0 overconfident (expects more agreement than they get) */
  bias: number | null;
  /** share of their labels on items with a verdict that match the verdict; null when none has one */
  sp_alignment: number | null;
}

/**
 * Ties are broken by the order of `labels` (the scheme's), so the same predictions always give the same verdict.
 * `labels` lists the scheme's labels; a predicted label not in it sorts after them.
 */
export function itemVerdict(
  instanceId: string,
  predictions: readonly Prediction[],
  labels: readonly string[],
  minAnnotators: number,
): ItemVerdict {
  const order = (l: string) => {
    const i = labels.indexOf(l);
    return i < 0 ? labels.length : i;
  };
  const by = new Map<string, number[]>();
  for (const p of predictions) by.set(p.label, [...(by.get(p.label) ?? []), p.predicted_pct]);
  const n = predictions.length;
  const tallies: LabelTally[] = [...by]
    .map(([label, preds]) => {
      const actual = (100 * preds.length) / n;
      const predicted = preds.reduce((a, b) => a + b, 0) / preds.length;
      return { label, votes: preds.length, actual_pct: actual, predicted_pct: predicted, surprise: actual - predicted };
    })
    .sort((a, b) => order(a.label) - order(b.label));
  const best = (score: (t: LabelTally) => number) =>
    tallies.reduce((top, t) => (score(t) > score(top) ? t : top), tallies[0]).label;
  const majority = best((t) => t.votes);
  const sp = n >= minAnnotators ? best((t) => t.surprise) : null;
  return {
    instance_id: instanceId,
    n_predictions: n,
    labels: tallies,
    majority_label: majority,
    sp_label: sp,
    disagrees: sp !== null && sp !== majority,
  };
}

/** Each annotator's calibration against their peers and alignment with the verdicts. */
export function calibration(
  byItem: ReadonlyMap<string, readonly Prediction[]>,
  verdicts: ReadonlyMap<string, ItemVerdict>,
): Map<string, AnnotatorCalibration> {
  const acc = new Map<string, { n: number; err: number[]; signed: number[]; sp: boolean[] }>();
  for (const [instanceId, preds] of byItem) {
    const verdict = verdicts.get(instanceId)?.sp_label ?? null;
    for (const p of preds) {
      const a = acc.get(p.annotator) ?? { n: 0, err: [], signed: [], sp: [] };
      acc.set(p.annotator, a);
      a.n++;
      const others = preds.filter((o) => o.annotator !== p.annotator);
      if (others.length) {
        const agreement = (100 * others.filter((o) => o.label === p.label).length) / others.length;
        a.err.push(Math.abs(p.predicted_pct - agreement));
        a.signed.push(p.predicted_pct - agreement);
      }
      if (verdict !== null) a.sp.push(p.label === verdict);
    }
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
  const out = new Map<string, AnnotatorCalibration>();
  for (const [name, a] of [...acc].sort(([x], [y]) => x.localeCompare(y)))
    out.set(name, {
      n_predictions: a.n,
      calibration_error: mean(a.err),
      bias: mean(a.signed),
      sp_alignment: a.sp.length ? a.sp.filter(Boolean).length / a.sp.length : null,
    });
  return out;
}
