/**
 * Agreement on answers that quote the text: SQuAD token F1 for extractive_qa, character F1 by type and severity
 * for error_span, CEAF over events for multi_document_event. The distances are checked on their own, then alpha
 * and the pairwise figures over real HTTP against values worked out by hand in the comments, from
 * alpha = 1 − D_o / D_e with D_o = Σ_u Σ_{i≠j} δ(v_i, v_j) / (m_u − 1) / n and D_e = Σ_{i≠j over all values} δ / (n (n
 * − 1)).
 */
import { describe, expect, it } from 'vitest';
import {
  EVENT_CEAF,
  ERROR_SPAN_F1,
  QA_TOKEN_F1,
  answerTokens,
  errorSpanDistance,
  eventCeafDistance,
  tokenF1Distance,
} from '../../../../server/domain/schemes/span-answer-agreement.js';
import type { Scheme } from '../../../../server/domain/task.js';
import { serve, submitAndRead } from './types/harness.js';

const scheme = { name: 's' } as Scheme;
const qaKey = (answer: object) => QA_TOKEN_F1.value!(scheme, { s: JSON.stringify(answer) }) as string;
const qa = (text: string) => qaKey({ answer_text: text, start: 0, end: 1, unanswerable: false });
const NONE = qaKey({ answer_text: '', start: -1, end: -1, unanswerable: true });

type Err = [start: number, end: number, type: string, severity: string];
const errKey = (...errors: Err[]) =>
  ERROR_SPAN_F1.value!(scheme, {
    s: JSON.stringify({ errors: errors.map(([start, end, type, severity]) => ({ start, end, type, severity })) }),
  }) as string;

type Ev = { slot_values?: Record<string, string>; evidence?: [slot: string, start: number, end: number][] };
const evKey = (...events: Ev[]) =>
  EVENT_CEAF.value!(scheme, {
    s: JSON.stringify({
      events: events.map((e, i) => ({
        event_id: `e${i}`,
        slot_values: e.slot_values ?? {},
        evidence: (e.evidence ?? []).map(([slot_name, span_start, span_end]) => ({ slot_name, span_start, span_end })),
      })),
    }),
  }) as string;

describe('extractive_qa: SQuAD token F1', () => {
  it('normalises as SQuAD does: case, punctuation and articles do not count', () => {
    expect(answerTokens('The Golden-Gate, in 1932!')).toEqual(['goldengate', 'in', '1932']);
    expect(qa('In 1932.')).toBe(qa('in 1932'));
    expect(tokenF1Distance(qa('an apple'), qa('Apple'))).toBe(0);
  });

  it('gives partial credit by overlapping tokens, counting repeats once each', () => {
    // [in, 1932] vs [1932]: one common token, F1 = 2·1 / 3
    expect(tokenF1Distance(qa('in 1932'), qa('1932'))).toBeCloseTo(1 / 3, 12);
    // [six, years] vs [six, years, of, work]: F1 = 2·2 / 6
    expect(tokenF1Distance(qa('six years'), qa('six years of work'))).toBeCloseTo(1 / 3, 12);
    // [very, very, good] vs [very, good]: two in common (very once), F1 = 4 / 5
    expect(tokenF1Distance(qa('very very good'), qa('very good'))).toBeCloseTo(1 / 5, 12);
    expect(tokenF1Distance(qa('1932'), qa('1933'))).toBe(1);
  });

  it('matches "unanswerable" only with itself', () => {
    expect(tokenF1Distance(NONE, NONE)).toBe(0);
    expect(tokenF1Distance(NONE, qa('1932'))).toBe(1);
    // an answer of articles alone is not "unanswerable"
    expect(tokenF1Distance(NONE, qa('the'))).toBe(1);
    expect(QA_TOKEN_F1.value!(scheme, {})).toBeUndefined();
  });
});

