/**
 * What the page needs to draw an `agent_trace` field as Potato does: each turn's step type (its `step_type`, else
 * read from the speaker as Potato reads it, "Agent (Thought)" → thought), its timestamp and screenshot, the display
 * options, and the item's run tree.
 */
import { stepTypeOf } from '../../../shared/schemes/turn-level.js';
import { readRunTree, runRows } from './run-tree.js';
import type { AgentTraceOptions, AgentTraceView, Turn } from './types.js';
import { mediaSource } from './values.js';

export const DEFAULT_TRACE_OPTIONS: AgentTraceOptions = {
  show_step_numbers: true,
  show_summary: true,
  collapse_observations: false,
  show_timestamps: false,
  show_screenshots: true,
  compact: false,
  show_run_tree: true,
  step_type_colors: {},
};

const textOf = (v: unknown): string | undefined =>
  (typeof v === 'string' && v !== '') || typeof v === 'number' ? String(v) : undefined;

/**
 * `entries` are the field's raw turn objects, in the same order as `turns` (a string entry has no timestamp or
 * screenshot); `item` is the whole item, whose top-level `run_tree` the sidebar draws.
 */
export function agentTraceView(
  options: AgentTraceOptions,
  turns: Turn[],
  entries: unknown[],
  item: Record<string, unknown>,
): AgentTraceView {
  const steps = turns.map((turn, i) => {
    const o = entries[i] && typeof entries[i] === 'object' ? (entries[i] as Record<string, unknown>) : {};
    const step: AgentTraceView['steps'][number] = { type: stepTypeOf(turn) };
    const timestamp = textOf(o.timestamp);
    if (options.show_timestamps && timestamp) step.timestamp = timestamp;
    const shot = textOf(o.screenshot);
    if (options.show_screenshots && shot) step.screenshot = mediaSource(shot);
    return step;
  });
  const view: AgentTraceView = { options, steps };
  const tree = options.show_run_tree ? readRunTree(item.run_tree) : undefined;
  if (tree) view.run_tree = runRows(tree);
  return view;
}
