import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'multirate',
  name: 'aspects',
  options: ['Clarity', { name: 'rel', label: 'Relevance', tooltip: 'to the question' }],
  labels: ['Poor', 'Fair', 'Good'],
};
const ITEMS = [
  { id: 'm1', text: 'an answer' },
  { id: 'm2', text: 'another answer' },
];

describe('multirate', () => {
  it('loads the options as the fields rated and the labels as the scale', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'Clarity' }, { name: 'rel', tooltip: 'to the question' }]);
    expect(s.extra).toMatchObject({
      scale: ['Poor', 'Fair', 'Good'],
      options: [
        { name: 'Clarity', label: 'Clarity' },
        { name: 'rel', label: 'Relevance' },
      ],
      option_randomization: false,
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, options: undefined })).toMatch(
      /\(aspects\)\.options: a multirate scheme needs options/,
    );
    expect(refusal({ ...SCHEME, options: undefined, options_from_data: 'docs', labels: ['Only'] })).toMatch(
      /\(aspects\)\.labels: a multirate scheme needs a scale of at least two labels/,
    );
    expect(refusal({ ...SCHEME, labels: ['Only'] })).toMatch(
      /\(aspects\)\.labels: a multirate scheme needs a scale of at least two labels/,
    );
    expect(refusal({ ...SCHEME, options: ['A', 'A'] })).toMatch(/\(aspects\)\.options: duplicate option "A"/);
  });

  it('stores a rating per option and reads it back; refuses ratings off the scale; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    const answer = { 'aspects:Clarity': 'Good', 'aspects:rel': 'Poor' };
    expect((await submitAndRead(t, 'ann', 'm1', answer)).annotations).toEqual(answer);
    expect(await refusedAnswer(t, 'm1', { 'aspects:Clarity': 'Great' })).toBe(
      'annotations["aspects:Clarity"]: "Great" is not on the scale (Poor, Fair, Good)',
    );
    expect(await refusedAnswer(t, 'm1', { 'aspects:Relevance': 'Good' })).toMatch(
      /scheme "aspects" has no label "Relevance"/,
    );
    await submitAndRead(t, 'bob', 'm2', { 'aspects:rel': 'Fair' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { aspects: { Clarity: 'Good', rel: 'Poor' } },
      { aspects: { rel: 'Fair' } },
    ]);
    expect(await csvOf(t)).toContain('m2,bob,another answer,"{""rel"":""Fair""}"');
    await t.close();
  });
});
