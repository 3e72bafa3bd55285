/** Soft labels: each item's answer distribution, how contested it is, and each annotator's share with the majority. */
import { describe, expect, it } from 'vitest';
import { perspectives, softLabels } from '../../../../server/domain/telemetry/soft-labels.js';

const o = (annotator: string, key: string, label: string) => ({ annotator, key, label });

describe('soft labels', () => {
  const obs = [
    o('ann', 'x::s', 'pos'),
    o('ben', 'x::s', 'pos'),
    o('cat', 'x::s', 'pos'),
    o('ann', 'y::s', 'pos'),
    o('ben', 'y::s', 'neg'),
    o('cat', 'y::s', 'neu'),
    o('ann', 'z::s', 'neg'),
    o('ben', 'z::s', 'pos'),
    // a later answer of the same annotator replaces the earlier
    o('ann', 'z::s', 'pos'),
  ];

  it('gives each item its distribution, most common label and normalized entropy, most contested first', () => {
    const items = softLabels(obs);
    expect(items.map((i) => i.item)).toEqual(['y::s', 'x::s', 'z::s']);
    expect(items[0]).toMatchObject({
      distribution: { neg: 0.3333, neu: 0.3333, pos: 0.3333 },
      hard_label: 'neg',
      entropy: 1,
      n_annotators: 3,
      ambiguous: true,
      annotators: { ann: 'pos', ben: 'neg', cat: 'neu' },
    });
    expect(items[1]).toMatchObject({ distribution: { pos: 1 }, hard_label: 'pos', entropy: 0, ambiguous: false });
    expect(items[2]).toMatchObject({ distribution: { pos: 1 }, n_annotators: 2 });
    expect(softLabels([o('a', 'q', 'x'), o('b', 'q', 'x'), o('c', 'q', 'x'), o('d', 'q', 'y')])[0].entropy).toBeCloseTo(
      0.8113,
      4,
    );
    expect(softLabels([o('a', 'q', 'x'), o('b', 'q', 'x'), o('c', 'q', 'x'), o('d', 'q', 'y')], 0.9)[0].ambiguous).toBe(
      false,
    );
  });

  it('says how often each annotator sides with the most common answer', () => {
    expect(perspectives(obs, softLabels(obs))).toEqual({
      ann: { n: 3, majority_rate: 0.6667, minority_rate: 0.3333 },
      ben: { n: 3, majority_rate: 1, minority_rate: 0 },
      cat: { n: 2, majority_rate: 0.5, minority_rate: 0.5 },
    });
  });
});
