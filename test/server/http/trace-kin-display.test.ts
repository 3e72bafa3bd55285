/**
 * Potato's kin of agent_trace (coding_trace, eval_trace, cot_trace, web_agent_trace) over real HTTP: each loads
 * without the "shown as dialogue turns" warning and its item's display carries its steps, parts and options.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const field = (key: string, type: string, display_options: Record<string, unknown> = {}) => ({
  key,
  type,
  display_options,
});

const config = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      field('coding', 'coding_trace', { max_output_lines: 5, diff_view: 'split' }),
      field('evaluated', 'eval_trace', { pane_labels: ['Why', 'Calls'] }),
      field('cot', 'cot_trace', { show_rail: false }),
      field('web', 'web_agent_trace', { show_thought: false }),
    ],
  },
};

const item = {
  id: 'k1',
  text: 'Fix and check',
  coding: [{ role: 'assistant', content: 'Run the tests', tool_calls: [{ tool: 'Bash', input: { command: 'ls' } }] }],
  evaluated: [{ thought: 'Look it up', action: 'search(q)', observation: 'Danube' }],
  cot: ['I need to add 2 and 2.', '2 + 2 = 4'],
  web: { steps: [{ action_type: 'click', element: { text: 'Go' }, thought: 'Press it' }] },
};

describe('trace kin on the API', () => {
  it('load without the dialogue warning and draw their steps', async () => {
    const t = await startServer({ config, items: [item] });
    const warnings = t.server.services.config.warnings.join('\n');
    expect(warnings).not.toMatch(/shown as dialogue turns/);
    // an option a kin does not act on is named with what happens instead
    expect(warnings).toMatch(
      /fields\[1\]\.display_options: diff_view is not acted on; field "coding" is drawn as coding trace steps/,
    );
    const c = await t.client().login('ann', 'pw-123456');
    const { body } = await c.get('/api/current_instance');
    const [, coding, evaluated, cot, web] = body.display.blocks;
    expect(coding.trace.options).toMatchObject({ kind: 'coding', max_output_lines: 5 });
    expect(coding.trace.steps[1].parts).toEqual([{ kind: 'terminal', command: 'ls', output: '' }]);
    expect(evaluated.turns.map((x: { text: string }) => x.text)).toEqual(['Look it up', 'search(q)', 'Danube']);
    expect(evaluated.trace.answer).toBe(1);
    expect(evaluated.trace.options.pane_labels).toEqual(['Why', 'Calls', 'Final Answer']);
    expect(cot.trace.steps.map((s: { type: string }) => s.type)).toEqual(['thought', 'observation']);
    expect(cot.trace.options).toMatchObject({ kind: 'cot', show_rail: false });
    expect(web.trace.options).toMatchObject({ kind: 'web_agent', show_thought: false });
    expect(web.turns[0].text).toBe('click "Go"');
  });
});
