/**
 * Full-text search over the task's items (text and fields) and over the answers given (label names, typed
 * values, span texts and labels). Two inverted indexes over the items' positions, built at the first search and
 * kept current after it: items imported later are indexed at the next search, and each submission re-indexes its
 * item's answers through the submit hook. Which annotators' answers matched is read only for the hits returned.
 * Admins search everything; an annotator searches their own list and answers.
 */
import type { Store } from '../ports.js';
import type { Task } from '../task.js';
import type { SubmitHook } from '../annotation/annotation-service.js';
import type { AnnotationRecord } from '../annotation/records.js';
import { InvertedIndex, words } from './inverted-index.js';

export interface SearchHit {
  instance_id: string;
  /** a stretch of the text around the first word found there, or its start */
  snippet: string;
  /** where the words were found: the item (text and fields), answers, or both */
  matched_in: ('item' | 'answers')[];
  /** annotators whose answers hold the words (admins only) */
  annotators?: string[];
}

export interface SearchResult {
  query: string;
  results: SearchHit[];
  /** more hits than `limit` exist */
  truncated: boolean;
}

/** What search reads of the annotations: who answered an item, and their answer. */
export interface AnswerSource {
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  get(username: string, instanceId: string): AnnotationRecord | undefined;
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

function itemText(task: Task, position: number): string {
  const instance = task.instances[position];
  const fields = Object.values(instance.data).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );
  return `${instance.id} ${fields.join(' ')}`;
}

function snippet(text: string, query: string): string {
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

const holdsAll = (text: string, wanted: readonly string[]) => {
  const have = new Set(words(text));
  return wanted.every((w) => have.has(w));
};

export class SearchService {
  private readonly items = new InvertedIndex();
  private indexedItems = 0;
  /** item position → the words of every answer to it, as indexed */
  private readonly answers = new InvertedIndex();
  private readonly answerTexts = new Map<number, string>();
  private answersBuilt = false;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly source: AnswerSource,
  ) {}

  /** Keeps the answer index current; nothing is done before the first search builds it. */
  readonly hook: SubmitHook = {
    after: ({ after, changed }) => {
      if (this.answersBuilt && changed) this.reindex(after.instance_id, after);
      return undefined;
    },
    failed: ({ after }) => {
      if (this.answersBuilt) this.reindex(after.instance_id);
    },
  };

  /** The item's answer words again, from the store (and `latest`, not yet stored). */
  private reindex(instanceId: string, latest?: AnnotationRecord): void {
    const position = this.task.positionById.get(instanceId);
    if (position === undefined) return;
    const names = new Set(this.source.annotatorsOf(instanceId));
    if (latest) names.add(latest.username);
    const parts: string[] = [];
    for (const name of names) {
      const record = latest && name === latest.username ? latest : this.source.get(name, instanceId);
      if (record) parts.push(answerText(record));
    }
    this.setAnswers(position, parts.join(' '));
  }

  private setAnswers(position: number, text: string): void {
    const old = this.answerTexts.get(position);
    if (old !== undefined) this.answers.remove(position, old);
    this.answerTexts.set(position, text);
    this.answers.add(position, text);
  }

  /** Indexes what is not yet: items added since the last search, and every answer at the first. */
  private ensure(): void {
    for (; this.indexedItems < this.task.instances.length; this.indexedItems++) {
      const n = this.indexedItems;
      this.items.add(n, this.task.instances[n].text);
      this.items.add(n, itemText(this.task, n));
    }
    if (!this.answersBuilt) {
      this.answersBuilt = true;
      const texts = new Map<number, string[]>();
      for (const [, record] of this.store.entries('annotations')) {
        const position = this.task.positionById.get(record.instance_id);
        if (position === undefined) continue;
        let list = texts.get(position);
        if (!list) texts.set(position, (list = []));
        list.push(answerText(record));
      }
      for (const [position, list] of texts) this.setAnswers(position, list.join(' '));
    }
  }

  /** Words in the items' texts and fields, and in everyone's answers (admins). */
  all(query: string, limit: number): SearchResult {
    return this.find(query, limit, undefined);
  }

  /** Words in the caller's items and in their own answers; `list` is their list of instance ids. */
  mine(query: string, limit: number, username: string, list: readonly string[]): SearchResult {
    return this.find(query, limit, { username, list: new Set(list) });
  }

  private find(
    query: string,
    limit: number,
    only: { username: string; list: ReadonlySet<string> } | undefined,
  ): SearchResult {
    this.ensure();
    const wanted = [...new Set(words(query))];
    const inList = only ? (position: number) => only.list.has(this.task.instances[position].id) : undefined;
    const own = only
      ? (position: number) => {
          const record = this.source.get(only.username, this.task.instances[position].id);
          return !!record && only.list.has(record.instance_id) && holdsAll(answerText(record), wanted);
        }
      : undefined;
    // one more than asked for tells whether there are more; each index stops there
    const fromItems = this.items.search(query, limit + 1, inList);
    const fromAnswers = this.answers.search(query, limit + 1, own);
    const itemHits = new Set(fromItems);
    const answerHits = new Set(fromAnswers);
    const positions = [...new Set([...fromItems, ...fromAnswers])].sort((a, b) => a - b);
    const results = positions.slice(0, limit).map((position): SearchHit => {
      const instance = this.task.instances[position];
      const out: SearchHit = {
        instance_id: instance.id,
        snippet: snippet(instance.text, query),
        matched_in: [
          ...(itemHits.has(position) ? (['item'] as const) : []),
          ...(answerHits.has(position) ? (['answers'] as const) : []),
        ],
      };
      if (!only) {
        out.annotators = [...this.source.annotatorsOf(instance.id)]
          .filter((name) => {
            const record = this.source.get(name, instance.id);
            return !!record && holdsAll(answerText(record), wanted);
          })
          .sort();
      }
      return out;
    });
    return { query, results, truncated: positions.length > limit };
  }
}