describe('error_span: character F1 by type and severity', () => {
  it('counts the characters both marked with the same type and severity', () => {
    expect(errorSpanDistance(errKey([0, 4, 'Fluency', 'Minor']), errKey([0, 4, 'Fluency', 'Minor']))).toBe(0);
    // 4 and 8 characters, 4 shared: F1 = 8 / 12
    expect(errorSpanDistance(errKey([0, 4, 'Fluency', 'Minor']), errKey([2, 10, 'Fluency', 'Minor']))).toBeCloseTo(
      1 - 4 / 12,
      12,
    );
    // the same place with another severity or type shares nothing
    expect(errorSpanDistance(errKey([0, 4, 'Fluency', 'Minor']), errKey([0, 4, 'Fluency', 'Major']))).toBe(1);
    expect(errorSpanDistance(errKey([0, 4, 'Fluency', 'Minor']), errKey([0, 4, 'Accuracy', 'Minor']))).toBe(1);
  });

  it("merges one annotator's overlapping errors of a label, so no character counts twice", () => {
    // [0,6) ∪ [4,10) = 10 characters against [0,10): the same
    const overlapping = errKey([0, 6, 'Fluency', 'Minor'], [4, 10, 'Fluency', 'Minor']);
    expect(errorSpanDistance(overlapping, errKey([0, 10, 'Fluency', 'Minor']))).toBe(0);
  });

  it('takes "no errors" as an answer: two agree, against errors it disagrees fully', () => {
    expect(errKey()).toBe('[]');
    expect(errorSpanDistance(errKey(), errKey())).toBe(0);
    expect(errorSpanDistance(errKey(), errKey([0, 1, 'Fluency', 'Minor']))).toBe(1);
  });
});

describe('multi_document_event: CEAF over events', () => {
  const ada = { slot_values: { who: 'Ada' } };
  const bob = { slot_values: { who: 'Bob' }, evidence: [['who', 8, 11]] as [string, number, number][] };

  it('pairs events one to one by the Dice similarity of their facts, ids aside', () => {
    expect(eventCeafDistance(evKey(ada, bob), evKey(bob, ada))).toBe(0);
    // one event each, {who=ada, when=monday} vs {who=ada, when=tuesday}: Dice 1/2, F1 = 2·(1/2) / 2
    const monday = evKey({ slot_values: { who: 'Ada', when: 'Monday' } });
    const tuesday = evKey({ slot_values: { who: 'ada ', when: 'Tuesday' } });
    expect(eventCeafDistance(monday, tuesday)).toBeCloseTo(1 / 2, 12);
    // two events against one: bob pairs with bob (Dice 1), ada is left over; F1 = 2·1 / 3
    expect(eventCeafDistance(evKey(ada, bob), evKey(bob))).toBeCloseTo(1 / 3, 12);
    // the alignment is optimal, not greedy: x1 would take y1 (Dice 2/3) greedily, leaving x2 with nothing
    const x = evKey({ slot_values: { a: '1', b: '2' } }, { slot_values: { a: '1' } });
    const y = evKey({ slot_values: { a: '1', b: '2', c: '3' } }, { slot_values: { b: '2' } });
    // best: x1↔y1 (2·2/5 = 4/5) and x2↔y2 (0) = 4/5, or x1↔y2 (2/3) and x2↔y1 (2·1/4 = 1/2) = 7/6: F1 = 2·(7/6)/4
    expect(eventCeafDistance(x, y)).toBeCloseTo(1 - 7 / 12, 12);
  });

  it('compares evidence by slot and place, slot values without case or extra spaces', () => {
    const moved = { slot_values: { who: 'Bob' }, evidence: [['who', 0, 3]] as [string, number, number][] };
    // {who=bob, who@8-11} vs {who=bob, who@0-3}: Dice 1/2
    expect(eventCeafDistance(evKey(bob), evKey(moved))).toBeCloseTo(1 / 2, 12);
    expect(evKey({ slot_values: { who: ' BOB ' } })).toBe(evKey({ slot_values: { who: 'bob' } }));
  });
});

const TEXT = 'Ada met Bob in 1932 after six years of work.';
const ITEMS = ['i1', 'i2', 'i3'].map((id) => ({ id, text: TEXT }));
const SCHEMES = [
  { annotation_type: 'extractive_qa', name: 'qa' },
  { annotation_type: 'error_span', name: 'err', error_types: ['Accuracy', 'Fluency'] },
  { annotation_type: 'multi_document_event', name: 'mde', slots: [{ name: 'who' }, { name: 'when' }] },
];
const answer = (phrase: string | null) =>
  JSON.stringify(
    phrase === null
      ? { answer_text: '', start: -1, end: -1, unanswerable: true }
      : { answer_text: phrase, start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length },
  );
const errors = (...list: Err[]) =>
  JSON.stringify({ errors: list.map(([start, end, type, severity]) => ({ start, end, type, severity })) });
const events = (...list: { id: string; who?: string; when?: string; evidence?: boolean }[]) =>
  JSON.stringify({
    events: list.map((e) => ({
      event_id: e.id,
      slot_values: { ...(e.who ? { who: e.who } : {}), ...(e.when ? { when: e.when } : {}) },
      evidence: e.evidence ? [{ slot_name: 'who', span_start: 8, span_end: 11 }] : [],
    })),
  });

