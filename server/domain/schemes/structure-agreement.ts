/**
 * Agreement measures for answers with structure: links, coreference chains, events, post-edits and per-node tree
 * answers. Each answer becomes a key (a string the agreement report codes like a category) and a distance between
 * two keys from 0 (the same) to 1, which Krippendorff's alpha takes as its difference function.
 *
 * Spans are compared by where they are (start and end), not by their label or the annotator's span ids: labels are
 * the span scheme's own agreement, and a span's stored id says where it is (`<scheme>_<label>_<start>_<end>`).
 */
import { distance as levenshtein } from 'fastest-levenshtein';
import type { Scheme } from '../task.js';
import type { AgreementMeasure } from './module.js';

/** Where a stored span reference points: "start-end", read off Potato's span id. */
function place(ref: unknown): string {
  const m = /_(\d+)_(\d+)$/.exec(String(ref));
  return m ? `${m[1]}-${m[2]}` : String(ref);
}

/** The scheme's stored entries (a JSON array under the label named like the scheme), or undefined. */
function entriesOf(scheme: Scheme, chosen: Readonly<Record<string, string>>): Record<string, unknown>[] | undefined {
  const raw = chosen[scheme.name];
  if (raw === undefined) return undefined;
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) && parsed.length ? (parsed as Record<string, unknown>[]) : undefined;
}

/**
 * The parsed form of a key: alpha compares each distinct answer with many others, so each is parsed once. The
 * cache is bounded (and starts over when full) so a long-running server does not keep every answer it has seen.
 */
export function memo<T>(parse: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let parsed = cache.get(key);
    if (parsed === undefined) {
      if (cache.size >= 20_000) cache.clear();
      cache.set(key, (parsed = parse(key)));
    }
    return parsed;
  };
}

/** A set of facts as one key: each fact JSON-encoded (so no fact holds a newline), sorted, one a line. */
const keyOf = (facts: Iterable<string>) => [...new Set(facts)].sort().join('\n');
const factsOf = memo((key: string) => new Set(key === '' ? [] : key.split('\n')));

/** 1 − F1 between two sets of facts (the Dice distance): 0 when both are empty. */
export function f1Distance(a: string, b: string): number {
  const x = factsOf(a);
  const y = factsOf(b);
  if (x.size + y.size === 0) return 0;
  let common = 0;
  for (const f of x) if (y.has(f)) common++;
  return 1 - (2 * common) / (x.size + y.size);
}

/** Links as facts: the link type and its spans' places, in order when directed and sorted when not. */
export const LINK_F1: AgreementMeasure = {
  level: 'link_f1',
  column: 'value',
  value(scheme, chosen) {
    const entries = entriesOf(scheme, chosen);
    if (!entries) return undefined;
    return keyOf(
      entries.map((e) => {
        const places = (e.span_ids as unknown[]).map(place);
        if (e.direction !== 'directed') places.sort();
        return JSON.stringify([String(e.link_type), ...places]);
      }),
    );
  },
  distance: f1Distance,
};

/** Events as facts: each event's type and trigger, and each argument as (type, trigger, role, place). */
export const EVENT_F1: AgreementMeasure = {
  level: 'event_f1',
  column: 'value',
  value(scheme, chosen) {
    const entries = entriesOf(scheme, chosen);
    if (!entries) return undefined;
    return keyOf(
      entries.flatMap((e) => {
        const head = [String(e.event_type), place(e.trigger_span_id)];
        const args = ((e.arguments as { role: string; span_id: string }[] | undefined) ?? []).map((a) =>
          JSON.stringify([...head, String(a.role), place(a.span_id)]),
        );
        return [JSON.stringify(head), ...args];
      }),
    );
  },
  distance: f1Distance,
};

/** Chains as one key: each chain its mentions' places sorted and comma-joined, one chain a line. */
const chainsOf = memo((key: string) => (key === '' ? [] : key.split('\n').map((line) => line.split(','))));

/**
 * MUC recall of `response` against `key` (Vilain et al. 1995): of the links a key chain needs (its size less
 * one), how many survive when the chain is cut where the response separates its mentions. A mention the response
 * has in no chain stands alone. Returns [found, needed].
 */
function mucRecall(key: string[][], response: string[][]): [number, number] {
  const chainOf = new Map<string, number>();
  response.forEach((chain, i) => chain.forEach((m) => chainOf.set(m, i)));
  let found = 0;
  let needed = 0;
  for (const chain of key) {
    const parts = new Set(chain.map((m) => chainOf.get(m) ?? `alone:${m}`));
    found += chain.length - parts.size;
    needed += chain.length - 1;
  }
  return [found, needed];
}

/**
 * 1 − MUC F1 between two chain sets. Singleton chains carry no links, so MUC gives them no weight; two answers
 * that link nothing agree (0), and one that links nothing against one that does disagree fully (1).
 */
export function mucDistance(a: string, b: string): number {
  const x = chainsOf(a);
  const y = chainsOf(b);
  const [rFound, rNeeded] = mucRecall(x, y);
  const [pFound, pNeeded] = mucRecall(y, x);
  if (rNeeded === 0 && pNeeded === 0) return 0;
  if (rNeeded === 0 || pNeeded === 0) return 1;
  const recall = rFound / rNeeded;
  const precision = pFound / pNeeded;
  return recall + precision === 0 ? 1 : 1 - (2 * recall * precision) / (recall + precision);
}

export const CHAIN_MUC: AgreementMeasure = {
  level: 'chain_muc',
  column: 'value',
  value(scheme, chosen) {
    const entries = entriesOf(scheme, chosen);
    if (!entries) return undefined;
    return entries
      .map((e) => (e.span_ids as unknown[]).map(place).sort().join(','))
      .sort()
      .join('\n');
  },
  distance: mucDistance,
};

/** Levenshtein distance over characters, divided by the longer text's length: 0 for two empty texts. */
export function editDistance(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 0 : levenshtein(a, b) / longer;
}

/** Per-node answers as one key: [[node, answer as JSON], ...] sorted by node, then the selected path or null. */
export function nodeKey(
  nodes: Readonly<Record<string, unknown>> | undefined,
  path: readonly unknown[] | undefined,
): string | undefined {
  const answered = Object.entries(nodes ?? {}).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
  if (!answered.length && !path?.length) return undefined;
  return JSON.stringify([answered.map(([node, answer]) => [node, JSON.stringify(answer)]), path?.length ? path : null]);
}

const nodesOf = memo((key: string): [Map<string, string>, string | null] => {
  const [nodes, path] = JSON.parse(key) as [[string, string][], string[] | null];
  return [new Map(nodes), path ? JSON.stringify(path) : null];
});

/**
 * The share of units on which two tree answers differ. The units are the nodes either answered (a node one left
 * unanswered differs) and, when either selected a path, the path as one more unit.
 */
export function nodeDistance(a: string, b: string): number {
  const [x, pathA] = nodesOf(a);
  const [y, pathB] = nodesOf(b);
  let units = 0;
  let differ = 0;
  for (const [node, answer] of x) {
    units++;
    if (y.get(node) !== answer) differ++;
  }
  for (const node of y.keys()) {
    if (!x.has(node)) {
      units++;
      differ++;
    }
  }
  if (pathA || pathB) {
    units++;
    if (pathA !== pathB) differ++;
  }
  return units === 0 ? 0 : differ / units;
}
