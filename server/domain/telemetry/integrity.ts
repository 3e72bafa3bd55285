/**
 * Annotation integrity per annotator, without gold answers: correlated agreement (how much more an annotator agrees
 * with peers on the same item than two answers drawn at random would), which is near zero for random or copied-in
 * answers, beside the share of their typing and telemetry sessions that the screening rules flagged. Each figure is
 * a reason to look, not a finding.
 */

/** One categorical answer: who, which item and scheme (`item::scheme`), which label. */
export interface Observation {
  annotator: string;
  key: string;
  label: string;
}

/** Per annotator: screened sessions and how many fired each flag. */
export interface ProcessCounts {
  sessions: number;
  flagged: Record<string, number>;
}

export interface IntegrityReport {
  annotator: string;
  n_items: number;
  /** same-item peer agreement minus chance agreement; null without peers on any item */
  ca_score: number | null;
  /** agreement with a reference model's labels; null: no reference labels are kept here */
  llm_alignment: null;
  residual_agreement: null;
  /** screened typing and telemetry sessions, and the share of them flagged per rule */
  process_sessions: number;
  process_flag_rates: Record<string, number>;
  suspicion: number;
  flags: string[];
}

const CA_THRESHOLD = 0.05;
/** How much each flag's rate weighs in suspicion: the ones with the fewest innocent readings most. */
const PROCESS_WEIGHTS: Record<string, number> = {
  paste_dominant: 0.8,
  silent_insertion: 0.8,
  offscreen_composition: 0.9,
  synthetic_input: 0.9,
  rubber_stamping: 0.8,
  transcription_rhythm: 0.4,
  implausible_speed: 0.4,
  hasty: 0.3,
  never_zoomed: 0.05,
};

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Pure: correlated agreement per annotator (only annotators with a peer on some item get a score). */
export function correlatedAgreement(obs: readonly Observation[]): Map<string, number> {
  const byKey = new Map<string, Map<string, string>>();
  const freq = new Map<string, number>();
  for (const o of obs) {
    let answers = byKey.get(o.key);
    if (!answers) byKey.set(o.key, (answers = new Map()));
    answers.set(o.annotator, o.label);
  }
  let total = 0;
  for (const answers of byKey.values())
    for (const label of answers.values()) {
      freq.set(label, (freq.get(label) ?? 0) + 1);
      total++;
    }
  let chance = 0;
  for (const c of freq.values()) chance += (c / total) ** 2;
  const hits = new Map<string, [number, number]>();
  for (const answers of byKey.values()) {
    if (answers.size < 2) continue;
    for (const [who, label] of answers) {
      const h = hits.get(who) ?? [0, 0];
      for (const [peer, theirs] of answers) {
        if (peer === who) continue;
        h[1]++;
        if (theirs === label) h[0]++;
      }
      hits.set(who, h);
    }
  }
  const out = new Map<string, number>();
  for (const [who, [same, n]] of hits) out.set(who, Math.round((same / n - chance) * 10_000) / 10_000);
  return out;
}

/** Pure: every annotator with answers or screened sessions, the most suspicious first. */
export function integrityReports(
  obs: readonly Observation[],
  processes: ReadonlyMap<string, ProcessCounts>,
): IntegrityReport[] {
  const ca = correlatedAgreement(obs);
  const items = new Map<string, Set<string>>();
  for (const o of obs) {
    let keys = items.get(o.annotator);
    if (!keys) items.set(o.annotator, (keys = new Set()));
    keys.add(o.key);
  }
  const names = new Set([...items.keys(), ...processes.keys()]);
  const reports: IntegrityReport[] = [];
  for (const annotator of names) {
    const score = ca.get(annotator) ?? null;
    const flags: string[] = [];
    let suspicion = 0;
    if (score !== null && score <= CA_THRESHOLD) {
      flags.push('low_signal');
      suspicion = Math.max(suspicion, 0.5 + 0.5 * Math.min(1, CA_THRESHOLD - score));
    }
    const process = processes.get(annotator);
    const rates: Record<string, number> = {};
    if (process && process.sessions > 0)
      for (const [flag, count] of Object.entries(process.flagged)) {
        const rate = count / process.sessions;
        rates[flag] = round3(rate);
        flags.push(flag);
        suspicion = Math.max(suspicion, rate * (PROCESS_WEIGHTS[flag] ?? 0.3));
      }
    reports.push({
      annotator,
      n_items: items.get(annotator)?.size ?? 0,
      ca_score: score,
      llm_alignment: null,
      residual_agreement: null,
      process_sessions: process?.sessions ?? 0,
      process_flag_rates: rates,
      suspicion: round3(Math.min(1, suspicion)),
      flags,
    });
  }
  return reports.sort((a, b) => b.suspicion - a.suspicion || a.annotator.localeCompare(b.annotator));
}
