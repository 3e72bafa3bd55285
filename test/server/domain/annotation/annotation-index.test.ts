/**
 * The index of who annotated what, read from a real journal store's packed answers a slice at a time as the
 * server does after it starts listening: whenever it is first used, and whatever changes meanwhile, it counts
 * what a full read would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnnotationIndex } from '../../../../server/domain/annotation/annotation-index.js';
import { annotationKey, type AnnotationRecord } from '../../../../server/domain/annotation/records.js';
import { createTask, type Instance } from '../../../../server/domain/task.js';
import { JournalStore } from '../../../../server/storage/journal-store.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const ITEMS = 400;
const PEOPLE = 8;
const instances: Instance[] = Array.from({ length: ITEMS }, (_, n) => ({
  id: `item-${n}`,
  text: `text ${n}`,
  data: {},
}));
const task = createTask([], instances, {});

const answer = (username: string, n: number, labelled: boolean, minute: number): AnnotationRecord => ({
  username,
  instance_id: `item-${n}`,
  labels: labelled ? { sentiment: { positive: 'true' } } : {},
  spans: [],
  created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

let open: JournalStore[] = [];
afterEach(async () => {
  for (const store of open) await store.close();
  open = [];
});

/** A store holding 3,200 answers (every 7th empty), reopened so they are read from its pack file. */
async function storedAnswers(): Promise<{ store: JournalStore; answers: AnnotationRecord[] }> {
  const dir = tempDir('marginalia-index-');
  const first = await JournalStore.open(dir, { packed: ['annotations'] });
  const answers: AnnotationRecord[] = [];
  for (let p = 0; p < PEOPLE; p++)
    for (let n = 0; n < ITEMS; n++) answers.push(answer(`u${p}`, n, (p * ITEMS + n) % 7 !== 0, (n * 13 + p) % 600));
  await first.write(
    answers.map((a) => ({ table: 'annotations', key: annotationKey(a.username, a.instance_id), value: a })),
  );
  await first.compact();
  await first.close();
  const store = await JournalStore.open(dir, { packed: ['annotations'] });
  open.push(store);
  return { store, answers };
}

const outline = (store: JournalStore) =>
  store.outline('annotations', ['username', 'instance_id', 'updated_at'], ['labels', 'spans']);

/** Everything the index answers, for comparing two of them. */
function readout(index: AnnotationIndex) {
  return {
    total: index.total(),
    atLeast: [0, 1, 2, 5, 7, 8, 9].map((k) => index.instancesWithAtLeast(k)),
    annotators: instances.map((i) => [...index.annotatorsOf(i.id)].sort()),
    counts: instances.map((i) => index.annotatorCount(i.id)),
    activity: Array.from({ length: PEOPLE }, (_, p) => index.activityOf(`u${p}`)),
  };
}

describe('AnnotationIndex read a slice at a time', () => {
  it('counts what reading every answer at once counts, used before, during or after the slices', async () => {
    const { store, answers } = await storedAnswers();
    const whole = new AnnotationIndex(task, store.size('annotations'), outline(store));
    expect(whole.indexSome(Infinity)).toBe(false);
    const expected = readout(whole);
    expect(expected.total).toBe(answers.filter((a) => Object.keys(a.labels).length > 0).length);

    const unused = new AnnotationIndex(task, store.size('annotations'), outline(store));
    expect(readout(unused)).toEqual(expected); // first used before any slice: it reads them all then

    const halfway = new AnnotationIndex(task, store.size('annotations'), outline(store));
    expect(halfway.indexSome(1000)).toBe(true);
    expect(halfway.indexSome(500)).toBe(true);
    expect(readout(halfway)).toEqual(expected);
    expect(halfway.indexSome(1000)).toBe(false); // nothing left once it was used
    expect(readout(halfway)).toEqual(expected);
  });

  it('a change to an answer not read yet, indexed and then written as the change writer does, counts once', async () => {
    const { store, answers } = await storedAnswers();
    const index = new AnnotationIndex(task, store.size('annotations'), outline(store));
    expect(index.indexSome(300)).toBe(true);
    const before = [...answers].reverse().find((a) => Object.keys(a.labels).length > 0)!; // among the last read
    const emptied = { ...before, labels: {}, updated_at: '2026-02-01T00:00:00.000Z' };
    const emptyBefore = answers.find((a, n) => n > 1000 && Object.keys(a.labels).length === 0)!;
    const filled = {
      ...emptyBefore,
      labels: { sentiment: { negative: 'true' } },
      updated_at: '2026-02-02T00:00:00.000Z',
    };
    index.index(before, emptied);
    index.index(emptyBefore, filled);
    await store.write([
      { table: 'annotations', key: annotationKey(before.username, before.instance_id), value: emptied },
      { table: 'annotations', key: annotationKey(emptyBefore.username, emptyBefore.instance_id), value: filled },
    ]);

    const whole = new AnnotationIndex(task, store.size('annotations'), outline(store));
    expect(readout(index)).toEqual(readout(whole));
    expect(index.total()).toBe(answers.filter((a) => Object.keys(a.labels).length > 0).length);
    expect(index.annotatorsOf(before.instance_id).has(before.username)).toBe(false);
    expect(index.annotatorsOf(filled.instance_id).has(filled.username)).toBe(true);
  });

  it('read in the background, settles once every stored answer is in, and after a broken reading too', async () => {
    const { store } = await storedAnswers();
    const whole = new AnnotationIndex(task, store.size('annotations'), outline(store));
    whole.indexSome(Infinity);
    const background = new AnnotationIndex(task, store.size('annotations'), outline(store));
    await background.readInBackground();
    expect(background.indexSome(1)).toBe(false); // nothing was left for a use to read
    expect(readout(background)).toEqual(readout(whole));

    function* breaking() {
      yield { username: 'u0', instance_id: 'item-0', updated_at: '', labels: 1, spans: 0 };
      throw new Error('the pack file went away');
    }
    const broken = new AnnotationIndex(task, 1, breaking());
    await broken.readInBackground(); // settles rather than rejecting: the next use reports it
    expect(() => broken.total()).toThrow('the pack file went away');
  });

  it('a reading that broke fails every later use rather than answering from half the answers', () => {
    function* breaking() {
      for (let n = 0; n < 50; n++)
        yield { username: 'u0', instance_id: `item-${n}`, updated_at: '', labels: 1, spans: 0 };
      throw new Error('the pack file went away');
    }
    const index = new AnnotationIndex(task, 50, breaking());
    expect(index.indexSome(10)).toBe(true);
    expect(() => index.indexSome(100)).toThrow('the pack file went away');
    expect(() => index.total()).toThrow('the pack file went away');
    expect(() => index.annotatorCount('item-1')).toThrow('the pack file went away');
  });
});
