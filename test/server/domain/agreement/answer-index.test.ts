import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerIndex } from '../../../../server/domain/agreement/answer-index.js';
import { reportOf, type AgreementReport } from '../../../../server/domain/agreement/project-agreement.js';
import { computeAgreement } from '../../../helpers/reference-measures.js';
import type { AnnotationRecord } from '../../../../server/domain/annotation/records.js';
import { createTask } from '../../../../server/domain/task.js';
import { AGREEMENT_SCHEMES, scheme } from '../../../helpers/agreement-schemes.js';

const TASK = createTask(
  [...AGREEMENT_SCHEMES, scheme('cue', 'span', ['a', 'b', 'c'])],
  Array.from({ length: 6 }, (_, i) => ({ id: `i${i}`, text: 'abcdefghijklmnopqrst'.slice(0, 8 + 2 * i), data: {} })),
  {},
);

// a quality check and an instance no longer in the task: records of both must never count
const IDS = ['i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'qc-1', 'gone'];
const USERS = ['ann', 'bob', 'cyd', 'dan'];

const one = (label: string): Record<string, string> => ({ [label]: 'true' });
const labels: fc.Arbitrary<AnnotationRecord['labels']> = fc.record(
  {
    sentiment: fc.constantFrom('positive', 'negative', 'neutral').map(one),
    helpful: fc.constantFrom('1', '2', '3', '4', '5').map(one),
    stars: fc.integer({ min: 1, max: 5 }).map((v) => ({ value: String(v) })),
    topics: fc
      .subarray(['price', 'quality', 'service'], { minLength: 1 })
      .map((ls) => Object.fromEntries(ls.map((l) => [l, 'true']))),
    note: fc.constant({ text: 'a note' }),
  },
  { requiredKeys: [] },
);

const spans = fc.array(
  fc.record({
    schema: fc.constantFrom('evidence', 'cue', 'retired'),
    label: fc.constantFrom('pos', 'neg', 'a', 'b', 'c', 'odd'),
    start: fc.integer({ min: 0, max: 20 }),
    length: fc.integer({ min: 1, max: 8 }),
  }),
  { maxLength: 4 },
);

const submission = fc.record({ user: fc.constantFrom(...USERS), id: fc.constantFrom(...IDS), labels, spans });

type Change = {
  user: string;
  id: string;
  labels: AnnotationRecord['labels'];
  spans: { schema: string; label: string; start: number; length: number }[];
};

function record(s: Change): AnnotationRecord {
  const sorted = [...s.spans].sort((a, b) => a.start - b.start);
  return {
    username: s.user,
    instance_id: s.id,
    labels: s.labels,
    spans: sorted.map((x, n) => ({
      id: `s${n}`,
      schema: x.schema,
      label: x.label,
      start: x.start,
      end: x.start + x.length,
      value: '',
    })),
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** Reports agree up to rounding: the rows of a unit may come in another order, which changes float sums' order. */
function expectSameReport(actual: AgreementReport, expected: AgreementReport) {
  const round = (report: AgreementReport) =>
    JSON.parse(JSON.stringify(report, (_, v) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)));
  expect(round(actual)).toEqual(round(expected));
}

describe('answer index', () => {
  it('kept up to date through any sequence of changes, it reports what the records as they end up say', () => {
    fc.assert(
      fc.property(fc.array(submission, { minLength: 1, maxLength: 120 }), (changes) => {
        const index = new AnswerIndex(TASK, 4); // tiny, so rows and the span pool grow and get rewritten
        const latest = new Map<string, AnnotationRecord>();
        for (const change of changes) {
          const r = record(change);
          index.put(r);
          latest.set(`${r.username}/${r.instance_id}`, r);
        }
        expectSameReport(reportOf(TASK, index), computeAgreement(TASK, latest.values()));
      }),
      { numRuns: 300 },
    );
  });

  it('a record emptied of every answer leaves its instance, and its row is used again', () => {
    const index = new AnswerIndex(TASK, 4);
    const a = record({ user: 'ann', id: 'i1', labels: { sentiment: { positive: 'true' } }, spans: [] });
    const b = record({
      user: 'bob',
      id: 'i1',
      labels: { sentiment: { negative: 'true' } },
      spans: [{ schema: 'evidence', label: 'pos', start: 0, length: 3 }],
    });
    index.put(a);
    index.put(b);
    expect(reportOf(TASK, index).by_schema.sentiment.items_evaluated).toBe(1);
    index.put({ ...b, labels: {}, spans: [] });
    expect(reportOf(TASK, index).by_schema.sentiment.items_evaluated).toBe(0);
    expect(index.groups().rows).toHaveLength(1);
    index.put(record({ user: 'cyd', id: 'i1', labels: { sentiment: { negative: 'true' } }, spans: [] }));
    expect(index.groups().rows).toHaveLength(2);
    expect(index.position.slice(0, 3)).toEqual(Int32Array.from([1, 1, -1])); // cyd took bob's row
  });

  it('spans of labels a scheme does not have, or of schemes the task does not have, cut units but label nothing', () => {
    const mark = (user: string, extra: { schema: string; label: string; start: number; length: number }[]) =>
      record({
        user,
        id: 'i0',
        labels: {},
        spans: [{ schema: 'evidence', label: 'pos', start: 0, length: 4 }, ...extra],
      });
    const plain = computeAgreement(TASK, [mark('ann', []), mark('bob', [])]).by_schema.evidence;
    const odd = computeAgreement(TASK, [
      mark('ann', [{ schema: 'evidence', label: 'odd', start: 2, length: 4 }]),
      mark('bob', [{ schema: 'retired', label: 'pos', start: 5, length: 2 }]),
    ]).by_schema.evidence;
    expect(odd).toEqual(plain);
  });

  it('keeps codes past a byte and past two bytes, and reads them back as the scheme reader gives them', () => {
    // a select of 70,000 labels and a multiselect of 9 labels seen in all 511 of their sets: codes past 255 and 65,535
    const many = Array.from({ length: 70_000 }, (_, i) => `l${i}`);
    const nine = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    const task = createTask(
      [scheme('pick', 'select', many), scheme('tags', 'multiselect', nine)],
      Array.from({ length: 600 }, (_, i) => ({ id: `i${i}`, text: 'text', data: {} })),
      {},
    );
    const records: AnnotationRecord[] = Array.from({ length: 600 }, (_, i) => ({
      username: 'ann',
      instance_id: `i${i}`,
      labels: {
        pick: { [many[(i * 117) % many.length]]: 'true' },
        ...(i % 511
          ? { tags: Object.fromEntries(nine.filter((_, b) => ((i % 511) >> b) & 1).map((l) => [l, 'true'])) }
          : {}),
      },
      spans: [],
      created_at: '',
      updated_at: '',
    }));
    const index = AnswerIndex.of(task, records, 10); // sized small: rows grow along with the widening
    const pick = index.answers(0).slice(); // a copy: answers are read into one array, valid until the next call
    const tags = index.answers(1);
    records.forEach((r, i) => {
      expect(pick[i]).toBe((i * 117) % many.length);
      if (i % 511) expect(index.plans[1].sets[tags[i]]).toEqual(new Set(Object.keys(r.labels.tags)));
      else expect(tags[i]).toBeNaN();
    });
  });

  it('costs what a crowd answered, not workers × instances: 2,000 workers answering 20 of 100,000 items each', () => {
    const task = createTask(
      [scheme('sentiment', 'radio', ['positive', 'negative', 'neutral'])],
      Array.from({ length: 100_000 }, (_, i) => ({ id: `i${i}`, text: 'text', data: {} })),
      {},
    );
    // workers in pairs, each pair on its own 20 items spread over the pool: 20,000 items answered twice
    const records: AnnotationRecord[] = [];
    for (let w = 0; w < 2_000; w++)
      for (let k = 0; k < 20; k++)
        records.push({
          ...record({ user: `w${w}`, id: `i${(((w >> 1) * 20 + k) * 97) % 100_000}`, labels: {}, spans: [] }),
          labels: { sentiment: { [['positive', 'negative'][(w + k) % 2]]: 'true' } },
        });
    const before = process.memoryUsage().arrayBuffers;
    const index = AnswerIndex.of(task, records, records.length);
    const used = process.memoryUsage().arrayBuffers - before;
    // the rows' own columns take about 1 MB here and each worker's lookup about 0.5 KB; an array over the whole
    // task for each worker would be 2,000 × 400 KB = 800 MB
    expect(used).toBeLessThan(8 * 2 ** 20);
    expect(index.groups().instance).toHaveLength(20_000);
    expect(reportOf(task, index).by_schema.sentiment.items_evaluated).toBe(20_000);
  });
});
