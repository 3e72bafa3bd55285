/**
 * Which key picks which label. A label's own `key_value` comes first. Schemes with Potato's
 * `sequential_key_binding` each get a row of their own, as Potato's allocator gives them (the number row, then
 * q–p, then a–l). The remaining choice labels take the free keys of 1–9, 0, then q–p in scheme order, a scheme
 * starting on the next row when it would not fit in what is left of the current one, so a 1–5 scale is never
 * split over `8 9 0 q w`. Command keys never collide with label keys: a config that binds a command's key to a
 * label wins, and the command keeps its other key.
 */
import type { Scheme } from '../api/types.js';

const NUMBER_ROW = [...'1234567890'];
const TOP_ROW = [...'qwertyuiop'];
const HOME_ROW = [...'asdfghjkl'];
const ROWS = [NUMBER_ROW, TOP_ROW];
const POTATO_POOLS = [NUMBER_ROW, TOP_ROW, HOME_ROW];

/**
 * The labels of a scheme that are picked by a key (a choice type's labels, the keys a structured type binds), or
 * undefined for a scheme without such labels; the scheme-type registry (features/annotate/schemes/registry.ts)
 * answers this, so no type is named here. Span labels get their keys only while a selection is pending.
 */
export type KeyedLabels = (scheme: Scheme) => readonly KeyedLabel[] | undefined;

export interface LabelKey {
  key: string;
  scheme: string;
  label: string;
}

/** Normalises a key as KeyboardEvent.key reports it, so "Q" (shift held) and "q" are one key. */
export const normKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

/** A keyed label: a choice label, or a key a structured type binds (its `key_value` is the type's own key). */
export interface KeyedLabel {
  name: string;
  key_value?: string;
}

export function assignLabelKeys(schemes: Scheme[], keyed: KeyedLabels): LabelKey[] {
  const choices = schemes.flatMap((s) => {
    const labels = keyed(s);
    return labels ? [{ ...s, labels: [...labels] }] : [];
  });
  const taken = new Map<string, LabelKey>();
  for (const s of choices) {
    for (const l of s.labels) {
      const key = l.key_value ? normKey(String(l.key_value)) : '';
      if (key && !taken.has(key)) taken.set(key, { key, scheme: s.name, label: l.name });
    }
  }
  const bound = new Set([...taken.values()].map((k) => `${k.scheme}\u0000${k.label}`));
  const open = (s: Scheme) => s.labels.filter((l) => !bound.has(`${s.name}\u0000${l.name}`));
  const give = (s: Scheme, keys: string[]) =>
    open(s).forEach((l, i) => {
      if (!keys[i]) return;
      taken.set(keys[i], { key: keys[i], scheme: s.name, label: l.name });
      bound.add(`${s.name}\u0000${l.name}`);
    });
  const free = (keys: string[]) => keys.filter((k) => !taken.has(k));

  const pools = [...POTATO_POOLS];
  for (const s of choices.filter((c) => c.sequential_key_binding)) {
    const n = open(s).length;
    const at = pools.findIndex((p) => free(p).length >= n);
    if (n === 0 || at < 0) continue; // no row is free enough: it takes keys with the rest below
    give(s, free(pools[at]));
    pools.splice(at, 1);
  }

  let row = 0;
  for (const s of choices) {
    const n = open(s).length;
    if (n === 0) continue;
    const fits = ROWS.findIndex((r, i) => i >= row && free(r).length >= n);
    if (fits >= 0) {
      give(s, free(ROWS[fits]));
      row = fits;
      continue;
    }
    const rest = free(ROWS.slice(row).flat());
    if (!rest.length) break; // more labels than keys: the rest are picked by Tab and Space
    give(s, rest);
    row = ROWS.length - 1;
  }
  return [...taken.values()];
}

/** A key that puts the focus into a value field (text, number, slider): one key from anywhere. */
export interface FieldKey {
  key: string;
  scheme: string;
}

/**
 * Free letter keys for the value fields, after the label keys, never a command's key (the number row stays
 * with a focused question's answers).
 */
export function assignFieldKeys(fields: string[], labelKeys: LabelKey[]): FieldKey[] {
  const commandKeys = new Set(Object.values(COMMANDS).flatMap((c) => c.keys));
  const free = [...TOP_ROW, ...'zxcvbm'].filter((k) => !commandKeys.has(k) && !labelKeys.some((l) => l.key === k));
  return fields.flatMap((scheme, i) => (free[i] ? [{ key: free[i], scheme }] : []));
}

