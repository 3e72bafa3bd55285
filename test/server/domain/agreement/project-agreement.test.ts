import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaccardDistance } from '../../../../server/domain/agreement/alpha.js';
import { krippendorffAlpha } from '../../../helpers/reference-measures.js';
import { cohenKappa, fleissKappa } from '../../../../server/domain/agreement/kappa.js';
import { mayReuse } from '../../../../server/domain/agreement/project-agreement.js';
import { computeAgreement } from '../../../helpers/reference-measures.js';
import type { AnnotationRecord, SpanRecord } from '../../../../server/domain/annotation/records.js';
import { createTask } from '../../../../server/domain/task.js';
import { AGREEMENT_SCHEMES, scheme } from '../../../helpers/agreement-schemes.js';

/** toBeCloseTo alone would pass null for an expected 0 */
function near(actual: unknown, expected: number) {
  expect(actual).toEqual(expect.any(Number));
  expect(actual).toBeCloseTo(expected, 12);
}

const TASK = createTask(
  AGREEMENT_SCHEMES,
  ['abcdefghij', 'klmnopqrst', 'uvwxyz0123', '4567890abc', 'lonely one'].map((text, i) => ({
    id: `i${i + 1}`,
    text,
    data: {},
  })),
  {},
);

function rec(
  username: string,
  instance_id: string,
  labels: AnnotationRecord['labels'],
  spans: [string, number, number][] = [],
): AnnotationRecord {
  const spanRecords: SpanRecord[] = spans.map(([label, start, end]) => ({
    id: `${label}${start}`,
    schema: 'evidence',
    label,
    start,
    end,
    value: '',
  }));
  return {
    username,
    instance_id,
    labels,
    spans: spanRecords,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

// four annotated instances with 2–3 annotators, one instance with a single annotator (does not count)
const RECORDS: AnnotationRecord[] = [
  rec(
    'ann',
    'i1',
    {
      sentiment: { positive: 'true' },
      helpful: { '4': 'true' },
      stars: { value: '4' },
      topics: { price: 'true' },
      note: { text: 'ok' },
    },
    [['pos', 0, 4]],
  ),
  rec(
    'bob',
    'i1',
    {
      sentiment: { positive: 'true' },
      helpful: { '5': 'true' },
      stars: { value: '5' },
      topics: { price: 'true', quality: 'true' },
      note: { text: 'fine' },
    },
    [['pos', 1, 4]],
  ),
  rec(
    'cyd',
    'i1',
    { sentiment: { neutral: 'true' }, helpful: { '4': 'true' }, stars: { value: '4.5' }, topics: { price: 'true' } },
    [['neg', 0, 2]],
  ),
  rec(
    'ann',
    'i2',
    { sentiment: { negative: 'true' }, helpful: { '1': 'true' }, stars: { value: '1' }, topics: { quality: 'true' } },
    [['neg', 5, 10]],
  ),
  rec(
    'bob',
    'i2',
    { sentiment: { negative: 'true' }, helpful: { '2': 'true' }, stars: { value: '2' }, topics: { quality: 'true' } },
    [['neg', 6, 10]],
  ),
  rec('ann', 'i3', { sentiment: { neutral: 'true' }, helpful: { '3': 'true' }, stars: { value: '3' } }),
  rec('bob', 'i3', {
    sentiment: { positive: 'true' },
    helpful: { '3': 'true' },
    stars: { value: '3' },
    topics: { service: 'true' },
  }),
  rec(
    'cyd',
    'i3',
    { sentiment: { neutral: 'true' }, helpful: { '2': 'true' }, topics: { service: 'true', price: 'true' } },
    [
      ['pos', 2, 5],
      ['neg', 3, 4],
    ],
  ),
  rec('bob', 'i4', { sentiment: { positive: 'true' }, helpful: { '5': 'true' }, stars: { value: '5' } }),
  rec('cyd', 'i4', { sentiment: { positive: 'true' }, helpful: { '5': 'true' }, stars: { value: '5' } }),
  rec('ann', 'i5', { sentiment: { negative: 'true' }, helpful: { '1': 'true' }, stars: { value: '1' } }, [
    ['neg', 0, 6],
  ]),
  rec('bob', 'gone', { sentiment: { negative: 'true' } }), // an instance no longer in the task
  rec('dan', 'i2', {}), // an empty record is no annotation
];

describe('project agreement per scheme', () => {
  const report = computeAgreement(TASK, RECORDS);
  const _ = null;

  it('radio: nominal alpha over label choices, plus Fleiss where counts allow', () => {
    // coders ann, bob, cyd × units i1..i4 (i5 has one annotator and is left out)
    const data = [
      ['positive', 'negative', 'neutral', _],
      ['positive', 'negative', 'positive', 'positive'],
      ['neutral', _, 'neutral', 'positive'],
    ];
    const s = report.by_schema.sentiment;
    expect(s).toMatchObject({ level: 'nominal', items_evaluated: 4, annotators: 3 });
    near(s.krippendorff_alpha, krippendorffAlpha(data, 'nominal'));
    expect(s.interpretation).toBe('unreliable');
    expect(s.fleiss_kappa).toBeNull(); // i1 and i3 have three annotators, i2 and i4 two
  });

  it('likert: ordinal over the scale points', () => {
    const data = [
      [4, 1, 3, _],
      [5, 2, 3, 5],
      [4, _, 2, 5],
    ];
    expect(report.by_schema.helpful.level).toBe('ordinal');
    near(report.by_schema.helpful.krippendorff_alpha, krippendorffAlpha(data, 'ordinal'));
  });

  it('number: interval over the values; an item with one value left out', () => {
    const data = [
      [4, 1, 3, _],
      [5, 2, 3, 5],
      [4.5, _, _, 5],
    ];
    const s = report.by_schema.stars;
    expect(s).toMatchObject({ level: 'interval', items_evaluated: 4, annotators: 3 });
    near(s.krippendorff_alpha, krippendorffAlpha(data, 'interval'));
    expect(s.interpretation).toBe('reliable');
  });

  it('multiselect: Jaccard distance between label sets; unticked is missing', () => {
    const data = [
      [['price'], ['quality'], _],
      [['price', 'quality'], ['quality'], ['service']],
      [['price'], _, ['price', 'service']],
    ];
    const s = report.by_schema.topics;
    expect(s).toMatchObject({ level: 'jaccard', items_evaluated: 3, annotators: 3 });
    const expected = krippendorffAlpha<string[]>(
      data,
      (a, b) => jaccardDistance(new Set(a), new Set(b)),
      (x) => [...x].sort().join(),
    );
    near(s.krippendorff_alpha, expected);
  });

  it('span: nominal per character, "none" where no span covers it, every annotator of the item counts', () => {
    // per character of i1..i4 (10 characters each): label or none, per annotator
    const marks = (spans: [string, number, number][]) => {
      const row: string[] = Array(10).fill('none');
      for (const [label, start, end] of spans) row.fill(label, start, end);
      return row;
    };
    const data = [
      [...marks([['pos', 0, 4]]), ...marks([['neg', 5, 10]]), ...marks([]), ...Array(10).fill(_)],
      [...marks([['pos', 1, 4]]), ...marks([['neg', 6, 10]]), ...marks([]), ...marks([])],
      [
        ...marks([['neg', 0, 2]]),
        ...Array(10).fill(_),
        ...marks([
          ['pos', 2, 5],
          ['neg', 3, 4],
        ]),
        ...marks([]),
      ],
    ];
    const s = report.by_schema.evidence;
    expect(s).toMatchObject({ level: 'nominal_per_character', items_evaluated: 4, annotators: 3 });
    near(s.krippendorff_alpha, krippendorffAlpha(data, 'nominal'));
  });

  it('free text is listed without alpha, with a reason', () => {
    expect(report.by_schema.note).toEqual({
      krippendorff_alpha: null,
      level: null,
      items_evaluated: 0,
      annotators: 0,
      interpretation: null,
      reason: expect.stringMatching(/free text/),
    });
  });

  it('overall: the average over schemes with a value', () => {
    const alphas = ['sentiment', 'helpful', 'stars', 'topics', 'evidence'].map(
      (n) => report.by_schema[n].krippendorff_alpha!,
    );
    expect(report.overall.schemas_evaluated).toBe(5);
    near(report.overall.average_krippendorff_alpha, alphas.reduce((a, b) => a + b) / 5);
  });

  it('Fleiss kappa when every item has the same number of annotators, Cohen kappa with two annotators', () => {
    const two = RECORDS.filter((r) => r.username !== 'cyd');
    const s = computeAgreement(TASK, two).by_schema.sentiment;
    // units i1 (pos, pos), i2 (neg, neg), i3 (neutral, pos); categories positive, negative, neutral
    near(
      s.fleiss_kappa,
      fleissKappa([
        [2, 0, 0],
        [0, 2, 0],
        [1, 0, 1],
      ]),
    );
    // Cohen over the (ann, bob) pairs, whichever order the records come in
    const cohen = cohenKappa([
      ['positive', 'positive'],
      ['negative', 'negative'],
      ['neutral', 'positive'],
    ]);
    near(s.cohen_kappa, cohen);
    near(computeAgreement(TASK, [...two].reverse()).by_schema.sentiment.cohen_kappa, cohen);
    expect(report.by_schema.sentiment.cohen_kappa).toBeNull(); // three annotators
  });

  it('multiselect with more than 30 labels, and labels named like Object properties', () => {
    const labels = ['constructor', 'toString', ...Array.from({ length: 33 }, (_, i) => `l${i}`)];
    const task = createTask(
      [scheme('m', 'multiselect', labels), scheme('r', 'radio', ['toString', 'b'])],
      ['1', '2', '3', '4'].map((id) => ({ id, text: 'x', data: {} })),
      {},
    );
    const ticked = (...names: string[]) => Object.fromEntries(names.map((n) => [n, 'true']));
    const sets = [
      [['l31', 'l32'], ['constructor'], ['l0'], ['l1']],
      [['l32'], ['constructor', 'toString'], ['l0'], ['l1', 'l2']],
    ];
    const radio = [
      ['b', 'b', 'b', 'toString'],
      ['b', 'b', 'toString', 'toString'],
    ];
    const records = sets.flatMap((row, coder) =>
      row.map((set, item) => rec(`c${coder}`, String(item + 1), { m: ticked(...set), r: ticked(radio[coder][item]) })),
    );
    const report = computeAgreement(task, records).by_schema;
    near(
      report.m.krippendorff_alpha,
      krippendorffAlpha<string[]>(
        sets,
        (a, b) => jaccardDistance(new Set(a), new Set(b)),
        (x) => x.join(),
      ),
    );
    // an inherited Object property ("toString" on every plain object) must not read as an answer
    near(report.r.krippendorff_alpha, krippendorffAlpha(radio, 'nominal'));
  });

  it("Cohen's kappa keeps each annotator on their own side, whatever order the records come in", () => {
    const task = createTask(
      [scheme('s', 'radio', ['a', 'b'])],
      ['1', '2', '3', '4'].map((id) => ({ id, text: 'x', data: {} })),
      {},
    );
    const said = (user: string, id: string, label: string) => rec(user, id, { s: { [label]: 'true' } });
    // ann: a a a b, bob: a b b b; item 2 lists bob first
    const records = [
      said('ann', '1', 'a'),
      said('bob', '1', 'a'),
      said('bob', '2', 'b'),
      said('ann', '2', 'a'),
      said('ann', '3', 'a'),
      said('bob', '3', 'b'),
      said('ann', '4', 'b'),
      said('bob', '4', 'b'),
    ];
    // p_o = 1/2, p_e = 3/4 · 1/4 + 1/4 · 3/4 = 3/8: κ = 0.2 (taking the pairs in record order would give 0)
    near(computeAgreement(task, records).by_schema.s.cohen_kappa, 0.2);
  });

  it('null with a reason when nothing is pairable or every answer is the same', () => {
    const none = computeAgreement(
      TASK,
      RECORDS.filter((r) => r.username === 'ann'),
    );
    expect(none.overall).toEqual({ average_krippendorff_alpha: null, schemas_evaluated: 0 });
    expect(none.by_schema.sentiment).toMatchObject({
      krippendorff_alpha: null,
      items_evaluated: 0,
      annotators: 0,
      reason: expect.stringMatching(/two or more annotators/),
    });
    const same = computeAgreement(TASK, [RECORDS[8], RECORDS[9]]); // i4: bob and cyd agree on everything, one item
    expect(same.by_schema.sentiment).toMatchObject({
      krippendorff_alpha: null,
      items_evaluated: 1,
      annotators: 2,
      interpretation: null,
      reason: expect.stringMatching(/same/),
    });
  });

  it('the typed-array span tally equals alpha over character units, on random spans (fast-check, seeded)', () => {
    const texts = ['a'.repeat(7), 'b'.repeat(12), 'c'.repeat(3)];
    const task = createTask(
      [scheme('evidence', 'span', ['x', 'y', 'z'])],
      texts.map((text, i) => ({ id: `t${i}`, text, data: {} })),
      {},
    );
    const span = fc.tuple(fc.constantFrom('x', 'y', 'z'), fc.nat(11), fc.integer({ min: 1, max: 12 }));
    const annotation = fc.record({
      user: fc.constantFrom('u1', 'u2', 'u3', 'u4'),
      item: fc.nat(2),
      spans: fc.array(span, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(annotation, { minLength: 2, maxLength: 12 }), (raw) => {
        const byKey = new Map<string, AnnotationRecord>();
        for (const a of raw) {
          const L = texts[a.item].length;
          const spans = a.spans
            .map(([label, s, len]) => [label, Math.min(s, L - 1), Math.min(s + len, L)] as [string, number, number])
            .sort((p, q) => p[1] - q[1] || p[2] - q[2]);
          // a record must hold something to count; give span-less ones a label elsewhere
          byKey.set(`${a.user}/${a.item}`, {
            ...rec(a.user, `t${a.item}`, spans.length ? {} : { other: { v: '1' } }, spans),
          });
        }
        const records = [...byKey.values()];
        // naive: one unit per character, the value the annotator's later-starting span gives it
        const users = ['u1', 'u2', 'u3', 'u4'];
        const data = users.map((u) =>
          texts.flatMap((text, i) => {
            const r = byKey.get(`${u}/${i}`);
            if (!r) return Array(text.length).fill(null);
            const row = Array(text.length).fill('none');
            for (const s of r.spans) row.fill(s.label, s.start, s.end);
            return row;
          }),
        );
        let expected: number | null;
        try {
          expected = krippendorffAlpha(data, 'nominal');
        } catch {
          expected = null;
        }
        const got = computeAgreement(task, records).by_schema.evidence.krippendorff_alpha;
        return expected === null ? got === null : got !== null && Math.abs(got - expected) < 1e-9;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('reusing a slow report', () => {
  const slow = { key: 'v1', at: 1_000, tookMs: 400 };
  it('answers from the cache while nothing changed', () => {
    expect(mayReuse({ ...slow, tookMs: 1 }, { key: 'v1', now: 999_999, fresh: true, slowMs: 50 })).toBe(true);
  });
  it('reuses a slow report for twenty times its computation after a change, then recomputes', () => {
    expect(mayReuse(slow, { key: 'v2', now: 1_000 + 7_999, fresh: false, slowMs: 50 })).toBe(true);
    expect(mayReuse(slow, { key: 'v2', now: 1_000 + 8_000, fresh: false, slowMs: 50 })).toBe(false);
  });
  it('recomputes a quick report at once after a change, and any report when asked for a fresh one', () => {
    expect(mayReuse({ ...slow, tookMs: 10 }, { key: 'v2', now: 1_001, fresh: false, slowMs: 50 })).toBe(false);
    expect(mayReuse(slow, { key: 'v2', now: 1_001, fresh: true, slowMs: 50 })).toBe(false);
  });
});
