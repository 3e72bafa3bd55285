/**
 * Which key picks which label, as Potato binds them: a label's own `key_value` first, then the remaining choice
 * labels in scheme order take the free keys of 1–9, 0, then q–p. Command keys never collide with label keys:
 * a config that binds a command's key to a label wins, and the command keeps its other key.
 */
import type { Scheme } from '../api/types.js';

export const SEQUENTIAL_KEYS = [...'1234567890qwertyuiop'];

/** Scheme types whose labels are picked by a key (spans get their keys only while a selection is pending). */
export const CHOICE_TYPES = new Set(['radio', 'multiselect', 'likert', 'select']);

export interface LabelKey {
  key: string;
  schema: string;
  label: string;
}

/** Normalises a key as KeyboardEvent.key reports it, so "Q" (shift held) and "q" are one key. */
export const normKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

export function assignLabelKeys(schemes: Scheme[]): LabelKey[] {
  const choices = schemes.filter((s) => CHOICE_TYPES.has(s.annotation_type));
  const taken = new Map<string, LabelKey>();
  for (const s of choices) {
    for (const l of s.labels) {
      const key = l.key_value ? normKey(String(l.key_value)) : '';
      if (key && !taken.has(key)) taken.set(key, { key, schema: s.name, label: l.name });
    }
  }
  const bound = new Set([...taken.values()].map((k) => `${k.schema}\u0000${k.label}`));
  const free = SEQUENTIAL_KEYS.filter((k) => !taken.has(k));
  for (const s of choices) {
    for (const l of s.labels) {
      if (bound.has(`${s.name}\u0000${l.name}`)) continue;
      const key = free.shift();
      if (!key) return [...taken.values()]; // more labels than keys: the rest are picked by Tab and Space
      taken.set(key, { key, schema: s.name, label: l.name });
    }
  }
  return [...taken.values()];
}

/** Keys a pending span selection offers its labels on: the number row, then the letter rows. */
export const SPAN_KEYS = [...'1234567890qwertyuiopasdfghjklzxcvbnm'];

export interface SpanKeyed {
  schema: string;
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
      out.set(key, { key, schema: l.schema, label: l.label });
      own.add(l);
    }
  }
  const free = SPAN_KEYS.filter((k) => !out.has(k));
  for (const l of labels) {
    if (own.has(l)) continue;
    const key = free.shift();
    if (!key) break;
    out.set(key, { key, schema: l.schema, label: l.label });
  }
  return labels.flatMap((l) => [...out.values()].filter((k) => k.schema === l.schema && k.label === l.label));
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
  spanMode: { keys: ['s'], label: 'Select text for a span by keyboard' },
  acceptAi: { keys: ['a'], label: 'Accept the AI suggestion (fills the form; not saved until you submit)' },
  acceptPrediction: { keys: ['g'], label: 'Accept the pre-annotation (fills the form; not saved until you submit)' },
  instructions: { keys: ['i', 'h'], label: 'Show or hide the task instructions' },
  help: { keys: ['?'], label: 'Show or hide this keymap' },
} satisfies Record<string, Command>;

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
  ({ ArrowRight: '→', ArrowLeft: '←', 'Shift+ArrowRight': 'Shift+→', 'Shift+ArrowLeft': 'Shift+←', Enter: 'Enter', Escape: 'Esc' })[key] ?? key;
