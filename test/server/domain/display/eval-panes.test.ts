/**
 * The eval trace's panes: which pane each step goes to, the results nested under their calls, the final answer kept
 * out of the calls, and the cycles `link_steps` lights together. Through traceSteps and agentTraceView, the path a
 * served item takes.
 */
import { describe, expect, it } from 'vitest';
import { agentTraceView, DEFAULT_TRACE_OPTIONS } from '../../../../server/domain/display/agent-trace.js';
import { traceSteps } from '../../../../server/domain/display/trace-steps.js';

const view = (trace: unknown, link_steps = true) =>
  agentTraceView(
    { ...DEFAULT_TRACE_OPTIONS, kind: 'eval', show_summary: false, show_run_tree: false, link_steps },
    traceSteps(trace)!,
    {},
  );

const RECIPE = [
  { speaker: 'Agent (Thought)', text: 'Find a recipe' },
  { speaker: 'Agent (Action)', text: "web_search(query='lasagna')" },
  { speaker: 'Environment', text: '10 results' },
  { speaker: 'Agent (Thought)', text: 'Read the first' },
  { speaker: 'Agent (Thought)', text: 'It looks good' },
  { speaker: 'Agent (Action)', text: "fetch(url='site')" },
  { speaker: 'Environment', text: 'Recipe text' },
  { speaker: 'Environment', text: 'More text' },
  { speaker: 'Agent (Final Answer)', text: 'Here it is' },
];

describe("the eval trace's panes", () => {
  it('puts thoughts left, calls with their results in the middle and the answer right, in cycles', () => {
    const v = view(RECIPE);
    expect(v.answer).toBe(8);
    expect(v.panes).toEqual([
      { pane: 'reasoning', link: 0 },
      { pane: 'calls', link: 0 },
      { pane: 'calls', result_of: 1, link: 0 },
      { pane: 'reasoning', link: 1 },
      { pane: 'reasoning', link: 1 },
      { pane: 'calls', link: 1 },
      { pane: 'calls', result_of: 5, link: 1 },
      { pane: 'calls', result_of: 5, link: 1 },
      { pane: 'answer', link: 1 },
    ]);
  });

  it('gives no cycles without link_steps', () => {
    expect(view(RECIPE, false).panes?.some((p) => 'link' in p)).toBe(false);
  });

  it('takes a send_message call as the answer, not as a call', () => {
    const v = view([
      { speaker: 'Agent (Thought)', text: 'plan' },
      { speaker: 'Agent (Action)', text: "search(q='x')" },
      { speaker: 'Agent (Action)', text: "send_message(text='done')" },
    ]);
    expect(v.panes?.map((p) => p.pane)).toEqual(['reasoning', 'calls', 'answer']);
  });

  it('keeps an observation with no call before it as a card of its own in the calls pane', () => {
    const v = view(['just some text']);
    expect(v.answer).toBeUndefined();
    expect(v.panes).toEqual([{ pane: 'calls', link: 0 }]);
  });

  it('reads step dicts: thought, action and observation as one cycle, the action its answer', () => {
    const v = view([{ thought: 'I will search', action: { tool: 'search', params: { q: 'cats' } }, observation: '3' }]);
    expect(v.panes).toEqual([
      { pane: 'reasoning', link: 0 },
      { pane: 'answer', link: 0 },
      { pane: 'calls', result_of: 1, link: 0 },
    ]);
  });
});
