/**
 * What an adjudicator is told about each annotator of an item (Potato's annotator signals): their time on it and
 * how often they changed their answer, with flags where those suggest a careless or unsure answer: faster than
 * `fast_decision_warning_ms`, far faster than their own usual pace, more than five changes, or an annotator who
 * seldom agrees with the items' gold answers. Pure: the times and agreements are read by the caller.
 */

interface SignalFlag {
  type: 'fast_decision' | 'unusually_fast' | 'excessive_changes' | 'low_agreement';
  severity: 'medium' | 'high';
  message: string;
}

export interface AnnotatorSignals {
  /** the annotator as the adjudicator sees them (a letter when names are hidden) */
  user_id: string;
  instance_id: string;
  flags: SignalFlag[];
  metrics: {
    total_time_ms: number;
    annotation_changes: number;
    /** how far this item's time is from the annotator's mean, in standard deviations (3 timed items or more) */
    speed_z_score?: number;
    /** the share of their answers that match the gold answer of the items they answered (3 compared or more) */
    agreement_rate?: number;
  };
}

export interface AnnotatorFacts {
  /** visible time on this item, ms (0: none reported) */
  ms: number;
  changes: number;
  /** their time on every item they were timed on, ms */
  allTimes: readonly number[];
  /** answers compared with gold answers, and how many matched */
  agreement: { compared: number; matched: number };
}

/** More changes than this on one item is flagged. */
const MAX_CHANGES = 5;
/** Below this share of answers matching the gold answers is flagged. */
const LOW_AGREEMENT = 0.4;
/** A pace or agreement needs this many observations before it says anything. */
const MIN_OBSERVATIONS = 3;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

export function annotatorSignals(
  shownAs: string,
  instanceId: string,
  facts: AnnotatorFacts,
  fastDecisionMs: number,
): AnnotatorSignals {
  const { ms, changes, allTimes, agreement } = facts;
  const flags: SignalFlag[] = [];
  const metrics: AnnotatorSignals['metrics'] = { total_time_ms: ms, annotation_changes: changes };
  if (allTimes.length >= MIN_OBSERVATIONS && ms > 0) {
    const mean = allTimes.reduce((a, b) => a + b, 0) / allTimes.length;
    const sd = Math.sqrt(allTimes.reduce((a, t) => a + (t - mean) ** 2, 0) / allTimes.length);
    if (sd > 0) {
      const z = (ms - mean) / sd;
      metrics.speed_z_score = round(z, 2);
      if (z < -2)
        flags.push({
          type: 'unusually_fast',
          severity: 'high',
          message: `${ms} ms on this item, ${Math.abs(z).toFixed(1)} standard deviations below their usual time`,
        });
    }
  }
  if (fastDecisionMs > 0 && ms > 0 && ms < fastDecisionMs)
    flags.push({
      type: 'fast_decision',
      severity: 'medium',
      message: `answered in ${ms} ms (under the ${fastDecisionMs} ms threshold)`,
    });
  if (changes > MAX_CHANGES)
    flags.push({ type: 'excessive_changes', severity: 'medium', message: `changed the answer ${changes} times` });
  if (agreement.compared >= MIN_OBSERVATIONS) {
    const rate = agreement.matched / agreement.compared;
    metrics.agreement_rate = round(rate, 3);
    if (rate < LOW_AGREEMENT)
      flags.push({
        type: 'low_agreement',
        severity: 'high',
        message: `${Math.round(rate * 100)}% of their answers match the gold answers`,
      });
  }
  return { user_id: shownAs, instance_id: instanceId, flags, metrics };
}
