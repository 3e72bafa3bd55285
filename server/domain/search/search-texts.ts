/** The text search reads of an item and of an answer, and the snippet a hit shows. */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Task } from '../task.js';
import { words } from './inverted-index.js';

/** What search reads of the annotations: who answered an item, and their answer. */
export interface AnswerSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
}

/**
 * The annotations as the search indexes them: `storedRead` settles once who-answered-what is read from the store,
 * which the server does in slices after it starts; the index build waits for it rather than ask `annotatorsOf`
 * early, which would read every remaining answer at once and hold the event loop for it.
 */
export interface IndexedAnswers extends AnswerSource {
  readonly storedRead: Promise<void>;
}

/** The words of an answer: its schemes' label names and typed values, its spans' labels and texts. */
export function answerText(record: AnnotationRecord): string {
  const parts: string[] = [];
  for (const chosen of Object.values(record.labels)) {
    for (const [label, value] of Object.entries(chosen)) {
      parts.push(label);
      if (value !== 'true') parts.push(value);
    }
  }
  for (const span of record.spans) parts.push(span.label, span.value);
  return parts.join(' ');
}

export function itemText(task: Task, position: number): string {
  const instance = task.instances[position];
  const fields = Object.values(instance.data).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );
  return `${instance.id} ${fields.join(' ')}`;
}

export function snippet(text: string, query: string): string {
  const lower = text.toLowerCase();
  const at = Math.min(
    ...words(query)
      .map((w) => lower.indexOf(w))
      .filter((i) => i >= 0),
    Infinity,
  );
  const from = Number.isFinite(at) ? Math.max(0, at - 60) : 0;
  const piece = text.slice(from, from + 160);
  return `${from > 0 ? '…' : ''}${piece}${from + 160 < text.length ? '…' : ''}`;
}

export const holdsAny = (text: string, wanted: readonly string[]) => {
  const have = new Set(words(text));
  return wanted.some((w) => have.has(w));
};