/** Keys a pending span selection offers its labels on: the number row, then the letter rows. */
const SPAN_KEYS = [...'1234567890qwertyuiopasdfghjklzxcvbnm'];

export interface SpanKeyed {
  scheme: string;
  label: string;
  key_value?: string;
}

/**
 * Keys for span labels while a selection is pending: a label's own `key_value` first, then the free keys of
 * SPAN_KEYS in scheme order. Labels past the last key have none; the picker's filter reaches them.
 */
export function assignSpanKeys(labels: SpanKeyed[]): LabelKey[] {
  const out = new Map<string, LabelKey>();
  const own = new Set<SpanKeyed>();
  for (const l of labels) {
    const key = l.key_value ? normKey(String(l.key_value)) : '';
    if (key && key.length === 1 && !out.has(key)) {
      out.set(key, { key, scheme: l.scheme, label: l.label });
      own.add(l);
    }
  }
  const free = SPAN_KEYS.filter((k) => !out.has(k));
  for (const l of labels) {
    if (own.has(l)) continue;
    const key = free.shift();
    if (!key) break;
    out.set(key, { key, scheme: l.scheme, label: l.label });
  }
  return labels.flatMap((l) => [...out.values()].filter((k) => k.scheme === l.scheme && k.label === l.label));
}

export interface Command {
  keys: string[];
  label: string;
}

/** The commands of the annotate screen; the keymap overlay lists these with the label keys. */
export const COMMANDS = {
  submit: { keys: ['Enter'], label: 'Submit and go to the next instance' },
  next: { keys: ['ArrowRight', ']'], label: 'Next instance (saves changes)' },
  prev: { keys: ['ArrowLeft', '['], label: 'Previous instance (saves changes)' },
  unannotated: { keys: ['n'], label: 'Jump to the next unannotated instance' },
  undo: {
    keys: ['Ctrl+Z'],
    label:
      "Undo: back to the instance just submitted, its answers as they were before (first, this instance's unsaved changes)",
  },
  spanMode: { keys: ['s'], label: 'Select text for a span by keyboard' },
  acceptAi: { keys: ['a'], label: 'Accept the AI suggestion (fills the form; not saved until you submit)' },
  acceptPrediction: { keys: ['g'], label: 'Accept the pre-annotation (fills the form; not saved until you submit)' },
  nextQuestion: {
    keys: ['f'],
    label: 'Focus the next question; with a question focused, 1–0 pick its answers in order',
  },
  instructions: { keys: ['i', 'h'], label: 'Show or hide the task instructions' },
  search: {
    keys: ['/'],
    label: 'Search your items and answers; Enter searches, ↑ ↓ move through the results, Enter goes to one',
  },
  help: { keys: ['?'], label: 'Show or hide this keymap' },
} satisfies Record<string, Command>;

/** The note and flag keys (features/annotate/item-note.tsx): Shift+letter, so no label key takes them. */
export const NOTE_COMMANDS: Command[] = [
  { keys: ['Shift+N'], label: 'Write a note on this item (Enter saves it, Esc leaves it)' },
  { keys: ['Shift+U'], label: 'Flag the item: unsure' },
  { keys: ['Shift+B'], label: 'Flag the item: broken item' },
  { keys: ['Shift+D'], label: 'Flag the item: needs discussion' },
];

export const SPAN_MODE_COMMANDS: Command[] = [
  { keys: ['ArrowRight', 'ArrowLeft'], label: 'Select the next / previous word' },
  { keys: ['Shift+ArrowRight', 'Shift+ArrowLeft'], label: 'Extend / shrink the selection by a word' },
  { keys: ['/'], label: 'Filter the span labels by typing; Enter picks the first match' },
  { keys: ['Escape'], label: 'Leave span selection' },
];

/** The command a key triggers, unless a label key claims it. */
export function commandFor(key: string, labelKeys: ReadonlySet<string>): keyof typeof COMMANDS | undefined {
  const k = normKey(key);
  if (labelKeys.has(k)) return undefined;
  for (const [name, c] of Object.entries(COMMANDS)) if (c.keys.includes(k)) return name as keyof typeof COMMANDS;
  return undefined;
}

export const keyName = (key: string) =>
  ({
    ArrowRight: '→',
    ArrowLeft: '←',
    ArrowUp: '↑',
    ArrowDown: '↓',
    'Shift+ArrowRight': 'Shift+→',
    'Shift+ArrowLeft': 'Shift+←',
    Enter: 'Enter',
    Escape: 'Esc',
  })[key] ?? key;
