import { describe, expect, it } from 'vitest';
import { buildDisplay } from '../../../../server/domain/display/build.js';
import { DEFAULT_TRACE_OPTIONS } from '../../../../server/domain/display/agent-trace.js';
import { traceSteps } from '../../../../server/domain/display/trace-steps.js';
import type { AgentTraceOptions, DisplaySpec } from '../../../../server/domain/display/types.js';
import { turnMatches } from '../../../../shared/schemes/turn-level.js';

const spec = (options: AgentTraceOptions): DisplaySpec => ({
  kind: 'fields',
  fields: [{ key: 'trace', type: 'dialogue', agentTrace: options }],
  direction: 'vertical',
  textKey: 'text',
  idKey: 'id',
  surfaceFirst: false,
});

describe("Potato's trace step shapes", () => {
  it('expands {thought, action, observation} dicts into typed steps, a structured action as tool(args)', () => {
    const steps = traceSteps([
      {
        thought: 'Search first.',
        action: { tool: 'search', params: { q: 'wool' } },
        observation: '3 hits',
        turn_id: 'x',
      },
      { thought: 'Done.' },
    ])!;
    expect(steps.map((s) => [s.turn.speaker, s.turn.step_type, s.turn.text])).toEqual([
      ['Agent (Thought)', 'thought', 'Search first.'],
      ['Agent (Action)', 'action', 'search(q="wool")'],
      ['Environment', 'observation', '3 hits'],
      ['Agent (Thought)', 'thought', 'Done.'],
    ]);
    // one dict's id would be shared by its steps, so they take their positions, as in Potato
    expect(steps.map((s) => s.turn.id)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads {step_type, content}, strings typed from their words, and a type key as given', () => {
    const steps = traceSteps([
      { step_type: 'action', content: "search('x')" },
      'I need to check the total.',
      'calc(2+2)',
      '4',
      { speaker: 'Agent', text: 'ok', type: 'Action' },
    ])!;
    expect(steps.map((s) => s.turn.step_type)).toEqual(['action', 'thought', 'action', 'observation', 'Action']);
    const bound = { step_types: ['action'], placement: 'inline' as const };
    expect(turnMatches(bound, 'trace', { id: 't4', ...steps[4].turn }, 4)).toBe(false);
    expect(turnMatches(bound, 'trace', { id: 't0', ...steps[0].turn }, 0)).toBe(true);
  });

  it("gives a coding agent's tool calls their diff, command and output", () => {
    const steps = traceSteps([
      { role: 'user', content: 'Fix the bug' },
      {
        role: 'assistant',
        content: 'Patching.',
        tool_calls: [
          { tool: 'Edit', input: { file_path: 'a.py', old_string: 'x = 1', new_string: 'x = 2' } },
          { tool: 'Bash', input: { command: 'pytest' }, output: '1 passed' },
          { type: 'function', function: { name: 'Read', arguments: '{"file_path": "b.py"}' }, output: 'print(1)' },
        ],
      },
    ])!;
    expect(steps.map((s) => [s.turn.step_type, s.turn.text])).toEqual([
      [undefined, 'Fix the bug'],
      ['thought', 'Patching.'],
      ['action', 'Edit a.py'],
      ['action', '$ pytest'],
      ['action', 'Read b.py'],
    ]);
    expect(steps[2].parts).toEqual([{ kind: 'diff', file: 'a.py', removed: 'x = 1', added: 'x = 2' }]);
    expect(steps[3].parts).toEqual([{ kind: 'terminal', command: 'pytest', output: '1 passed' }]);
    expect(steps[4].parts).toEqual([{ kind: 'code', text: 'print(1)' }]);
    expect(steps[4].turn.tool).toBe('Read');
  });

  it("reads a web agent's {steps: [...]} with its screenshot, notes and where it clicked", () => {
    const [step] = traceSteps({
      steps: [
        {
          action_type: 'click',
          element: { tag: 'input', text: 'Search' },
          coordinates: { x: 640, y: 180 },
          viewport: { width: 1280, height: 720 },
          screenshot_url: 'shots/0.png',
          thought: 'Find the box',
          observation: 'Focused',
        },
      ],
    })!;
    expect(step.turn).toMatchObject({ speaker: 'click', text: 'click "Search"', step_type: 'action' });
    expect(step.pointer).toEqual({ x: 50, y: 25 });
    expect(step.parts?.map((p) => (p.kind === 'note' ? `${p.label}: ${p.text}` : p.kind))).toEqual([
      'Thought: Find the box',
      'Element: <input> Search',
      'Observation: Focused',
    ]);
  });

  it("picks an eval trace's final answer and lists a coding trace's files", () => {
    const trace = [
      { speaker: 'Agent (Thought)', text: 'Look it up' },
      { speaker: 'Agent (Action)', text: 'search(q)' },
      { speaker: 'Agent (Final Answer)', text: 'Danube' },
    ];
    const [block] = buildDisplay(spec({ ...DEFAULT_TRACE_OPTIONS, kind: 'eval' }), { trace }, '').blocks;
    expect(block.type === 'dialogue' && block.trace?.answer).toBe(2);
    const coding = [{ tool_calls: [{ tool: 'Write', input: { file_path: 'c.py', content: 'pass' } }] }];
    const options = { ...DEFAULT_TRACE_OPTIONS, kind: 'coding' as const, show_file_tree: true };
    const [code] = buildDisplay(spec(options), { trace: coding }, '').blocks;
    expect(code.type === 'dialogue' && code.trace?.files).toEqual(['c.py']);
  });
});
