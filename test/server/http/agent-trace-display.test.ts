/** An agent_trace field over real HTTP: its steps' types, its options and the item's run tree ride on the display. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const config = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      {
        key: 'conversation',
        type: 'agent_trace',
        display_options: { show_summary: false, step_type_colors: { thought: '#eef' } },
      },
    ],
  },
};

const conversation = [
  { speaker: 'Agent (Thought)', text: 'Delegate the search.', run_id: 'orch' },
  { speaker: 'Agent (Action)', text: 'search("llamas")', run_id: 'search' },
  { speaker: 'Environment', text: 'no results', run_id: 'search' },
];

describe('agent_trace on the API', () => {
  it('current_instance carries step types, options and the run tree; an item without run_tree has none', async () => {
    const t = await startServer({
      config,
      items: [
        {
          id: 'tr1',
          text: 'Find llamas',
          conversation,
          run_tree: [
            {
              id: 'orch',
              parent_id: null,
              name: 'orchestrator',
              run_type: 'chain',
              status: 'success',
              turn_range: [0, 2],
            },
            { id: 'search', parent_id: 'orch', name: 'search', run_type: 'tool', status: 'error', turn_range: [1, 2] },
            { id: 'stray', parent_id: 'stray', name: 'loop', run_type: 'agent' },
          ],
        },
        { id: 'tr2', text: 'No tree', conversation },
      ],
    });
    const c = await t.client().login('ann', 'pw-123456');
    const current = await c.get('/api/current_instance');
    expect(current.status).toBe(200);
    const block = current.body.display.blocks[1];
    expect(block.type).toBe('dialogue');
    expect(block.turns.map((turn: { run?: string }) => turn.run)).toEqual(['orch', 'search', 'search']);
    expect(block.trace.steps.map((s: { type: string }) => s.type)).toEqual(['thought', 'action', 'observation']);
    expect(block.trace.options).toMatchObject({ show_summary: false, show_step_numbers: true, show_run_tree: true });
    expect(block.trace.options.step_type_colors).toEqual({ thought: '#eef' });
    expect(block.trace.run_tree).toEqual([
      { id: 'orch', name: 'orchestrator', run_type: 'chain', status: 'success', turn_range: [0, 2] },
      { id: 'search', parent: 'orch', name: 'search', run_type: 'tool', status: 'error', turn_range: [1, 2] },
      { id: 'stray', name: 'loop' },
    ]);
    const next = await c.post('/go_to', { action: 'next_instance' });
    expect(next.body.display.blocks[1].trace.steps).toHaveLength(3);
    expect(next.body.display.blocks[1].trace.run_tree).toBeUndefined();
    expect((await c.get('/api/display/tr1')).body.blocks[1].trace.run_tree).toHaveLength(3);
  });
});
