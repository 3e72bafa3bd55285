/**
 * Agreement on one item and its majority answer, per scheme. An answer is compared whole: a scheme's label map
 * (labels with their values), or the set of a span scheme's spans (label and offsets). Pure.
 */
import type { AnnotationRecord, SpanRecord } from '../annotation/records.js';
import { schemeModuleOf } from '../schemes/registry.js';
import type { Scheme, Task } from '../task.js';

const isSpanScheme = (scheme: Scheme) => schemeModuleOf(scheme).storage === 'spans';
const answered = (scheme: Scheme) => schemeModuleOf(scheme).storage !== 'none';

/** Schemes an item's answers can be compared on: every answerable scheme, in task order. */
export const comparableSchemes = (task: Task) => task.schemes.filter(answered);

// a span of another field than the text is another answer than the text's at the same offsets
const spanKey = (s: SpanRecord) =>
  `${s.label}\u0001${s.start}\u0001${s.end}${s.target_field === undefined ? '' : `\u0001${s.target_field}`}`;

/** A text that is equal for equal answers; undefined where the annotator gave none for this scheme. */
export function answerKey(scheme: Scheme, record: Pick<AnnotationRecord, 'labels' | 'spans'>): string | undefined {
  if (isSpanScheme(scheme)) {
    const keys = record.spans
      .filter((s) => s.schema === scheme.name)
      .map(spanKey)
      .sort();
    return keys.join('\u0002');
  }
  const chosen = record.labels[scheme.name];
  if (!chosen) return undefined;
  const names = Object.keys(chosen).sort();
  if (!names.length) return undefined;
  return names.map((n) => `${n}\u0001${chosen[n]}`).join('\u0002');
}

/** Whether any annotator marked a span of this scheme (an item nobody marked spans on has nothing to compare). */
const anySpans = (scheme: Scheme, records: readonly AnnotationRecord[]) =>
  records.some((r) => r.spans.some((s) => s.schema === scheme.name));

function keysOf(scheme: Scheme, records: readonly AnnotationRecord[]): { record: AnnotationRecord; key: string }[] {
  if (isSpanScheme(scheme) && !anySpans(scheme, records)) return [];
  const out: { record: AnnotationRecord; key: string }[] = [];
  for (const record of records) {
    const key = answerKey(scheme, record);
    if (key !== undefined) out.push({ record, key });
  }
  return out;
}

/** scheme → share of annotator pairs that gave the same answer, for schemes two or more annotators answered. */
export function itemAgreement(task: Task, records: readonly AnnotationRecord[]): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const scheme of comparableSchemes(task)) {
    const keys = keysOf(scheme, records);
    if (keys.length < 2) continue;
    let agree = 0;
    let pairs = 0;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        pairs++;
        if (keys[i].key === keys[j].key) agree++;
      }
    }
    scores[scheme.name] = agree / pairs;
  }
  return scores;
}

/** The mean of the schemes' scores; 1 when nothing could be compared. */
export function overallAgreement(scores: Record<string, number>): number {
  const values = Object.values(scores);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 1;
}

export interface MajorityAnswer {
  labels: Record<string, Record<string, string>>;
  spans: SpanRecord[];
  /** scheme → share of the scheme's answers that are the majority answer */
  vote_share: Record<string, number>;
  /** schemes where two answers had the most votes (the one given by the first annotator by name is taken) */
  ties: string[];
}

/**
 * The most common answer of each scheme. Records should come sorted by annotator, so ties break the same way each time.
 */
export function majorityAnswer(task: Task, records: readonly AnnotationRecord[]): MajorityAnswer {
  const out: MajorityAnswer = { labels: {}, spans: [], vote_share: {}, ties: [] };
  for (const scheme of comparableSchemes(task)) {
    const keys = keysOf(scheme, records);
    if (!keys.length) continue;
    const votes = new Map<string, { count: number; record: AnnotationRecord }>();
    for (const { record, key } of keys) {
      const seen = votes.get(key);
      if (seen) seen.count++;
      else votes.set(key, { count: 1, record });
    }
    let best: { count: number; record: AnnotationRecord } | undefined;
    let tie = false;
    for (const vote of votes.values()) {
      if (!best || vote.count > best.count) {
        best = vote;
        tie = false;
      } else if (vote.count === best.count) tie = true;
    }
    out.vote_share[scheme.name] = best!.count / keys.length;
    if (tie) out.ties.push(scheme.name);
    if (isSpanScheme(scheme)) out.spans.push(...best!.record.spans.filter((s) => s.schema === scheme.name));
    else out.labels[scheme.name] = best!.record.labels[scheme.name];
  }
  out.spans.sort(
    (a, b) => a.start - b.start || a.end - b.end || a.schema.localeCompare(b.schema) || a.label.localeCompare(b.label),
  );
  return out;
}
