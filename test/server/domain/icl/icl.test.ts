/** ICL labelling's pure parts, with numbers worked by hand: examples, accuracy, verification picks, the limits. */
import { describe, expect, it } from 'vitest';
import { majority, selectExamples } from '../../../../server/domain/icl/icl-examples.js';
import {
  accuracyOf,
  capacity,
  pickForVerification,
  type IclPrediction,
} from '../../../../server/domain/icl/icl-predictions.js';

const item = (id: string, labels: string[]) => ({ instance_id: id, text: `text ${id}`, labels });

describe('ICL examples', () => {
  it('keeps items with enough annotators whose majority reaches the threshold, strongest first', () => {
    expect(majority(['a', 'b', 'b'])).toEqual({ label: 'b', share: 2 / 3 });
    // a tie goes to the label given first
    expect(majority(['b', 'a'])?.label).toBe('b');
    const rules = { minAgreement: 0.8, minAnnotators: 2, maxExamples: 10 };
    const found = selectExamples(
      [
        item('one-voice', ['a']), // too few annotators
        item('four-of-five', ['a', 'a', 'b', 'a', 'a']), // 0.8: passes exactly
        item('two-of-three', ['a', 'a', 'b']), // 0.667: fails
        item('unanimous', ['b', 'b']),
      ],
      rules,
    );
    expect(found.map((e) => [e.instance_id, e.label, e.agreement, e.annotators])).toEqual([
      ['unanimous', 'b', 1, 2],
      ['four-of-five', 'a', 0.8, 5],
    ]);
    expect(selectExamples([item('x', ['a', 'a']), item('y', ['b', 'b'])], { ...rules, maxExamples: 1 })).toHaveLength(
      1,
    );
  });
});

const prediction = (label: string, human?: string, selected = false): IclPrediction => ({
  instance_id: 'i',
  schema_name: 's',
  predicted_label: label,
  confidence: 0.5,
  reasoning: '',
  model_name: 'm',
  examples_used: [],
  accepted: false,
  selected_for_verification: selected,
  verification: human ? { human_label: human, by: 'u', at: '', correct: human === label } : null,
  created_at: '',
});

describe('ICL accuracy and verification', () => {
  it('counts verified labels; pending ones are set aside and unanswered', () => {
    const a = accuracyOf([
      prediction('x', 'x'),
      prediction('x', 'y'),
      prediction('y', 'y'),
      prediction('y', undefined, true),
      prediction('y'),
    ]);
    // 2 of 3 verified labels are right
    expect(a).toEqual({
      total_predictions: 5,
      verified_correct: 2,
      verified_incorrect: 1,
      pending_verification: 1,
      total_verified: 3,
      accuracy: 0.667,
    });
    expect(accuracyOf([]).accuracy).toBeNull();
  });

  it('sets aside round(rate × n) labels: the least confident, at random, or half each', () => {
    const conf = [0.9, 0.2, null, 0.5, 0.7];
    // 0.4 × 5 = 2: the missing confidence counts as the least, then 0.2
    expect([...pickForVerification(conf, 0.4, 'low_confidence', 1)].sort()).toEqual([1, 2]);
    expect(pickForVerification(conf, 0, 'low_confidence', 1).size).toBe(0);
    // at least one above a rate of 0
    expect(pickForVerification([0.5], 0.1, 'random', 1).size).toBe(1);
    const random = pickForVerification(conf, 0.6, 'random', 7);
    expect(random.size).toBe(3);
    expect(pickForVerification(conf, 0.6, 'random', 7)).toEqual(random);
    // mixed, 3 of 5: two least confident (ceil of half) and one at random among the rest
    const mixed = pickForVerification(conf, 0.6, 'mixed', 7);
    expect(mixed.size).toBe(3);
    expect(mixed.has(2) && mixed.has(1)).toBe(true);
  });

  it('limits a batch by its size, the total cap and the unlabelled ratio', () => {
    const limits = { batchSize: 20, maxTotal: 10, maxUnlabeledRatio: 0.5 };
    // ratio: floor(0.5 × 30) − 4 on unlabelled items = 11; total: 10 − 6 = 4
    expect(capacity(limits, { predicted: 6, unlabelled: 30, predictedUnlabelled: 4 })).toBe(4);
    expect(capacity({ ...limits, maxTotal: null }, { predicted: 6, unlabelled: 30, predictedUnlabelled: 4 })).toBe(11);
    expect(
      capacity({ ...limits, maxTotal: null, batchSize: 3 }, { predicted: 6, unlabelled: 30, predictedUnlabelled: 4 }),
    ).toBe(3);
    expect(capacity(limits, { predicted: 12, unlabelled: 30, predictedUnlabelled: 4 })).toBe(0);
  });
});
