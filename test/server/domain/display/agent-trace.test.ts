import { describe, expect, it } from 'vitest';
import { buildDisplay } from '../../../../server/domain/display/build.js';
import { DEFAULT_TRACE_OPTIONS } from '../../../../server/domain/display/agent-trace.js';
import { stepTypeOf } from '../../../../shared/schemes/turn-level.js';
import type { DisplaySpec } from '../../../../server/domain/display/types.js';

const spec = (options = DEFAULT_TRACE_OPTIONS): DisplaySpec => ({
  kind: 'fields',
  fields: [{ key: 'conversation', type: 'dialogue', agentTrace: options }],
  direction: 'vertical',
  textKey: 'text',
  idKey: 'id',
  surfaceFirst: false,
});

const item = {
  id: 'tr1',
  text: 'Book a flight',
  conversation: [
    { speaker: 'Agent (Thought)', text: 'I should search.', run_id: 'root', timestamp: '10:00:01' },
    { speaker: 'Agent (Action)', text: 'search(NYC)', run_id: 'search', screenshot: 'shots/1.png' },
    { speaker: 'Environment', text: '3 flights', run_id: 'search' },
    { speaker: 'Agent', text: 'Done', step_type: 'Error' },
  ],
  run_tree: [
    { id: 'root', name: 'orchestrator', run_type: 'chain' },
    { id: 'search', parent_id: 'root', name: 'search', run_type: 'tool', status: 'error' },
  ],
};

describe('agent_trace display', () => {
  it('reads step types as Potato does: step_type first, else the speaker, else an observation', () => {
    expect(stepTypeOf({ speaker: 'Agent (Thought)' })).toBe('thought');
    expect(stepTypeOf({ speaker: 'Agent (Action)' })).toBe('action');
    expect(stepTypeOf({ speaker: 'Tool output' })).toBe('action');
    expect(stepTypeOf({ speaker: 'Environment' })).toBe('observation');
    expect(stepTypeOf({ speaker: 'System' })).toBe('system');
    expect(stepTypeOf({ speaker: 'Tool failure' })).toBe('action');
    expect(stepTypeOf({ speaker: 'Exception' })).toBe('error');
    expect(stepTypeOf({ speaker: 'User' })).toBe('observation');
    // as written, as Potato compares it: an [action] binding does not take "Action"; `type` is read first
    expect(stepTypeOf({ speaker: 'Agent (Thought)', step_type: 'Action' })).toBe('Action');
    expect(stepTypeOf({ speaker: 'Agent (Thought)', type: 'action', step_type: 'thought' })).toBe('action');
    expect(stepTypeOf({})).toBe('observation');
  });

  it('carries each step, the options and the item run tree on the dialogue block', () => {
    const [block] = buildDisplay(spec(), item, item.text).blocks;
    if (block.type !== 'dialogue' || !block.trace) throw new Error(`expected a trace block, got ${block.type}`);
    expect(block.turns.map((t) => t.run)).toEqual(['root', 'search', 'search', undefined]);
    expect(block.trace.steps).toEqual([
      { type: 'thought' },
      { type: 'action', screenshot: { src: '/api/media/shots/1.png', remote: false } },
      { type: 'observation' },
      { type: 'Error' },
    ]);
    expect(block.trace.options.show_summary).toBe(true);
    expect(block.trace.run_tree).toEqual([
      { id: 'root', name: 'orchestrator', run_type: 'chain' },
      { id: 'search', parent: 'root', name: 'search', run_type: 'tool', status: 'error' },
    ]);
  });

  it('shows timestamps only when asked, and no tree with show_run_tree off or without run_tree', () => {
    const options = { ...DEFAULT_TRACE_OPTIONS, show_timestamps: true, show_screenshots: false, show_run_tree: false };
    const [block] = buildDisplay(spec(options), item, item.text).blocks;
    if (block.type !== 'dialogue' || !block.trace) throw new Error('expected a trace block');
    expect(block.trace.steps.slice(0, 2)).toEqual([{ type: 'thought', timestamp: '10:00:01' }, { type: 'action' }]);
    expect(block.trace.run_tree).toBeUndefined();
    const [plain] = buildDisplay(spec(), { ...item, run_tree: undefined }, item.text).blocks;
    expect(plain.type === 'dialogue' && plain.trace && 'run_tree' in plain.trace).toBe(false);
  });

  it('leaves a plain dialogue field without trace fields', () => {
    const plainSpec = spec();
    if (plainSpec.kind === 'fields') delete plainSpec.fields[0].agentTrace;
    const [block] = buildDisplay(plainSpec, item, item.text).blocks;
    expect(block.type === 'dialogue' && 'trace' in block).toBe(false);
  });
});
