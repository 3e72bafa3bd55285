/**
 * The search index's build while the index of who annotated what is still being read from the store (the server's
 * first seconds): the build waits for that reading instead of asking for it at once, which would read every
 * remaining answer in one go and hold the event loop for it, and then finds the answers' words all the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnnotationIndex } from '../../../../server/domain/annotation/annotation-index.js';
import { annotationKey, type AnnotationRecord } from '../../../../server/domain/annotation/records.js';
import { SearchService } from '../../../../server/domain/search/search-service.js';
import { createTask, type Instance } from '../../../../server/domain/task.js';
import { JournalStore } from '../../../../server/storage/journal-store.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const ITEMS = 300;
const instances: Instance[] = Array.from({ length: ITEMS }, (_, n) => ({
  id: `item-${n}`,
  text: `text ${n}`,
  data: {},
}));
const task = createTask([], instances, {});

const answer = (username: string, n: number): AnnotationRecord => ({
  username,
  instance_id: `item-${n}`,
  labels: { topic: { other: n % 50 === 7 ? 'zebra crossing' : 'plain road' } },
  spans: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

let store: JournalStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** A store holding two annotators' answers to every item, reopened so they are read from its pack file. */
async function storedAnswers(): Promise<JournalStore> {
  const dir = tempDir('marginalia-search-');
  const first = await JournalStore.open(dir, { packed: ['annotations'] });
  const answers = ['ann', 'bo'].flatMap((name) => instances.map((_, n) => answer(name, n)));
  await first.write(
    answers.map((a) => ({ table: 'annotations', key: annotationKey(a.username, a.instance_id), value: a })),
  );
  await first.compact();
  await first.close();
  return JournalStore.open(dir, { packed: ['annotations'] });
}

describe('SearchService while the stored answers are still being read', () => {
  it('waits for the reading rather than reading them all at once, then finds their words', async () => {
    store = await storedAnswers();
    const opened = store;
    const outline = opened.outline('annotations', ['username', 'instance_id', 'updated_at'], ['labels', 'spans']);
    const index = new AnnotationIndex(task, opened.size('annotations'), outline);
    // read between turns of the event loop, 50 answers at a time, as the server reads them after it starts
    const storedRead = new Promise<void>((done) => {
      const slice = () => (index.indexSome(50) ? setImmediate(slice) : done());
      setImmediate(slice);
    });
    const search = new SearchService(opened, task, {
      annotatorsOf: (id) => index.annotatorsOf(id),
      get: (username, id) => opened.get('annotations', annotationKey(username, id)),
      storedRead,
    });

    const found = search.all('zebra', 100);
    expect(index.indexSome(0)).toBe(true); // the search has not read the answers left in one go
    const result = await found;
    expect(index.indexSome(0)).toBe(false);
    const ids = result.results.map((hit) => hit.instance_id).sort();
    expect(ids).toEqual(['item-107', 'item-157', 'item-207', 'item-257', 'item-57', 'item-7']);
    expect(result.results[0]).toMatchObject({ matched_in: ['answers'], annotators: ['ann', 'bo'] });
    expect(search.indexedItems).toBe(ITEMS);
  });
});
