/** The form's side of answers with structure: links and events to and from the API, and pre-annotations of them. */
import { describe, expect, test } from 'vitest';
import {
  addSpan,
  fromStored,
  removeSpan,
  spanRef,
  toSubmission,
  EMPTY,
} from '../../renderer/src/features/annotate/answers.js';
import { applyPrediction } from '../../renderer/src/features/annotate/fill.js';
import type { Scheme } from '../../renderer/src/shared/api/types.js';

const scheme = (name: string, annotation_type: string, extra: Record<string, unknown> = {}): Scheme => ({
  name,
  annotation_type: annotation_type as Scheme['annotation_type'],
  description: '',
  labels: [{ name }],
  ...extra,
});

describe('links and events in the form', () => {
  const stored = {
    instance_id: 'd1',
    annotations: {},
    span_annotations: [
      { id: 'sp_a', schema: 'ents', name: 'P', start: 0, end: 3, value: 'Ada' },
      { id: 'sp_b', schema: 'ents', name: 'L', start: 7, end: 13, value: 'London' },
    ],
    link_annotations: [
      { id: 'l1', schema: 'rel', link_type: 'IN', span_ids: ['sp_a', 'sp_b'], direction: 'directed' as const },
    ],
    event_annotations: [
      {
        id: 'e1',
        schema: 'ev',
        event_type: 'GO',
        trigger_span_id: 'sp_a',
        arguments: [{ role: 'to', span_id: 'sp_b' }],
      },
    ],
    updated_at: null,
  };

  test("name spans by Potato's default id, which the server takes, and are sent only where the server gave them", () => {
    const a = fromStored(stored);
    expect(a.links).toEqual([
      { id: 'l1', schema: 'rel', link_type: 'IN', span_ids: ['ents_P_0_3', 'ents_L_7_13'], direction: 'directed' },
    ]);
    expect(a.events![0]).toMatchObject({
      trigger_span_id: 'ents_P_0_3',
      arguments: [{ role: 'to', span_id: 'ents_L_7_13' }],
    });
    expect(toSubmission('d1', a)).toMatchObject({ link_annotations: a.links, event_annotations: a.events });
    expect(
      Object.keys(
        toSubmission('d1', fromStored({ ...stored, link_annotations: undefined, event_annotations: undefined })),
      ),
    ).toEqual(['instance_id', 'annotations', 'span_annotations']);
  });

  test('removing a span removes the links and events that point at it', () => {
    const a = removeSpan(fromStored(stored), 1);
    expect(a.links).toEqual([]);
    expect(a.events).toEqual([]);
    expect(spanRef(a.spans[0])).toBe('ents_P_0_3');
  });

  test('a pre-annotation fills structured answers as they are, not as label values', () => {
    const schemes = {
      rel: scheme('rel', 'span_link'),
      qa: scheme('qa', 'extractive_qa'),
      ents: scheme('ents', 'span'),
    };
    const qa = { answer_text: 'Ada', start: 0, end: 3, unanswerable: false };
    const a = applyPrediction(
      { ...addSpan(EMPTY, { schema: 'ents', name: 'P', start: 0, end: 3 }), links: [] },
      schemes,
      {
        source: 'm',
        labels: {
          rel: [{ id: 'x', link_type: 'IN', span_ids: ['ents_P_0_3', 'ents_L_7_13'], direction: 'directed' }],
          qa,
        },
        spans: [{ schema: 'ents', label: 'L', start: 7, end: 13, text: 'London' }],
      } as never,
    );
    expect(a.labels).toEqual({ qa: { qa: JSON.stringify(qa) } });
    expect(a.links).toEqual([
      { id: 'x', schema: 'rel', link_type: 'IN', span_ids: ['ents_P_0_3', 'ents_L_7_13'], direction: 'directed' },
    ]);
  });
});
