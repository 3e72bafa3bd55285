/**
 * Full-text search over the task's items (text and fields) and over the answers given (label names, typed
 * values, span texts and labels). Two inverted indexes over the items' positions, built in the background in
 * slices of a few milliseconds, so neither a request nor the event loop waits for the whole build; a search before
 * it is done waits for the rest. A project of up to EAGER_ITEMS items starts its build with the server; a larger one
 * at its first search, because there the indexes cost hundreds of megabytes that a project nobody searches should
 * not carry (docs/performance.md has the figures). Kept current after it: items imported later are indexed
 * at the next search, and each submission marks its item through the submit hook, whose answers the next search
 * indexes again (a submission pays one set insertion, not its item's answers read and indexed). Which
 * annotators' answers matched is read only for the hits returned. Admins search everything; an annotator
 * searches their own list and answers.
 */
import type { Store } from '../ports.js';
import type { Task } from '../task.js';
import type { SubmitHook } from '../annotation/annotation-service.js';
import { InvertedIndex } from './inverted-index.js';
import { find, type SearchResult } from './find.js';
import { answerText, itemText, type IndexedAnswers } from './search-texts.js';

export type { SearchResult } from './find.js';

/** How long the background build holds the event loop at a time: under the p99 latency the server keeps. */
const SLICE_MS = 3;

/** Up to this many items the indexes are built from the server's start (a few tens of megabytes at most). */
export const EAGER_ITEMS = 20_000;

export class SearchService {
  private readonly items = new InvertedIndex();
  /** item position → the words of every answer to it, as indexed */
  private readonly answers = new InvertedIndex();
  private readonly answerTexts = new Map<number, string>();
  /** indexed items whose answers changed since their words were indexed */
  private readonly stale = new Set<number>();
  /** positions below this are in both indexes */
  private indexed = 0;
  private building: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly source: IndexedAnswers,
  ) {}

  /**
   * Marks the item whose answers changed; the next search indexes its answers again from the store. Submissions
   * far outnumber searches, and re-indexing at each one read and decoded every annotator's answer to the item.
   */
  readonly hook: SubmitHook = {
    after: ({ after, changed }) => {
      if (changed) this.mark(after.instance_id);
      return undefined;
    },
    // the write failed: the item's answers are what they were, and a mark made for it is merely spent
    external: ({ instanceId }) => {
      this.mark(instanceId);
    },
  };

  private mark(instanceId: string): void {
    const position = this.task.positionById.get(instanceId);
    if (position !== undefined && position < this.indexed) this.stale.add(position);
  }

  /** Indexes the marked items' answers again, from the store, until the time given; whether any are left. */
  private refreshUntil(deadline: number): boolean {
    for (const position of this.stale) {
      this.stale.delete(position);
      this.indexAnswers(position, this.task.instances[position].id);
      if (performance.now() >= deadline) break;
    }
    return this.stale.size > 0;
  }

  private indexAnswers(position: number, instanceId: string): void {
    const parts: string[] = [];
    for (const name of this.source.annotatorsOf(instanceId)) {
      const record = this.source.get(name, instanceId);
      if (record) parts.push(answerText(record));
    }
    if (parts.length || this.answerTexts.has(position)) this.setAnswers(position, parts.join(' '));
  }

  private setAnswers(position: number, text: string): void {
    const old = this.answerTexts.get(position);
    if (old !== undefined) this.answers.remove(position, old);
    this.answerTexts.set(position, text);
    this.answers.add(position, text);
  }

  /** Starts indexing in the background (the server's start), unless the project is too large to index unasked. */
  start(): void {
    if (this.task.instances.length > EAGER_ITEMS) return;
    // a build that failed (the store closed under it) starts again at the next search, which reports the error
    this.ready().catch(() => undefined);
  }

  /** How many items are in both indexes so far. */
  get indexedItems(): number {
    return this.indexed;
  }

  /** Stops the background build (the server's close). */
  close(): void {
    this.stopped = true;
  }

  /**
   * Resolves once every item is in both indexes with its answers as stored: items added since are indexed now and
   * marked ones again, a slice at a time (a search after many submissions may have thousands to index again).
   */
  async ready(): Promise<void> {
    if (this.indexed < this.task.instances.length) {
      if (!this.stopped) {
        this.building ??= this.build().finally(() => {
          this.building = undefined;
        });
        await this.building;
      }
      // a build stopped half-way (the services composed again) still answers in full
      this.indexUntil(Infinity);
    }
    while (this.refreshUntil(performance.now() + SLICE_MS)) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private async build(): Promise<void> {
    await this.source.storedRead;
    while (!this.stopped && this.indexUntil(performance.now() + SLICE_MS))
      await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Indexes items in order until the time given (performance.now()); whether any are left. */
  private indexUntil(deadline: number): boolean {
    const { instances } = this.task;
    while (this.indexed < instances.length) {
      const n = this.indexed;
      const instance = instances[n];
      this.items.add(n, instance.text);
      this.items.add(n, itemText(this.task, n));
      this.indexAnswers(n, instance.id);
      this.indexed = n + 1;
      if (performance.now() >= deadline) break;
    }
    return this.indexed < instances.length;
  }

  /** Words in the items' texts and fields, and in everyone's answers (admins). */
  async all(query: string, limit: number): Promise<SearchResult> {
    await this.ready();
    return find(this.searched(), query, limit, undefined);
  }

  /**
   * Words in the caller's items and in their own answers; `list` is their list of instance ids, or null for every
   * item of the task (search-and-claim), still with only their own answers.
   */
  async mine(query: string, limit: number, username: string, list: readonly string[] | null): Promise<SearchResult> {
    await this.ready();
    return find(this.searched(), query, limit, { username, list: list && new Set(list) });
  }

  private searched() {
    return { task: this.task, source: this.source, items: this.items, answers: this.answers, indexed: this.indexed };
  }
}
