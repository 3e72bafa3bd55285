/**
 * The admin read-outs over recorded sessions: per annotator, their figures, how many sessions fired each flag with
 * the evidence, and a risk share that ranks whom to look at first. Every read-out carries its caveat, because a
 * ranking shown without it is read as an accusation.
 */
import type { TelemetrySummary } from './drawing.js';
import type { ProcessCounts } from './integrity.js';
import type { ProcessSessionRecord } from './session-log.js';
import type { TypingSummary } from './typing.js';

export const WRITING_CAVEAT =
  'Writing-process flags are evidence for human review, not proof of misconduct. Fast, fluent typists and annotators on mobile keyboards can legitimately resemble the patterns these rules look for. Read the per-session evidence before acting.';
export const TELEMETRY_CAVEAT =
  'Annotation-process flags are screening signals for human review, not proof of misconduct. Good AI suggestions deserve quick acceptance and obvious items are quick to answer. Read the per-session evidence before acting.';

/** Weights of each flag's share of sessions in the risk: the signals with the fewest innocent readings most. */
const WRITING_WEIGHTS: Record<string, number> = {
  paste_dominant: 0.25,
  silent_insertion: 0.25,
  offscreen_composition: 0.2,
  synthetic_input: 0.15,
  transcription_rhythm: 0.1,
  implausible_speed: 0.05,
};
const TELEMETRY_WEIGHTS: Record<string, number> = { rubber_stamping: 0.7, hasty: 0.25, never_zoomed: 0.05 };

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

interface FlaggedSession {
  session_id: string;
  instance_id: string;
  schema: string;
  label: string | null;
  phase: string;
  level: string;
  flags: string[];
  evidence: Record<string, Record<string, number | boolean>>;
}

function byUser<S>(rows: Iterable<ProcessSessionRecord<S>>): Map<string, ProcessSessionRecord<S>[]> {
  const out = new Map<string, ProcessSessionRecord<S>[]>();
  for (const row of rows) {
    let list = out.get(row.user_id);
    if (!list) out.set(row.user_id, (list = []));
    list.push(row);
  }
  return out;
}

function flagsOf<S>(rows: readonly ProcessSessionRecord<S>[]) {
  const counts: Record<string, number> = {};
  const flagged: FlaggedSession[] = [];
  for (const r of rows) {
    if (!r.verdict?.flags.length) continue;
    for (const f of r.verdict.flags) counts[f.name] = (counts[f.name] ?? 0) + 1;
    flagged.push({
      session_id: r.id,
      instance_id: r.instance_id,
      schema: r.schema_name,
      label: r.label_name,
      phase: r.phase,
      level: r.verdict.level,
      flags: r.verdict.flag_names,
      evidence: Object.fromEntries(r.verdict.flags.map((f) => [f.name, f.evidence])),
    });
  }
  return { counts, flagged: flagged.slice(-25) };
}

const risk = (counts: Record<string, number>, sessions: number, weights: Record<string, number>) =>
  sessions ? round(Object.entries(counts).reduce((a, [f, n]) => a + (weights[f] ?? 0) * (n / sessions), 0)) : 0;

/** Pure: the writing-process rollup, the riskiest annotator first. */
export function writingRollup(rows: Iterable<ProcessSessionRecord<TypingSummary>>) {
  const users = [...byUser(rows)].map(([user_id, list]) => {
    const s = list.map((r) => r.summary);
    const sum = (pick: (x: TypingSummary) => number) => s.reduce((a, x) => a + pick(x), 0);
    const { counts, flagged } = flagsOf(list);
    const chars = sum((x) => x.final_chars);
    return {
      user_id,
      sessions: list.length,
      instances: new Set(list.map((r) => r.instance_id)).size,
      chars,
      keystrokes: sum((x) => x.keystrokes),
      iki_median_ms: round(median(s.map((x) => x.iki_median_ms)), 1),
      iki_log_cv: round(median(s.map((x) => x.iki_log_cv))),
      revision_ratio: round(median(s.map((x) => x.revision_ratio))),
      paste_events: sum((x) => x.paste_events),
      pasted_char_fraction: chars ? round(Math.min(1, sum((x) => x.pasted_chars) / chars)) : 0,
      mean_silent_insert_ratio: round(sum((x) => x.silent_insert_ratio) / s.length),
      max_blur_before_insert_ms: Math.max(...s.map((x) => x.max_blur_before_insert_ms)),
      untrusted_events: sum((x) => x.untrusted_events),
      any_virtual_keyboard: s.some((x) => x.virtual_keyboard),
      flag_counts: counts,
      flagged_sessions: flagged,
      writing_process_risk: risk(counts, list.length, WRITING_WEIGHTS),
    };
  });
  users.sort((a, b) => b.writing_process_risk - a.writing_process_risk || a.user_id.localeCompare(b.user_id));
  return users;
}

/**
 * Pure: the annotation-process rollup. Annotators who never accepted an AI suggestion sort after those who did at
 * equal risk: a missing latency is no signal, and must not rank above one worth reading.
 */
export function telemetryRollup(rows: Iterable<ProcessSessionRecord<TelemetrySummary>>) {
  const users = [...byUser(rows)].map(([user_id, list]) => {
    const s = list.map((r) => r.summary);
    const sum = (pick: (x: TelemetrySummary) => number) => s.reduce((a, x) => a + pick(x), 0);
    const { counts, flagged } = flagsOf(list);
    const latencies = s.flatMap((x) => x.ai_accept_latencies_ms);
    return {
      user_id,
      sessions: list.length,
      instances: new Set(list.map((r) => r.instance_id)).size,
      shapes_added: sum((x) => x.shapes_added),
      shapes_drawn: sum((x) => x.shapes_drawn),
      ai_accepted: sum((x) => x.ai_accepted),
      ai_rejected: sum((x) => x.ai_rejected),
      ai_accept_latency_median_ms: latencies.length ? median(latencies) : null,
      zoom_events: sum((x) => x.zoom_events),
      flag_counts: counts,
      flagged_sessions: flagged,
      annotation_process_risk: risk(counts, list.length, TELEMETRY_WEIGHTS),
    };
  });
  users.sort(
    (a, b) =>
      b.annotation_process_risk - a.annotation_process_risk ||
      Number(a.ai_accept_latency_median_ms === null) - Number(b.ai_accept_latency_median_ms === null) ||
      a.user_id.localeCompare(b.user_id),
  );
  return users;
}

/** Pure: per annotator, sessions screened and how many fired each flag, over both kinds (integrity reports). */
export function processCounts(...kinds: Iterable<ProcessSessionRecord<unknown>>[]): Map<string, ProcessCounts> {
  const out = new Map<string, ProcessCounts>();
  for (const rows of kinds)
    for (const r of rows) {
      if (!r.verdict) continue;
      const c = out.get(r.user_id) ?? { sessions: 0, flagged: {} };
      c.sessions++;
      for (const name of r.verdict.flag_names) c.flagged[name] = (c.flagged[name] ?? 0) + 1;
      out.set(r.user_id, c);
    }
  return out;
}
