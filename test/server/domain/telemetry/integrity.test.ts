/** The integrity report: correlated agreement against chance, and the screened sessions' flag shares. */
import { describe, expect, it } from 'vitest';
import {
  correlatedAgreement,
  integrityReports,
  type Observation,
} from '../../../../server/domain/telemetry/integrity.js';
import { observationsOf } from '../../../../server/domain/telemetry/process-logs.js';
import type { AnnotationRecord } from '../../../../server/domain/annotation/records.js';
import type { Scheme } from '../../../../server/domain/task.js';

const obs = (annotator: string, answers: string): Observation[] =>
  [...answers].map((label, i) => ({ annotator, key: `i${i}::s`, label }));

describe('integrity', () => {
  it('scores agreement with peers on the same item above chance; a random answerer scores near or below zero', () => {
    const all = [...obs('ann', 'aabbaabb'), ...obs('ben', 'aabbaabb'), ...obs('rnd', 'babababa')];
    const ca = correlatedAgreement(all);
    // labels a and b are equally common: chance agreement is 0.5
    expect(ca.get('ann')).toBeCloseTo((8 + 4) / 16 - 0.5, 4);
    // rnd agrees with each peer on half the items: exactly chance
    expect(ca.get('rnd')).toBeCloseTo(8 / 16 - 0.5, 4);
    const reports = integrityReports(all, new Map());
    expect(reports[0]).toMatchObject({ annotator: 'rnd', flags: ['low_signal'], n_items: 8 });
    expect(reports[0].suspicion).toBeGreaterThan(0.5);
    expect(reports.find((r) => r.annotator === 'ann')).toMatchObject({ flags: [], suspicion: 0 });
  });

  it('gives no score without peers, and adds the share of flagged sessions', () => {
    const reports = integrityReports(
      obs('solo', 'ab'),
      new Map([['typist', { sessions: 4, flagged: { paste_dominant: 2 } }]]),
    );
    expect(reports.map((r) => r.annotator)).toEqual(['typist', 'solo']);
    expect(reports[0]).toMatchObject({
      process_sessions: 4,
      process_flag_rates: { paste_dominant: 0.5 },
      suspicion: 0.4,
    });
    expect(reports[1]).toMatchObject({ ca_score: null, flags: [], suspicion: 0 });
  });

  it('reads categorical answers from records: a choice, a set of choices, nothing from free text', () => {
    const schemes = [
      { name: 'sentiment', annotation_type: 'radio' },
      { name: 'topics', annotation_type: 'multiselect' },
      { name: 'note', annotation_type: 'text' },
    ] as Scheme[];
    const record = {
      username: 'ann',
      instance_id: 'x',
      labels: { sentiment: { positive: 'true' }, topics: { quality: 'true', price: 'true' }, note: { text: 'hi' } },
      spans: [],
    } as unknown as AnnotationRecord;
    expect(observationsOf([record], schemes)).toEqual([
      { annotator: 'ann', key: 'x::sentiment', label: 'positive' },
      { annotator: 'ann', key: 'x::topics', label: 'price|quality' },
    ]);
  });
});
