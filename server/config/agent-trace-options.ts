/**
 * Potato's `agent_trace` display options: which parts of the step cards are shown, their colours, and the run
 * tree sidebar. A bad value is warned about and the default used, as Potato falls back to its defaults.
 */
import { DEFAULT_TRACE_OPTIONS } from '../domain/display/agent-trace.js';
import type { AgentTraceOptions } from '../domain/display/types.js';

const SWITCHES = [
  'show_step_numbers',
  'show_summary',
  'collapse_observations',
  'show_timestamps',
  'show_screenshots',
  'compact',
  'show_run_tree',
] as const;

export const AGENT_TRACE_OPTIONS = [...SWITCHES, 'step_type_colors'];

/** Colours are put into the page's style, so only plain forms are taken: #hex, rgb()/hsl() of numbers, a name. */
const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%]+(\s*[,\s/]\s*[\d.%]+){2,3}\s*\)|[a-z]{3,20})$/i;

export function readAgentTrace(
  options: Readonly<Record<string, unknown>>,
  where: string,
  warn: (message: string) => void,
): AgentTraceOptions {
  const out: AgentTraceOptions = { ...DEFAULT_TRACE_OPTIONS, step_type_colors: {} };
  for (const key of SWITCHES) {
    const v = options[key];
    if (typeof v === 'boolean') out[key] = v;
    else if (v !== undefined) warn(`${where}.${key}: expected true or false; ${String(out[key])} is used`);
  }
  const colors = options.step_type_colors;
  if (colors && typeof colors === 'object' && !Array.isArray(colors)) {
    for (const [type, color] of Object.entries(colors)) {
      if (typeof color === 'string' && CSS_COLOR.test(color.trim()))
        out.step_type_colors[type.toLowerCase()] = color.trim();
      else warn(`${where}.step_type_colors.${type}: expected a colour such as #e8f4fd; the default colour is used`);
    }
  } else if (colors !== undefined)
    warn(`${where}.step_type_colors: expected a mapping of step type to colour; the default colours are used`);
  return out;
}