describe('the agreement report on these types', () => {
  it('gives alpha with each distance, and pairwise F1 and exact match, as worked out by hand', async () => {
    const t = await serve(SCHEMES, ITEMS);
    const ann = {
      i1: { 'qa:qa': answer('in 1932'), 'err:err': errors([0, 3, 'Fluency', 'Minor']) },
      i2: { 'qa:qa': answer(null), 'err:err': errors([0, 6, 'Fluency', 'Minor']) },
      i3: { 'qa:qa': answer('six years') },
    };
    const bob = {
      i1: { 'qa:qa': answer('1932'), 'err:err': errors([0, 3, 'Fluency', 'Minor']) },
      i2: { 'qa:qa': answer(null), 'err:err': errors([0, 3, 'Fluency', 'Minor'], [8, 11, 'Fluency', 'Major']) },
      i3: { 'qa:qa': answer('six years of work') },
    };
    Object.assign(ann.i1, { 'mde:mde': events({ id: 'a', who: 'Ada', when: 'Monday' }) });
    Object.assign(ann.i2, { 'mde:mde': events({ id: 'a', who: 'Ada' }, { id: 'b', who: 'Bob', evidence: true }) });
    Object.assign(bob.i1, { 'mde:mde': events({ id: 'x', who: 'ada ', when: 'Tuesday' }) });
    Object.assign(bob.i2, { 'mde:mde': events({ id: 'y', who: 'Bob', evidence: true }) });
    for (const [user, answers] of Object.entries({ ann, bob }))
      for (const [item, given] of Object.entries(answers)) await submitAndRead(t, user, item, given);
    const { by_schema } = (await t.admin().get('/admin/api/agreement?fresh=true')).body;
    await t.close();

    // qa: i1 δ = 1/3, i2 0 (both unanswerable), i3 1/3; n = 6, D_o = (2/3 + 0 + 2/3) / 6 = 2/9. Across all values
    // the unordered pairs sum to 1/3 + 1/3 (the two partial matches) + 12 pairs at 1 = 38/3, so
    // D_e = 2·(38/3) / 30 = 38/45 and alpha = 1 − (2/9)/(38/45) = 14/19
    expect(by_schema.qa).toMatchObject({ level: 'token_f1', items_evaluated: 3, annotators: 2 });
    expect(by_schema.qa.krippendorff_alpha).toBeCloseTo(14 / 19, 12);
    expect(by_schema.qa.pairwise.pairs).toBe(3);
    expect(by_schema.qa.pairwise.mean_similarity).toBeCloseTo((2 / 3 + 1 + 2 / 3) / 3, 12);
    expect(by_schema.qa.pairwise.exact_match).toBeCloseTo(1 / 3, 12);

    // err: i1 δ = 0; i2 6 vs 6 characters, 3 shared: δ = 1/2; D_o = (0 + 1) / 4 = 1/4. The four cross pairs of i1's
    // 3 characters with i2's answers are 1/3 each, so D_e = 2·(4/3 + 1/2) / 12 = 11/36 and alpha = 1 − 9/11 = 2/11
    expect(by_schema.err).toMatchObject({ level: 'error_span_f1', items_evaluated: 2, annotators: 2 });
    expect(by_schema.err.krippendorff_alpha).toBeCloseTo(2 / 11, 12);
    expect(by_schema.err.pairwise).toMatchObject({ pairs: 2, exact_match: 0.5 });
    expect(by_schema.err.pairwise.mean_similarity).toBeCloseTo(3 / 4, 12);

    // mde: i1 δ = 1/2 (Dice 1/2), i2 δ = 1/3 (bob pairs with bob, ada left over); D_o = (1 + 2/3) / 4 = 5/12.
    // Across items: i1's events against i2's two have a best Dice of 2/3 with {who=ada} (F1 = 4/9, δ = 5/9) and
    // against i2's one 0 (δ = 1), so the six pairs sum to 1/2 + 1/3 + 2·5/9 + 2·1 = 71/18, D_e = 2·(71/18)/12 =
    // 71/108 and alpha = 1 − (5/12)/(71/108) = 26/71
    expect(by_schema.mde).toMatchObject({ level: 'event_ceaf', items_evaluated: 2, annotators: 2 });
    expect(by_schema.mde.krippendorff_alpha).toBeCloseTo(26 / 71, 12);
    expect(by_schema.mde.pairwise).toMatchObject({ pairs: 2, exact_match: 0 });
    expect(by_schema.mde.pairwise.mean_similarity).toBeCloseTo((1 / 2 + 2 / 3) / 2, 12);
  });
});
