/**
 * The Adjudicate screen's decision logic: taking answers whole or per scheme, editing, span unions and the submit body.
 */
import { describe, expect, test } from 'vitest';
import {
  agreeingAnnotators,
  emptyDecision,
  pickLabel,
  setValue,
  spanUnion,
  submitBody,
  takeAnnotator,
  takeScheme,
  toggleSpan,
} from '../../renderer/src/features/adjudicate/decision.js';
import type { AdjudicationItem, Scheme } from '../../renderer/src/shared/api/types.js';

const scheme = (name: string, annotation_type: string, labels: string[]): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((n) => ({ name: n })),
});
const sentiment = scheme('sentiment', 'radio', ['pos', 'neg']);
const topics = scheme('topics', 'multiselect', ['price', 'quality']);
const note = scheme('note', 'text', ['text']);
const evidence = scheme('evidence', 'span', ['ev']);
const span = (start: number, end: number) => ({
  id: `s${start}${end}`,
  schema: 'evidence',
  name: 'ev',
  start,
  end,
  value: 'x',
});
const item: AdjudicationItem = {
  instance_id: 'a',
  annotators: ['alice', 'bob'],
  annotations: {
    alice: { sentiment: { pos: 'true' }, topics: { price: 'true' } },
    bob: { sentiment: { neg: 'true' }, note: { text: 'hm' } },
  },
  answers: {},
  span_annotations: { alice: [span(0, 5)], bob: [span(0, 5), span(6, 9)] },
  agreement_scores: {},
  overall_agreement: 0,
  num_annotators: 2,
  status: 'pending',
  behavioral_data: {},
  assigned_adjudicator: null,
};

describe('decisions', () => {
  test('taking an annotator whole, then one scheme from another, keeps the note', () => {
    let d = { ...emptyDecision(), notes: 'why' };
    d = takeAnnotator(item, 'bob', d);
    expect(d).toMatchObject({ labels: { sentiment: { neg: 'true' }, note: { text: 'hm' } }, notes: 'why' });
    expect(d.spans).toHaveLength(2);
    expect(agreeingAnnotators(item, sentiment, d)).toEqual(['bob']);
    d = takeScheme(item, 'alice', sentiment, d);
    d = takeScheme(item, 'alice', evidence, d);
    expect(d.labels.sentiment).toEqual({ pos: 'true' });
    expect(d.spans).toEqual([{ schema: 'evidence', name: 'ev', start: 0, end: 5 }]);
    expect(agreeingAnnotators(item, evidence, d)).toEqual(['alice']);
    // a scheme the annotator left empty is emptied
    d = takeScheme(item, 'alice', note, d);
    expect(d.labels.note).toBeUndefined();
  });

  test('editing: a single choice replaces, a multiple one toggles, values and spans', () => {
    let d = pickLabel(emptyDecision(), sentiment, 'pos');
    d = pickLabel(d, sentiment, 'neg');
    expect(d.labels.sentiment).toEqual({ neg: 'true' });
    d = pickLabel(pickLabel(d, topics, 'price'), topics, 'quality');
    expect(d.labels.topics).toEqual({ price: 'true', quality: 'true' });
    expect(agreeingAnnotators(item, topics, d)).toEqual([]);
    d = setValue(d, note, 'text', 'mine');
    d = toggleSpan(toggleSpan(d, span(6, 9)), span(0, 5));
    expect(spanUnion(item, 'evidence').map((u) => u.by)).toEqual([['alice', 'bob'], ['bob']]);
    expect(submitBody('a', setValue(d, note, 'text', ''), 1234.4)).toEqual({
      instance_id: 'a',
      label_decisions: { sentiment: { neg: 'true' }, topics: { price: 'true', quality: 'true' } },
      span_decisions: [
        { schema: 'evidence', name: 'ev', start: 6, end: 9 },
        { schema: 'evidence', name: 'ev', start: 0, end: 5 },
      ],
      notes: '',
      confidence: 'medium',
      time_spent_ms: 1234,
    });
  });
});
