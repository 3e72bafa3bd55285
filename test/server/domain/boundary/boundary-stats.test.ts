import { describe, expect, it } from 'vitest';
import {
  boundaryStats,
  contrastRecords,
  type AnsweredProbe,
} from '../../../../server/domain/boundary/boundary-stats.js';

const a = (
  annotator: string,
  kind: 'flip' | 'invariance',
  verdict: AnsweredProbe['verdict'],
  label = 'Polite',
): AnsweredProbe => ({
  instance_id: 'b1',
  schema: 'politeness',
  annotator,
  original_text: 'Please send it.',
  original_label: label,
  counterfactual_text: 'Send it.',
  kind,
  edit_hint: 'removed please',
  source: 'precomputed',
  verdict,
  new_label: verdict === 'flips' ? 'Neutral' : null,
  rationale: verdict === 'flips' ? 'no please' : '',
  timestamp: 1,
});

describe('boundary read-outs', () => {
  // ann: 2 flip probes on Polite (1 flipped, 1 held), paraphrases held 1 of 2 → 50%, flagged
  // bea: a flip probe unsure (left out of the rate), a paraphrase held → 100%
  const answers = [
    a('ann', 'flip', 'flips'),
    a('ann', 'flip', 'holds'),
    a('ann', 'invariance', 'holds'),
    a('ann', 'invariance', 'flips'),
    a('bea', 'flip', 'unsure'),
    a('bea', 'invariance', 'holds'),
  ];

  it('gives the flip rate per label and the consistency per annotator', () => {
    const st = boundaryStats(answers, ['Polite', 'Neutral'], 9);
    expect(st.totals).toEqual({ probes_generated: 9, probes_answered: 6, holds: 3, flips: 2, unsure: 1 });
    expect(st.by_label.Polite).toEqual({ flip_probes_answered: 2, flipped: 1, flip_rate: 0.5 });
    expect(st.by_label.Neutral).toEqual({ flip_probes_answered: 0, flipped: 0, flip_rate: null });
    expect(st.annotators.ann).toEqual({
      answered: 4,
      invariance_answered: 2,
      invariance_held: 1,
      consistency: 0.5,
      flagged: true,
    });
    expect(st.annotators.bea).toMatchObject({ consistency: 1, flagged: false });
    expect(st.flips.map((f) => [f.annotator, f.kind])).toEqual([
      ['ann', 'flip'],
      ['ann', 'invariance'],
    ]);
  });

  it('exports a pair per answer, a hold keeping the label and unsure left out', () => {
    const rows = contrastRecords(answers);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ counterfactual_label: 'Neutral', flipped: true, rationale: 'no please' });
    expect(rows[1]).toMatchObject({ counterfactual_label: 'Polite', flipped: false });
  });
});
