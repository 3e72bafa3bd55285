/**
 * What the page needs to draw an `agent_trace` field or one of its kin as Potato does: each step's type (its
 * `type` or `step_type`, else read from the speaker as Potato reads it, "Agent (Thought)" → thought), its timestamp,
 * screenshot and parts (diffs, commands, notes), the display options, the item's run tree, and what a kin adds (a
 * coding trace's files, an eval trace's final answer).
 */
import { stepTypeOf } from '../../../shared/schemes/turn-level.js';
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

/** A speaker or tool that marks the final answer to the user, as Potato's eval trace reads it. */
const ANSWER = /final[\s_]*answer|send[\s_]*message|respond|response|finish|submit|conclusion/i;
const toolName = (text: string) => /^\s*([\w.-]+)\s*\(/.exec(text)?.[1] ?? '';

/** The eval trace's final answer: the last answer-like step, else the last action (Potato's rule). */
function answerStep(steps: { type: string; speaker?: string; text: string }[]): number | undefined {
  let answer: number | undefined;
  let lastAction: number | undefined;
  steps.forEach((s, i) => {
    const named = ANSWER.test(s.speaker ?? '');
    if (s.type === 'action') {
      lastAction = i;
      if (named || ANSWER.test(toolName(s.text))) answer = i;
    } else if (named) answer = i;
  });
  return answer ?? lastAction;
}

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
    const answer = answerStep(trace.map((s, i) => ({ ...s.turn, type: steps[i].type })));
    if (answer !== undefined) view.answer = answer;
  }
  const tree = options.show_run_tree ? readRunTree(item.run_tree) : undefined;
  if (tree) view.run_tree = runRows(tree);
  return view;
}
