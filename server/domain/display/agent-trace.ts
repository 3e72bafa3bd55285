/**
 * What the page needs to draw an `agent_trace` field or one of its kin as Potato does: each step's type (its
 * `type` or `step_type`, else read from the speaker as Potato reads it, "Agent (Thought)" → thought), its timestamp,
 * screenshot and parts (diffs, commands, notes), the display options, the item's run tree, and what a kin adds (a
 * coding trace's files, an eval trace's final answer and panes).
 */
import { stepTypeOf } from '../../../shared/schemes/turn-level.js';
import { answerStep, evalPanes } from './eval-panes.js';
import { readRunTree, runRows } from './run-tree.js';
import type { TraceStep } from './trace-steps.js';
import type { AgentTraceOptions, AgentTraceView } from './types.js';
import { mediaSource } from './values.js';

export const DEFAULT_TRACE_OPTIONS: AgentTraceOptions = {
  kind: 'agent',
  show_step_numbers: true,
  show_summary: true,
  collapse_observations: false,
  show_timestamps: false,
  show_screenshots: true,
  compact: false,
  show_run_tree: true,
  step_type_colors: {},
};

/** `item` is the whole item, whose top-level `run_tree` the sidebar draws. */
export function agentTraceView(
  options: AgentTraceOptions,
  trace: TraceStep[],
  item: Record<string, unknown>,
): AgentTraceView {
  const steps = trace.map(({ turn, timestamp, screenshot, parts, pointer, box, path }) => {
    const step: AgentTraceView['steps'][number] = { type: stepTypeOf(turn) };
    if (options.show_timestamps && timestamp) step.timestamp = timestamp;
    if (options.show_screenshots && screenshot) step.screenshot = mediaSource(screenshot);
    if (parts?.length) step.parts = parts;
    // the overlays are drawn over the screenshot, so without one there is nothing to place them on
    if (step.screenshot) Object.assign(step, { pointer, box, path });
    return step;
  });
  const view: AgentTraceView = { options, steps };
  if (options.kind === 'coding' && options.show_file_tree)
    view.files = [...new Set(trace.flatMap((s) => (s.file ? [s.file] : [])))];
  if (options.kind === 'eval') {
    const typed = trace.map((s, i) => ({ ...s.turn, type: steps[i].type }));
    const answer = answerStep(typed);
    if (answer !== undefined) view.answer = answer;
    view.panes = evalPanes(typed, answer, options.link_steps === true);
  }
  const tree = options.show_run_tree ? readRunTree(item.run_tree) : undefined;
  if (tree) view.run_tree = runRows(tree);
  return view;
}
