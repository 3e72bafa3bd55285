import { describe, expect, it } from 'vitest';
import { jsonlRoundTrip, loadScheme, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'trajectory_edit',
  name: 'fix',
  editable_fields: ['action', 'thought'],
  edit_final_answer: true,
};
const STRICT = {
  annotation_type: 'trajectory_edit',
  name: 'strict',
  step_text_key: 'text',
  require_reason_on_edit: true,
};
const steps = [
  { thought: 'Look it up.', action: "web_search(queyr='SF weather')", text: 'step one' },
  { thought: 'Open it.', action: 'open_url(results[0])', text: 'step two' },
];
const ITEMS = [{ id: 'e1', text: 'Find the weather', steps, final_answer: 'It is sunny.' }];

describe('trajectory_edit', () => {
  it('loads with the step text field as the one edited unless editable_fields says more', () => {
    expect(loadScheme({ annotation_type: 'trajectory_edit', name: 'e' }).extra).toMatchObject({
      editable_fields: ['action'],
      edit_final_answer: false,
      final_answer_key: 'final_answer',
    });
    expect(loadScheme(STRICT).extra).toMatchObject({ editable_fields: ['text'], require_reason_on_edit: true });
  });

  it('stores edits with their distances worked out, checks the originals against the item, and round-trips', async () => {
    const t = await serve([SCHEME, STRICT], ITEMS);
    const sent = {
      steps: [
        {
          step_index: 0,
          field: 'action',
          original_text: steps[0].action,
          edited_text: "web_search(query='SF weather')",
        },
        { step_index: 1, field: 'thought', original_text: 'Open it.', edited_text: 'Open it.' },
      ],
      final_answer: { original_text: 'It is sunny.', edited_text: 'It is sunny, 18 °C.' },
      n_steps_edited: 7,
    };
    const read = await submitAndRead(t, 'ann', 'e1', { 'fix:fix': JSON.stringify(sent) });
    const stored = {
      steps: [
        {
          step_index: 0,
          field: 'action',
          original_text: steps[0].action,
          edited_text: "web_search(query='SF weather')",
          edited: true,
          edit_distance_chars: 2,
          edit_distance_words: 1,
        },
        {
          step_index: 1,
          field: 'thought',
          original_text: 'Open it.',
          edited_text: 'Open it.',
          edited: false,
          edit_distance_chars: 0,
          edit_distance_words: 0,
        },
      ],
      final_answer: {
        original_text: 'It is sunny.',
        edited_text: 'It is sunny, 18 °C.',
        edited: true,
        edit_distance_chars: 7,
        edit_distance_words: 3,
      },
      n_steps_edited: 2,
      total_edit_distance: 9,
    };
    expect(JSON.parse(read.annotations['fix:fix'])).toEqual(stored);

    const refused = (scheme: string, value: unknown) =>
      refusedAnswer(t, 'e1', { [`${scheme}:${scheme}`]: JSON.stringify(value) });
    const edit = { step_index: 0, field: 'action', original_text: steps[0].action, edited_text: 'x' };
    expect(await refused('fix', { steps: [{ ...edit, original_text: 'something else' }] })).toBe(
      'annotations["fix:fix"]: steps: step 0\'s action: original_text is not the item\'s text of that step',
    );
    expect(await refused('fix', { steps: [{ ...edit, field: 'observation' }] })).toMatch(
      /steps\[0\]\.field: "observation" is not editable \(editable_fields: action, thought\)/,
    );
    expect(await refused('fix', { steps: [edit, edit] })).toMatch(/step 0's action is answered twice/);
    expect(await refused('fix', { steps: [{ ...edit, step_index: 2 }] })).toMatch(/step 2 is past the trace/);
    expect(await refused('fix', { final_answer: { original_text: 'It rains.', edited_text: 'x' } })).toMatch(
      /final_answer\.original_text is not the item's "final_answer"/,
    );
    expect(
      await refused('strict', {
        steps: [{ step_index: 1, field: 'text', original_text: 'step two', edited_text: 'step 2' }],
      }),
    ).toMatch(/step 1's text is edited without a reason \(require_reason_on_edit\)/);
    expect(await refused('strict', { final_answer: { original_text: 'It is sunny.', edited_text: 'x' } })).toMatch(
      /this scheme does not edit the final answer/,
    );

    const lines = await jsonlRoundTrip(t, [SCHEME, STRICT], ITEMS);
    expect(lines[0].labels.fix).toEqual(stored);
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.fix).toMatchObject({
      level: 'per_node',
    });
    await t.close();
  });
});
