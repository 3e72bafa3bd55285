import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SOFT = { annotation_type: 'soft_label', name: 'mood', labels: ['Positive', 'Neutral', 'Negative'] };
const POINTS = {
  annotation_type: 'constant_sum',
  name: 'topics',
  labels: ['Politics', 'Sports'],
  total_points: 10,
  min_per_item: 2,
  input_type: 'slider',
};
const ITEMS = [
  { id: 'd1', text: 'the match was rigged by the minister' },
  { id: 'd2', text: 'a quiet day' },
];

describe('soft_label and constant_sum', () => {
  it('load with their budgets and minimums', () => {
    expect(loadScheme(SOFT)).toMatchObject({
      min: 0,
      max: 100,
      extra: { total: 100, min_per_label: 0, show_distribution_chart: true },
    });
    expect(loadScheme(POINTS)).toMatchObject({
      min: 2,
      max: 10,
      step: 1,
      extra: { total_points: 10, min_per_item: 2, input_type: 'slider' },
    });
  });

  it('refuse bad configs naming the key and the reason', () => {
    expect(refusal({ ...SOFT, labels: ['only'] })).toMatch(
      /\(mood\)\.labels: a soft_label scheme spreads its total over at least two labels/,
    );
    expect(refusal({ ...SOFT, total: -1 })).toMatch(/annotation_schemes\[0\]\.total: /);
    expect(refusal({ ...POINTS, total_points: 7.5 })).toMatch(
      /\(topics\)\.total_points: 7\.5 is not a whole number of points/,
    );
    expect(refusal({ ...POINTS, min_per_item: 6 })).toMatch(
      /\(topics\)\.min_per_item: 6 for each of 2 labels is more than the total_points \(10\)/,
    );
    expect(refusal({ ...POINTS, input_type: 'dial' })).toMatch(/annotation_schemes\[0\]\.input_type: /);
  });

  it('store distributions that spend the budget, refuse the rest, and round-trip through exports', async () => {
    const t = await serve([SOFT, POINTS], ITEMS);
    const good = {
      'mood:Positive': '62.5',
      'mood:Neutral': '37.5',
      'mood:Negative': '0',
      'topics:Politics': '7',
      'topics:Sports': '3',
    };
    expect((await submitAndRead(t, 'ann', 'd1', good)).annotations).toEqual(good);
    expect(await refusedAnswer(t, 'd1', { 'mood:Positive': '60', 'mood:Neutral': '30' })).toBe(
      'annotations: scheme "mood": the shares sum to 90; they must sum to 100',
    );
    expect(await refusedAnswer(t, 'd1', { 'topics:Politics': '10' })).toBe(
      'annotations["topics:Politics"]: 10 is outside 2..8',
    );
    expect(await refusedAnswer(t, 'd1', { 'topics:Politics': '8' })).toBe(
      'annotations: scheme "topics": "Sports" has no share; each label takes at least 2',
    );
    expect(await refusedAnswer(t, 'd1', { 'topics:Politics': '7.5', 'topics:Sports': '2.5' })).toBe(
      'annotations["topics:Politics"]: "7.5" is not a whole number of points',
    );
    await submitAndRead(t, 'bob', 'd2', { 'mood:Neutral': '100', 'topics:Politics': '5', 'topics:Sports': '5' });
    const lines = await jsonlRoundTrip(t, [SOFT, POINTS], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { mood: { Positive: '62.5', Neutral: '37.5', Negative: '0' }, topics: { Politics: '7', Sports: '3' } },
      { mood: { Neutral: '100' }, topics: { Politics: '5', Sports: '5' } },
    ]);
    expect(await csvOf(t)).toContain(
      'd2,bob,a quiet day,"{""Neutral"":""100""}","{""Politics"":""5"",""Sports"":""5""}"',
    );
    await t.close();
  });
});
