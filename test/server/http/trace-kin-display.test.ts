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
      field('evaluated', 'eval_trace', { pane_labels: ['Why', 'Calls'], link_steps: true }),
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
    // the eval trace's panes and link_steps are drawn, so neither is warned about
    expect(warnings).not.toMatch(/link_steps|pane_labels/);
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
    expect(evaluated.trace.panes).toEqual([
      { pane: 'reasoning', link: 0 },
      { pane: 'answer', link: 0 },
      { pane: 'calls', result_of: 1, link: 0 },
    ]);
    expect(cot.trace.steps.map((s: { type: string }) => s.type)).toEqual(['thought', 'observation']);
    expect(cot.trace.options).toMatchObject({ kind: 'cot', show_rail: false });
    expect(web.trace.options).toMatchObject({ kind: 'web_agent', show_thought: false });
    expect(web.turns[0].text).toBe('click "Go"');
  });
});

describe('the web agent trace on the API', () => {
  it('sends each step with its overlays in percent and acts on the overlay and filmstrip options', async () => {
    const options = { show_overlays: false, show_filmstrip: true, filmstrip_size: 64, auto_playback: true };
    const step = {
      action_type: 'click',
      element: { tag: 'a', text: 'Next page', bbox: [640, 360, 960, 540] },
      coordinates: { x: 800, y: 450 },
      mouse_path: [
        [0, 0],
        [800, 450],
      ],
      screenshot_url: 'shots/page.png',
    };
    const t = await startServer({
      config: {
        annotation_schemes: config.annotation_schemes,
        instance_display: { fields: [field('steps', 'web_agent_trace', options)] },
      },
      items: [
        { id: 'w1', text: 'Open the next page', steps: [step, { ...step, viewport: { width: 1600, height: 900 } }] },
      ],
    });
    const warnings = t.server.services.config.warnings.join('\n');
    expect(warnings).not.toMatch(/show_overlays|show_filmstrip|filmstrip_size/);
    expect(warnings).toMatch(/auto_playback is not acted on/);
    const c = await t.client().login('ann', 'pw-123456');
    const { body } = await c.get('/api/current_instance');
    const [web] = body.display.blocks;
    expect(web.trace.options).toMatchObject({ show_overlays: false, show_filmstrip: true, filmstrip_size: 64 });
    // no viewport: Potato's 1280×720
    expect(web.trace.steps[0]).toMatchObject({
      box: { x: 50, y: 50, width: 25, height: 25 },
      pointer: { x: 62.5, y: 62.5 },
      path: [
        { x: 0, y: 0 },
        { x: 62.5, y: 62.5 },
      ],
    });
    expect(web.trace.steps[1]).toMatchObject({
      box: { x: 40, y: 40, width: 20, height: 20 },
      pointer: { x: 50, y: 50 },
    });
  });
});
