import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'trajectory_eval',
  name: 'eval',
  step_text_key: 'action',
  error_types: [{ name: 'reasoning', subtypes: ['logical_error', 'factual_error'] }, 'execution'],
  severities: [
    { name: 'minor', weight: -1 },
    { name: 'major', weight: -5 },
  ],
  max_score: 10,
};
const steps = [
  { thought: 'Look it up', action: "search('Lisbon tides')" },
  { thought: 'Open a result', action: 'click(3)' },
  { thought: 'Read it', action: "extract('.temp')" },
];
const ITEMS = [{ id: 'w1', text: 'Find the tide times in Lisbon', steps }];

describe('trajectory_eval', () => {
  it("loads Potato's defaults and error types given as names or objects, and refuses bad ones", () => {
    expect(loadScheme({ annotation_type: 'trajectory_eval', name: 'e' }).extra).toMatchObject({
      steps_key: 'steps',
      correctness_options: ['correct', 'incorrect', 'partially_correct'],
      error_types: [],
      severities: [
        { name: 'minor', weight: -1 },
        { name: 'major', weight: -5 },
        { name: 'critical', weight: -10 },
      ],
      max_score: 100,
    });
    expect(loadScheme(SCHEME).extra.error_types).toEqual([
      { name: 'reasoning', subtypes: ['logical_error', 'factual_error'] },
      { name: 'execution', subtypes: [] },
    ]);
    expect(refusal({ ...SCHEME, error_types: ['a', 'a'] })).toMatch(
      /\(eval\)\.error_types: an error type is named twice/,
    );
    expect(refusal({ ...SCHEME, error_types: [{ subtypes: ['x'] }] })).toMatch(
      /\(eval\)\.error_types\[0\]: give the error type a name/,
    );
    expect(refusal({ ...SCHEME, severities: [{ name: 'minor' }] })).toMatch(
      /annotation_schemes\[0\]\.severities\[0\]\.weight: Invalid input: expected number/,
    );
  });

  it('stores step judgements with the score worked out, refuses bad ones, and round-trips its exports', async () => {
    const t = await serve([SCHEME], ITEMS);
    const sent = {
      steps: [
        {
          step_index: 1,
          correctness: 'incorrect',
          error_type: 'reasoning',
          error_subtype: 'logical_error',
          severity: 'major',
          rationale: 'Wrong result opened',
        },
        { step_index: 0, correctness: 'correct', error_type: '', severity: '' },
        { step_index: 2, correctness: null },
      ],
      score: 99,
    };
    const read = await submitAndRead(t, 'ann', 'w1', { 'eval:eval': JSON.stringify(sent) });
    const stored = {
      steps: [
        { step_index: 0, correctness: 'correct' },
        {
          step_index: 1,
          correctness: 'incorrect',
          error_type: 'reasoning',
          error_subtype: 'logical_error',
          severity: 'major',
          rationale: 'Wrong result opened',
        },
      ],
      score: 5,
    };
    expect(JSON.parse(read.annotations['eval:eval'])).toEqual(stored);

    const refused = (value: unknown) => refusedAnswer(t, 'w1', { 'eval:eval': JSON.stringify(value) });
    expect(await refused({ steps: [{ step_index: 0, correctness: 'fine' }] })).toBe(
      'annotations["eval:eval"]: steps[0].correctness: "fine" is not one of correct, incorrect, partially_correct',
    );
    expect(await refused({ steps: [{ step_index: 0, correctness: 'incorrect', error_type: 'safety' }] })).toMatch(
      /steps\[0\]\.error_type: "safety" is not an error type \(reasoning, execution\)/,
    );
    expect(
      await refused({
        steps: [{ step_index: 0, correctness: 'incorrect', error_type: 'execution', error_subtype: 'logical_error' }],
      }),
    ).toMatch(/steps\[0\]\.error_subtype: "logical_error" is not a subtype of "execution"/);
    expect(await refused({ steps: [{ step_index: 0, correctness: 'incorrect', severity: 'critical' }] })).toMatch(
      /"critical" is not a severity \(minor, major\)/,
    );
    expect(await refused({ steps: [{ step_index: 0, error_type: 'execution' }] })).toMatch(
      /steps\[0\]\.correctness: judge the step before classifying its error/,
    );
    expect(await refused({ steps: [{ step_index: 3, correctness: 'correct' }] })).toMatch(/step 3 is past the trace/);

    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines[0].labels.eval).toEqual(stored);
    expect(await csvOf(t)).toContain('""score"":5');
    await t.close();
  });
});
