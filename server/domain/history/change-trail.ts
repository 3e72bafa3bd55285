/**
 * The answer history of one annotator on one item in Potato's shape (its behavioral data's
 * `annotation_changes`): a label chosen in place of another is one change with the old label beside the new,
 * read from the saved changes, where it is a removal and an addition at the same moment.
 */
import { isoTime } from '../ports.js';
import type { AnswerChange } from './item-time.js';

export interface TrailChange {
  timestamp: string;
  schema_name: string;
  label_name: string;
  old_label: string | null;
  old_value: string | null;
  new_value: string | null;
  /** select: a label chosen or a value set; deselect: one removed */
  action: 'select' | 'deselect';
  source: 'user';
  /** where the change was made: annotation, or the type of a phase page (consent, prestudy, …) */
  phase: string;
  /** a phase page's name (null on items) */
  page: string | null;
}

/** `scheme:label` (a span `scheme:label[start:end]`) split at the first colon. */
function split(key: string): [string, string] {
  const at = key.indexOf(':');
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}

export function changeTrail(changes: readonly AnswerChange[]): TrailChange[] {
  const out: TrailChange[] = [];
  // the value each key held before, to give a removal its old value
  const held = new Map<string, string>();
  for (let i = 0; i < changes.length;) {
    let j = i;
    while (j < changes.length && changes[j][0] === changes[i][0]) j++;
    const moment = changes.slice(i, j);
    const removed = new Map<string, [string, string][]>();
    for (const [, key, value] of moment) {
      if (value !== null) continue;
      const [scheme, label] = split(key);
      removed.set(scheme, [...(removed.get(scheme) ?? []), [label, held.get(key) ?? '']]);
    }
    for (const [at, key, value] of moment) {
      const [scheme, label] = split(key);
      if (value === null) continue;
      // an addition takes the place of a label of the same scheme removed with it
      const old = removed.get(scheme)?.shift() ?? (held.has(key) ? [label, held.get(key)!] : undefined);
      out.push(entry(at, scheme, label, old, value, 'select'));
    }
    for (const [scheme, left] of removed)
      for (const [label, value] of left) out.push(entry(moment[0][0], scheme, label, [label, value], null, 'deselect'));
    for (const [, key, value] of moment) {
      if (value === null) held.delete(key);
      else held.set(key, value);
    }
    i = j;
  }
  return out;
}

function entry(
  at: number,
  scheme: string,
  label: string,
  old: [string, string] | undefined,
  value: string | null,
  action: TrailChange['action'],
): TrailChange {
  return {
    timestamp: isoTime(at),
    schema_name: scheme,
    label_name: label,
    old_label: old?.[0] ?? null,
    old_value: old?.[1] ?? null,
    new_value: value,
    action,
    source: 'user',
    phase: 'annotation',
    page: null,
  };
}

/** Potato's action type of a change: labels added, replaced or removed, spans added or removed. */
export function actionType(c: TrailChange): string {
  const span = /\[\d+:\d+\]$/.test(c.label_name);
  if (c.action === 'deselect') return span ? 'delete_span' : 'delete_label';
  if (span) return 'add_span';
  return c.old_label === null ? 'add_label' : 'update_label';
}
