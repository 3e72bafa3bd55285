/** The embedded learner on generated data, with a real in-memory Store. */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../../server/storage/memory-store.js';
import { EmbeddedProvider } from '../../../../server/domain/ai/embedded.js';
import { compileRules } from '../../../../server/domain/annotation/keywords.js';
import { annotationKey, type AnnotationRecord } from '../../../../server/domain/annotation/records.js';
import { createTask, type KeywordRule, type Scheme } from '../../../../server/domain/task.js';
import { learnableItems } from './learnable.js';

const sentiment: Scheme = {
  name: 'sentiment',
  annotation_type: 'radio',
  description: '',
  labels: [{ name: 'positive' }, { name: 'negative' }],
  extra: {},
};
const items = learnableItems(400, 1);

function setup(rules: KeywordRule[] = [], minExamples = 5) {
  const task = createTask(
    [sentiment],
    items.map(({ id, text }) => ({ id, text, data: { id, text } })),
    {},
    rules,
  );
  const store = new MemoryStore();
  const provider = new EmbeddedProvider(task, store, compileRules(rules), { minExamples });
  const label = async (user: string, id: string, value: string | null) => {
    const key = annotationKey(user, id);
    const record: AnnotationRecord = {
      username: user,
      instance_id: id,
      labels: value ? { sentiment: { [value]: 'true' } } : {},
      spans: [],
      created_at: 'x',
      updated_at: 'x',
    };
    provider.touch(key);
    await store.write([{ table: 'annotations', key, value: record }]);
  };
  const suggest = (id: string) => provider.suggest(task.instanceById.get(id)!, sentiment);
  return { task, store, provider, label, suggest };
}

describe('EmbeddedProvider', () => {
  it('says why there is no suggestion until it has enough examples of two labels', async () => {
    const { provider, label, suggest } = setup();
    await provider.whenReady();
    expect(await suggest('gen-1')).toEqual({
      label: null,
      confidence: null,
      rationale: expect.stringMatching(/0 of the 5 labelled examples of "sentiment"/),
      words: [],
    });
    for (const item of items.filter((i) => i.truth === 'positive').slice(0, 6))
      await label('alice', item.id, 'positive');
    expect((await suggest('gen-1')).rationale).toMatch(
      /same label; the assistant needs examples of at least two labels/,
    );
  });

  it('is well above chance on held-out items after 50 labelled examples (seed 1)', async () => {
    const { provider, label, suggest } = setup();
    await provider.whenReady();
    for (const item of items.slice(0, 50)) await label('alice', item.id, item.truth);
    let right = 0;
    for (const item of items.slice(200)) if ((await suggest(item.id)).label === item.truth) right++;
    // measured 196 of 200; a coin would get about 100
    expect(right).toBeGreaterThanOrEqual(190);
    const s = await suggest(items[300].id);
    for (const word of s.words) expect(items[300].text.toLowerCase()).toContain(word);
    expect(s.words.length).toBeGreaterThan(0);
  });

  it('unlearns changed and removed annotations exactly: the same model as learning the final state from scratch', async () => {
    const a = setup();
    await a.provider.whenReady();
    for (const item of items.slice(0, 40)) await a.label('alice', item.id, item.truth);
    // relabel ten, clear five, add a second annotator
    for (const item of items.slice(0, 10))
      await a.label('alice', item.id, item.truth === 'positive' ? 'negative' : 'positive');
    for (const item of items.slice(10, 15)) await a.label('alice', item.id, null);
    for (const item of items.slice(40, 50)) await a.label('bob', item.id, item.truth);
    const b = setup();
    await b.store.write(
      [...a.store.entries('annotations')].map(([key, value]) => ({ table: 'annotations' as const, key, value })),
    );
    const fresh = new EmbeddedProvider(b.task, b.store, compileRules([]), { minExamples: 5 });
    await fresh.whenReady();
    for (const item of items.slice(100, 130)) {
      const x = await a.suggest(item.id);
      const y = await fresh.suggest(b.task.instanceById.get(item.id)!, sentiment);
      expect(x.label).toBe(y.label);
      expect(x.confidence).toBeCloseTo(y.confidence!, 9);
      expect(x.rationale).toBe(y.rationale);
    }
  });

  it('learns annotations saved before start in the background, not on a request', async () => {
    const { task, store } = setup();
    const ops = items.slice(0, 300).flatMap((item) =>
      // enough records that the first 4 ms slice cannot learn them all
      Array.from({ length: 50 }, (_, n) => `u${n}`).map((u) => ({
        table: 'annotations' as const,
        key: annotationKey(u, item.id),
        value: {
          username: u,
          instance_id: item.id,
          labels: { sentiment: { [item.truth]: 'true' } },
          spans: [],
          created_at: 'x',
          updated_at: 'x',
        },
      })),
    );
    await store.write(ops);
    const provider = new EmbeddedProvider(task, store, compileRules([]), { minExamples: 5 });
    const early = await provider.suggest(task.instanceById.get('gen-390')!, sentiment);
    expect(early.label).toBeNull();
    expect(early.rationale).toMatch(/still learning/);
    const loading = provider.version(sentiment);
    await provider.whenReady();
    expect(provider.version(sentiment)).not.toBe(loading);
    const late = await provider.suggest(task.instanceById.get('gen-390')!, sentiment);
    expect(late.label).toBe(items[389].truth);
    expect(late.rationale).toMatch(/learned from 15000 annotated examples/);
  });

  it('uses keyword highlights as a prior: a keyword counts for its label before any annotator used it', async () => {
    const plain = setup();
    const tipped = setup([{ word: 'superb', label: 'positive', schema: 'sentiment' }]);
    const probe = { id: 'probe', text: 'Superb box', data: {} };
    for (const s of [plain, tipped]) {
      await s.provider.whenReady();
      for (const item of items.slice(0, 20)) await s.label('alice', item.id, item.truth);
      s.task.instanceById.set(probe.id, probe);
    }
    const p = await plain.provider.suggest(probe, sentiment);
    const q = await tipped.provider.suggest(probe, sentiment);
    expect(p.words).not.toContain('superb');
    expect(q.label).toBe('positive');
    expect(q.words[0]).toBe('superb');
    const pPos = p.label === 'positive' ? p.confidence! : 1 - p.confidence!;
    expect(q.confidence!).toBeGreaterThan(pPos);
  });
});
