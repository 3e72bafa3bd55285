/** Potato's saved links and events read into submissions: keys saved as null are left out, an empty id is none. */
import { describe, expect, it } from 'vitest';
import { readUserState } from '../../../../server/domain/data/potato-user-state.js';
import { createTask } from '../../../../server/domain/task.js';

const task = createTask([], [{ id: 'i1', text: 'Ann met Bob in Paris.', data: {} }], {});

function read(json: Record<string, unknown>) {
  const out = readUserState(task, { user_id: 'ann', instance_id_ordering: ['i1'], ...json }, '2026-01-01T00:00:00Z');
  if (!('state' in out)) throw new Error(JSON.stringify(out.problems));
  return out.state.answers[0].submission;
}

describe('readUserState: links and events', () => {
  it('carries each link with the keys Potato set, dropping nulls and empty ids', () => {
    const submission = read({
      instance_id_to_link_to_value: {
        i1: {
          a: { id: 'l1', schema: 'rel', link_type: 'knows', span_ids: ['s1', 's2'], direction: 'directed' },
          b: { id: '', schema: 'rel', link_type: 'near', span_ids: ['s2', 's3'], direction: null, properties: null },
          c: { schema: 'rel', link_type: 'near', span_ids: ['s1', 's3'], properties: { weight: 2 } },
        },
      },
    });
    expect(submission.link_annotations).toEqual([
      { id: 'l1', schema: 'rel', link_type: 'knows', span_ids: ['s1', 's2'], direction: 'directed' },
      { schema: 'rel', link_type: 'near', span_ids: ['s2', 's3'] },
      { schema: 'rel', link_type: 'near', span_ids: ['s1', 's3'], properties: { weight: 2 } },
    ]);
  });

  it('carries each event with its arguments, dropping nulls', () => {
    const submission = read({
      instance_id_to_event_to_value: {
        i1: {
          e: {
            id: null,
            schema: 'ev',
            event_type: 'meeting',
            trigger_span_id: 's0',
            arguments: [{ role: 'agent', span_id: 's1' }],
            properties: null,
          },
          f: { id: 'e2', schema: 'ev', event_type: 'travel', trigger_span_id: 's4', arguments: null },
        },
      },
    });
    expect(submission.event_annotations).toEqual([
      { schema: 'ev', event_type: 'meeting', trigger_span_id: 's0', arguments: [{ role: 'agent', span_id: 's1' }] },
      { id: 'e2', schema: 'ev', event_type: 'travel', trigger_span_id: 's4' },
    ]);
  });
});
