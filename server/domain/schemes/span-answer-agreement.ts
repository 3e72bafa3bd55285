/**
 * Agreement measures for answers that quote the text: an extractive QA answer, MQM error spans, and events told
 * across documents. Each answer becomes a key and each pair of keys a distance from 0 (the same) to 1, which
 * Krippendorff's alpha takes as its difference function; docs/agreement.md says why each measure was chosen.
 */
import { munkres } from 'munkres';
import type { AgreementMeasure } from './module.js';
import { memo } from './structure-agreement.js';

/** The scheme's stored JSON answer, or undefined. */
function stored(name: string, chosen: Readonly<Record<string, string>>): Record<string, unknown> | undefined {
  const raw = chosen[name];
  return raw === undefined ? undefined : (JSON.parse(raw) as Record<string, unknown>);
}

/**
 * SQuAD's answer normalisation: lower case, punctuation and symbols removed, then the articles a/an/the, split on
 * white space.
 */
export function answerTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const UNANSWERABLE = 'unanswerable';
const tokensOf = memo((key: string) => JSON.parse(key) as string[]);

/**
 * 1 − SQuAD's token F1 between two answers: the overlap of their token bags. "Unanswerable" matches only itself,
 * as SQuAD 2.0 scores a no-answer, and so does an answer of no tokens once normalised.
 */
export function tokenF1Distance(a: string, b: string): number {
  if (a === b) return 0;
  if (a === UNANSWERABLE || b === UNANSWERABLE) return 1;
  const x = tokensOf(a);
  const y = tokensOf(b);
  if (!x.length || !y.length) return 1;
  const left = new Map<string, number>();
  for (const t of x) left.set(t, (left.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of y) {
    const n = left.get(t);
    if (n) {
      common++;
      left.set(t, n - 1);
    }
  }
  return 1 - (2 * common) / (x.length + y.length);
}

/** extractive_qa: the answer's normalised tokens (so exact match is a distance of 0), or "unanswerable". */
export const QA_TOKEN_F1: AgreementMeasure = {
  level: 'token_f1',
  column: 'value',
  value(scheme, chosen) {
    const answer = stored(scheme.name, chosen);
    if (!answer) return undefined;
    return answer.unanswerable ? UNANSWERABLE : JSON.stringify(answerTokens(String(answer.answer_text)));
  },
  distance: tokenF1Distance,
  pairwise: true,
};

type Ranges = Map<string, [number, number][]>;

/** Errors by (type, severity), each label's ranges merged so overlapping errors of one annotator count once. */
const rangesOf = memo((key: string): [Ranges, number] => {
  const byLabel: Ranges = new Map();
  for (const [start, end, type, severity] of JSON.parse(key) as [number, number, string, string][]) {
    const label = JSON.stringify([type, severity]);
    const list = byLabel.get(label) ?? [];
    list.push([start, end]);
    byLabel.set(label, list);
  }
  let size = 0;
  for (const [label, list] of byLabel) {
    list.sort((p, q) => p[0] - q[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of list) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    for (const [s, e] of merged) size += e - s;
    byLabel.set(label, merged);
  }
  return [byLabel, size];
});

/** How many characters two merged range lists share. */
function overlap(x: readonly [number, number][], y: readonly [number, number][]): number {
  let shared = 0;
  for (let i = 0, j = 0; i < x.length && j < y.length;) {
    shared += Math.max(0, Math.min(x[i][1], y[j][1]) - Math.max(x[i][0], y[j][0]));
    if (x[i][1] < y[j][1]) i++;
    else j++;
  }
  return shared;
}

/**
 * 1 − character-level F1 between two sets of error spans: a character agrees where both marked it as an error
 * of the same type and severity. Two answers that found no error agree; one that found none against one that
 * found some disagree fully.
 */
export function errorSpanDistance(a: string, b: string): number {
  const [x, sizeX] = rangesOf(a);
  const [y, sizeY] = rangesOf(b);
  if (sizeX + sizeY === 0) return 0;
  let shared = 0;
  for (const [label, ranges] of x) {
    const other = y.get(label);
    if (other) shared += overlap(ranges, other);
  }
  return 1 - (2 * shared) / (sizeX + sizeY);
}

/** error_span: the errors as [start, end, type, severity], sorted; "no errors" is an answer too. */
export const ERROR_SPAN_F1: AgreementMeasure = {
  level: 'error_span_f1',
  column: 'value',
  value(scheme, chosen) {
    const answer = stored(scheme.name, chosen);
    if (!answer) return undefined;
    const errors = answer.errors as { start: number; end: number; type: string; severity: string }[];
    return JSON.stringify(
      errors.map((e) => [e.start, e.end, e.type, e.severity]).sort((p, q) => (p < q ? -1 : p > q ? 1 : 0)),
    );
  },
  distance: errorSpanDistance,
  pairwise: true,
};

/** Normalised slot text: case and runs of white space do not make two values differ. */
const slotText = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();

const eventsOf = memo((key: string) => (JSON.parse(key) as string[][]).map((facts) => new Set(facts)));

/** Dice similarity of two events' facts; two events of no facts are alike. */
function dice(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (x.size + y.size === 0) return 1;
  let common = 0;
  for (const f of x) if (y.has(f)) common++;
  return (2 * common) / (x.size + y.size);
}

/**
 * 1 − CEAF F1 (Luo 2005) between two documents' events: events are paired one to one so that the sum of their
 * Dice similarities is largest (the Hungarian algorithm), and that sum, divided by the mean number of events,
 * is the F1. Event ids are each annotator's own, so they take no part; an unpaired event scores 0.
 */
export function eventCeafDistance(a: string, b: string): number {
  if (a === b) return 0;
  const x = eventsOf(a);
  const y = eventsOf(b);
  const cost = x.map((e) => y.map((f) => 1 - dice(e, f)));
  let similarity = 0;
  for (const [i, j] of munkres(cost)) similarity += 1 - cost[i][j];
  return 1 - (2 * similarity) / (x.length + y.length);
}

/** multi_document_event: each event the set of its slot values and of its evidence (slot and place), sorted. */
export const EVENT_CEAF: AgreementMeasure = {
  level: 'event_ceaf',
  column: 'value',
  value(scheme, chosen) {
    const answer = stored(scheme.name, chosen);
    if (!answer) return undefined;
    const events = answer.events as {
      slot_values: Record<string, string>;
      evidence: { slot_name: string; span_start: number; span_end: number }[];
    }[];
    const keys = events.map((e) =>
      JSON.stringify(
        [
          ...Object.entries(e.slot_values).map(([slot, value]) => JSON.stringify([slot, slotText(value)])),
          ...e.evidence.map((c) => JSON.stringify([c.slot_name, c.span_start, c.span_end])),
        ].sort(),
      ),
    );
    return `[${keys.sort().join(',')}]`;
  },
  distance: eventCeafDistance,
  pairwise: true,
};
