/** The judge's alignment read-out, pure, with κ worked by hand. */
import { describe, expect, it } from 'vitest';
import { alignmentOf, interpretKappa, promptVersion } from '../../../../server/domain/judges/alignment.js';

const c = (human: string, judge: string) => ({
  instance_id: `${human}-${judge}`,
  human,
  judge,
  confidence: null,
  reasoning: '',
});

describe('judge alignment', () => {
  it("gives Cohen's κ, agreement, confusion and disagreements", () => {
    // human a a a b b, judge a b a b b: 4 of 5 agree
    const a = alignmentOf(['a', 'b'], [c('a', 'a'), c('a', 'b'), c('a', 'a'), c('b', 'b'), c('b', 'b')]);
    expect(a.n_compared).toBe(5);
    expect(a.confusion.matrix).toEqual([
      [2, 1],
      [0, 2],
    ]);
    expect(a.agreement_rate).toBe(0.8);
    // with 4 of 5 agreeing: chance (3/5)(2/5) + (2/5)(3/5) = 12/25; κ = (20/25 − 12/25)/(13/25) = 8/13
    expect(a.kappa).toBe(Math.round((8 / 13) * 1000) / 1000);
    expect(a.interpretation).toBe('substantial');
    expect(a.disagreements.map((d) => [d.human, d.judge])).toEqual([['a', 'b']]);
    // one label throughout on both sides: κ undefined, agreement still given
    expect(alignmentOf(['a', 'b'], [c('a', 'a'), c('a', 'a')])).toMatchObject({ kappa: null, agreement_rate: 1 });
  });

  it('reads κ by Landis and Koch and names prompts stably', () => {
    expect([-0.1, 0.2, 0.4, 0.6, 0.8, 0.81, null].map(interpretKappa)).toEqual([
      'poor',
      'slight',
      'fair',
      'moderate',
      'substantial',
      'almost perfect',
      'undefined',
    ]);
    expect(promptVersion('Be strict.')).toBe(promptVersion('Be strict.'));
    expect(promptVersion('Be strict.')).not.toBe(promptVersion('Be lenient.'));
    expect(promptVersion('x')).toMatch(/^v_[0-9a-f]{8}$/);
  });
});
