import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'semantic_differential',
  name: 'feel',
  pairs: [
    ['Bad', 'Good'],
    ['Weak', 'Strong'],
  ],
  scale_points: 5,
};
const ITEMS = [
  { id: 's1', text: 'thunder' },
  { id: 's2', text: 'a kitten' },
];

describe('semantic_differential', () => {
  it('loads one field per pair, named left__right as Potato names them', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'Bad__Good' }, { name: 'Weak__Strong' }]);
    expect(s.size).toBe(5);
    expect(loadScheme({ ...SCHEME, scale_points: undefined }).extra.scale_points).toBe(7);
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, pairs: [['Bad']] })).toMatch(
      /annotation_schemes\[0\]\.pairs\[0\]: each pair is a list of two adjectives/,
    );
    expect(refusal({ ...SCHEME, pairs: undefined })).toMatch(/annotation_schemes\[0\]\.pairs: /);
    expect(refusal({ ...SCHEME, scale_points: 1 })).toMatch(/annotation_schemes\[0\]\.scale_points: /);
    expect(refusal({ ...SCHEME, labels: ['x'] })).toMatch(
      /\(feel\)\.labels: a semantic_differential scheme has no labels/,
    );
  });

  it('stores a point per pair and reads it back; refuses points off the scale; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    const answer = { 'feel:Bad__Good': '2', 'feel:Weak__Strong': '5' };
    expect((await submitAndRead(t, 'ann', 's1', answer)).annotations).toEqual(answer);
    expect(await refusedAnswer(t, 's1', { 'feel:Bad__Good': '6' })).toBe(
      'annotations["feel:Bad__Good"]: 6 is outside 1..5',
    );
    expect(await refusedAnswer(t, 's1', { 'feel:Bad__Good': '2.5' })).toBe(
      'annotations["feel:Bad__Good"]: "2.5" is not a whole number',
    );
    expect(await refusedAnswer(t, 's1', { 'feel:Good__Bad': '2' })).toMatch(/scheme "feel" has no label "Good__Bad"/);
    await submitAndRead(t, 'bob', 's2', { 'feel:Bad__Good': '5' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { feel: { Bad__Good: '2', Weak__Strong: '5' } },
      { feel: { Bad__Good: '5' } },
    ]);
    expect(await csvOf(t)).toContain('s2,bob,a kitten,"{""Bad__Good"":""5""}"');
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.feel).toMatchObject({
      level: 'interval',
      by_row: { Bad__Good: { level: 'interval' } },
    });
    await t.close();
  });
});
