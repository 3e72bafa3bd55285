import { describe, expect, it } from 'vitest';
import { planProbes, precomputedProbes } from '../../../../server/domain/boundary/probe-plan.js';
import { ruleProbes } from '../../../../server/domain/boundary/probe-rules.js';

const settings = {
  probesPerItem: 3,
  includeInvariance: true,
  sources: ['precomputed', 'rules'] as const,
  precomputedKey: 'counterfactuals',
};

describe('probes made by rule', () => {
  it('edits the text in the rules’ order, each edit once', () => {
    expect(ruleProbes("It's very good!")).toEqual([
      { text: "It's slightly good!", kind: 'flip', edit_hint: 'swapped an intensifier' },
      { text: "Please it's very good!", kind: 'flip', edit_hint: 'politeness marker' },
      { text: "It's very good.", kind: 'flip', edit_hint: 'punctuation heat' },
      { text: 'It is very good!', kind: 'invariance', edit_hint: 'contraction' },
      { text: "Hi, it's very good!", kind: 'invariance', edit_hint: 'added a greeting' },
    ]);
    // a negation taken away and a please removed close up their space
    expect(
      ruleProbes('Please do not send it.')
        .slice(0, 2)
        .map((p) => p.text),
    ).toEqual(['Please do send it.', 'Do not send it.']);
  });
});

describe('planning an item’s probes', () => {
  it('takes curated probes first, flips before the one invariance slot', () => {
    const data = {
      counterfactuals: [
        { text: 'Water the plants.', kind: 'flip', edit_hint: 'removed please' },
        { text: 'Could you water the plants?', kind: 'invariance' },
        { text: 'Water the plants now.', kind: 'flip' },
        { text: 'Water the plants, now!', kind: 'flip' },
        { text: '', kind: 'flip' },
        { text: 'odd', kind: 'sideways' },
      ],
    };
    const plan = planProbes('Please water the plants.', data, settings);
    expect(plan.map((p) => [p.text, p.kind, p.source])).toEqual([
      ['Water the plants.', 'flip', 'precomputed'],
      ['Water the plants now.', 'flip', 'precomputed'],
      ['Could you water the plants?', 'invariance', 'precomputed'],
    ]);
    expect(precomputedProbes(data, 'counterfactuals')).toHaveLength(4);
  });

  it('fills the slots curated probes leave with rule probes, and gives the invariance slot to a flip when none is to hand', () => {
    const plan = planProbes(
      'Fix the numbers.',
      { counterfactuals: [{ text: 'Please fix the numbers.', kind: 'flip' }] },
      settings,
    );
    expect(plan.map((p) => [p.text, p.source])).toEqual([
      ['Please fix the numbers.', 'precomputed'],
      // the rules' politeness edit is the same text as the curated one: not asked twice
      ['Fix the numbers!!!', 'rules'],
      ['Hi, fix the numbers.', 'rules'],
    ]);
    const nothing = planProbes('Fix it.', {}, { ...settings, sources: ['precomputed'] });
    expect(nothing).toEqual([]);
    const noInvariance = planProbes('Fix the numbers.', {}, { ...settings, includeInvariance: false });
    expect(noInvariance.map((p) => p.kind)).toEqual(['flip', 'flip']);
  });
});
