/**
 * Potato's trace displays' `display_options`: agent_trace and its kin (coding_trace, eval_trace, cot_trace,
 * web_agent_trace), each with the options its Potato display takes. A bad value is warned about and the default
 * used, as Potato falls back to its defaults.
 */
import { DEFAULT_TRACE_OPTIONS } from '../domain/display/agent-trace.js';
import type { AgentTraceOptions, TraceKind } from '../domain/display/types.js';

/** Potato's display type → the kin drawn for it. */
const TRACE_TYPES: Record<string, TraceKind> = {
  agent_trace: 'agent',
  coding_trace: 'coding',
  eval_trace: 'eval',
  cot_trace: 'cot',
  web_agent_trace: 'web_agent',
};

type Switch = Exclude<
  {
    [K in keyof AgentTraceOptions]-?: AgentTraceOptions[K] extends boolean | undefined ? K : never;
  }[keyof AgentTraceOptions],
  undefined
>;

/** The kin drawn for a Potato display type, if it is a trace display. */
export const traceKindOf = (type: string): TraceKind | undefined =>
  Object.hasOwn(TRACE_TYPES, type) ? TRACE_TYPES[type] : undefined;

/** Each kin's switches and their defaults (Potato's); the agent trace's also take step_type_colors. */
const { kind: _kind, step_type_colors: _colors, ...agentSwitches } = DEFAULT_TRACE_OPTIONS;
const SWITCHES: Record<TraceKind, Partial<Record<Switch, boolean>>> = {
  agent: agentSwitches,
  coding: { show_step_numbers: true, collapse_long_outputs: true, show_reasoning: true, show_file_tree: true },
  eval: { show_step_numbers: true, collapse_long_outputs: true, compact: false, link_steps: true },
  cot: { show_step_numbers: true, show_types: true, show_rail: true, collapse_long_steps: true, compact: false },
  web_agent: {
    show_thought: true,
    show_observation: true,
    show_element_info: true,
    show_overlays: true,
    show_filmstrip: true,
  },
};

/** Each kin's numeric options: default, least. */
const NUMBERS: Record<TraceKind, Partial<Record<keyof AgentTraceOptions, [number, number]>>> = {
  agent: {},
  coding: { max_output_lines: [50, 1] },
  eval: { max_output_lines: [20, 1] },
  cot: { clamp_lines: [12, 1] },
  web_agent: { screenshot_max_width: [800, 50], screenshot_max_height: [600, 50], filmstrip_size: [80, 20] },
};

const COLORED = new Set<TraceKind>(['agent', 'cot']);
const PANE_LABELS: [string, string, string] = ['Reasoning', 'Function Calls', 'Final Answer'];

/** The display options a kin acts on; others are warned about by the caller. */
export function traceOptionNames(kind: TraceKind): string[] {
  return [
    ...Object.keys(SWITCHES[kind]),
    ...Object.keys(NUMBERS[kind]),
    ...(COLORED.has(kind) ? ['step_type_colors'] : []),
    ...(kind === 'eval' ? ['pane_labels'] : []),
  ];
}

/** Colours are put into the page's style, so only plain forms are taken: #hex, rgb()/hsl() of numbers, a name. */
const CSS_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%]+(\s*[,\s/]\s*[\d.%]+){2,3}\s*\)|[a-z]{3,20})$/i;

export function readAgentTrace(
  options: Readonly<Record<string, unknown>>,
  where: string,
  warn: (message: string) => void,
  kind: TraceKind = 'agent',
): AgentTraceOptions {
  // switches a kin does not take keep the agent trace's defaults, so the shared cards draw as Potato's kin do
  const out: AgentTraceOptions = { ...DEFAULT_TRACE_OPTIONS, ...SWITCHES[kind], kind, step_type_colors: {} };
  if (kind !== 'agent') Object.assign(out, { show_summary: false, show_run_tree: false });
  // Potato's web agent viewer always shows a step's timestamp
  if (kind === 'web_agent') out.show_timestamps = true;
  for (const key of Object.keys(SWITCHES[kind]) as Switch[]) {
    const v = options[key];
    if (typeof v === 'boolean') out[key] = v;
    else if (v !== undefined) warn(`${where}.${key}: expected true or false; ${String(out[key])} is used`);
  }
  for (const [key, [fallback, least]] of Object.entries(NUMBERS[kind]) as [keyof AgentTraceOptions, number[]][]) {
    const v = options[key];
    const ok = typeof v === 'number' && Number.isInteger(v) && v >= least;
    if (v !== undefined && !ok)
      warn(`${where}.${key}: expected a whole number of at least ${least}; ${fallback} is used`);
    (out as unknown as Record<string, unknown>)[key] = ok ? v : fallback;
  }
  if (kind === 'eval') out.pane_labels = paneLabels(options.pane_labels, where, warn);
  if (COLORED.has(kind)) readColors(options.step_type_colors, out, where, warn);
  return out;
}

/** Three headers; fewer are padded with Potato's defaults. */
function paneLabels(v: unknown, where: string, warn: (m: string) => void): [string, string, string] {
  if (v === undefined) return PANE_LABELS;
  if (!Array.isArray(v) || v.length > 3 || !v.every((l) => typeof l === 'string')) {
    warn(`${where}.pane_labels: expected a list of up to three headers; ${PANE_LABELS.join(', ')} are used`);
    return PANE_LABELS;
  }
  return PANE_LABELS.map((l, i) => (v[i] as string | undefined) || l) as [string, string, string];
}

function readColors(colors: unknown, out: AgentTraceOptions, where: string, warn: (m: string) => void) {
  if (colors && typeof colors === 'object' && !Array.isArray(colors)) {
    for (const [type, color] of Object.entries(colors)) {
      if (typeof color === 'string' && CSS_COLOR.test(color.trim())) out.step_type_colors[type] = color.trim();
      else warn(`${where}.step_type_colors.${type}: expected a colour such as #e8f4fd; the default colour is used`);
    }
  } else if (colors !== undefined)
    warn(`${where}.step_type_colors: expected a mapping of step type to colour; the default colours are used`);
}
