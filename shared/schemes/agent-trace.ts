/**
 * How the agent-trace types read a step of the item's trace, so the page shows (and sends back as the original)
 * exactly the text the server checks against the item.
 */

/** The keys naming where the trace is, as each type's config gives them. */
export interface TraceKeys {
  /** the item field holding the list of steps */
  steps_key: string;
  /** the field of a step shown as its text; others are tried after it */
  step_text_key: string;
  /** the field of a step naming the agent that took it */
  agent_key: string;
}

/** Where a step's agent is read when the config names no field, in Potato's order. */
const AGENT_FIELDS = ['speaker', 'role', 'agent_id', 'agent'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value of the item as text: strings as they are, nothing as "", objects and lists as JSON. */
export const asText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : v === undefined || v === null
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** The agent that took a step, or "" when the step names none. */
export function stepAgent(step: unknown, agentKey: string): string {
  if (!isRecord(step)) return '';
  for (const field of [agentKey, ...AGENT_FIELDS]) {
    const agent = step[field];
    if (typeof agent === 'string' && agent) return agent;
  }
  return '';
}

/** The text of a step's field as an editor starts from it; a bare-string step is its `step_text_key` field. */
export function stepFieldText(step: unknown, field: string, textKey: string): string {
  if (!isRecord(step)) return field === textKey ? asText(step) : '';
  return asText(step[field]);
}
