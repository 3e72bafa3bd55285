/**
 * Potato's trace step shapes read into steps, for every trace display (agent, coding, eval, chain-of-thought and
 * web agent traces): `{speaker, text}` turns, `{thought, action, observation}` dicts (one dict, up to three steps),
 * `{step_type, content}`, bare strings typed from their words, a coding agent's `{role, content, tool_calls}` turns
 * (each tool call its own step, with its diff, command or output) and a web agent's `{action_type, element, …}`
 * steps (a list, or `{steps: [...]}`). Every value shown is text.
 */
import { stepTypeOfText } from '../../../shared/schemes/turn-level.js';
import type { StepPart, Turn } from './types.js';
import { asText, asTurns, textOf, withBindingKeys, type TurnKeys } from './values.js';
import { webGeometry, type WebGeometry } from './web-agent-geometry.js';

type Entry = Record<string, unknown>;

export interface TraceStep {
  turn: Turn;
  /** the source dict's timestamp and screenshot, where the step has them */
  timestamp?: string;
  screenshot?: string;
  parts?: StepPart[];
  /** where a web agent acted on its screenshot (click, element box, mouse path), in percent of the viewport */
  pointer?: WebGeometry['pointer'];
  box?: WebGeometry['box'];
  path?: WebGeometry['path'];
  /** the file a coding agent's tool call touched */
  file?: string;
}

const isEntry = (v: unknown): v is Entry => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => asText(v);

/** Potato's tool families, by lower-cased name; a name in none is a generic tool. */
const TOOL_KINDS: [string, Set<string>][] = [
  ['read', new Set(['read'])],
  ['edit', new Set(['edit', 'replace'])],
  ['write', new Set(['write', 'create'])],
  ['terminal', new Set(['bash', 'terminal', 'shell', 'run'])],
  ['search', new Set(['grep', 'glob', 'search', 'find'])],
];
const toolKind = (tool: string) => TOOL_KINDS.find(([, names]) => names.has(tool.toLowerCase()))?.[0] ?? 'generic';

/** Arguments given as a JSON text (as OpenAI's tool calls give them) read as the mapping they hold. */
function parsed(v: unknown): unknown {
  if (typeof v !== 'string' || !v.trim().startsWith('{')) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** A structured action as `tool(key="value", …)`, as Potato writes it. */
function actionText(action: unknown): string {
  if (!isEntry(action)) return text(action);
  const tool = textOf(action.tool) ?? textOf(action.name) ?? '';
  const params = action.params ?? action.parameters;
  const args = isEntry(params) ? Object.entries(params).map(([k, v]) => `${k}=${JSON.stringify(v)}`) : [];
  return `${tool}(${args.join(', ')})`;
}

/** The binding keys of a dict that became several steps, without its own id (the steps would share it). */
function expanded(turn: Turn, o: Entry, index: number): Turn {
  const rest = { ...o };
  delete rest.turn_id;
  delete rest.step_id;
  delete rest.type;
  delete rest.step_type;
  return withBindingKeys(turn, rest, index);
}

function reactSteps(o: Entry, at: number, keys: TurnKeys): TraceStep[] {
  // a multi-agent trace names the agent of each dict (speaker_key, else `agent`): its steps keep that name
  const who = textOf(o[keys.speaker ?? 'agent']) ?? 'Agent';
  const observation = o.observation ?? o.result;
  const out: TraceStep[] = [];
  if (o.thought) {
    const turn = expanded({ speaker: `${who} (Thought)`, text: text(o.thought), step_type: 'thought' }, o, at);
    out.push({ turn, timestamp: textOf(o.timestamp) });
  }
  if (o.action) {
    const turn = expanded({ speaker: `${who} (Action)`, text: actionText(o.action), step_type: 'action' }, o, at);
    out.push({ turn });
  }
  if (observation) {
    const turn = expanded({ speaker: 'Environment', text: text(observation), step_type: 'observation' }, o, at);
    out.push({ turn, screenshot: textOf(o.screenshot) });
  }
  return out;
}

/** One tool call of a coding agent: what it did as the step's text, its diff, command or output as parts. */
function toolCallStep(call: Entry, at: number): TraceStep {
  // OpenAI's shape: {type: "function", function: {name, arguments: "<JSON>"}}
  const fn = isEntry(call.function) ? call.function : {};
  const tool = textOf(call.tool) ?? textOf(call.name) ?? textOf(fn.name) ?? 'tool';
  const input = [call.input, call.arguments, fn.arguments].map(parsed).find(isEntry) ?? {};
  const file = textOf(input.file_path) ?? textOf(input.path) ?? textOf(input.file);
  const output = text(call.output ?? call.result);
  const parts: StepPart[] = [];
  let summary: string;
  switch (toolKind(tool)) {
    case 'edit':
      parts.push({ kind: 'diff', file, removed: text(input.old_string), added: text(input.new_string) });
      summary = `${tool} ${file ?? ''}`;
      break;
    case 'write':
      parts.push({ kind: 'code', file, text: text(input.content) });
      summary = `${tool} ${file ?? ''}`;
      break;
    case 'terminal': {
      const command = text(input.command ?? input.cmd ?? call.input);
      parts.push({ kind: 'terminal', command, output });
      summary = `$ ${command.split('\n')[0]}`;
      break;
    }
    default:
      summary = `${tool} ${file ?? text(input.pattern ?? input.query ?? (isEntry(call.input) ? '' : call.input))}`;
  }
  if (output && toolKind(tool) !== 'terminal') parts.push({ kind: 'code', text: output });
  const keys = { tool, run_id: call.run_id, turn_id: call.turn_id, step_id: call.step_id };
  const turn = withBindingKeys({ speaker: tool, text: summary.trim(), step_type: 'action' }, keys, at);
  return { turn, parts, file };
}

/** A coding agent's turn: its words (content blocks joined), then each of its tool calls. */
function codingSteps(o: Entry, at: number): TraceStep[] {
  const role = textOf(o.role) ?? 'assistant';
  const content = o.reasoning ?? o.content ?? o.text;
  const calls = Array.isArray(o.tool_calls) ? o.tool_calls.filter(isEntry) : [];
  let words: string;
  if (Array.isArray(content)) {
    const blocks = content.map((b): Entry => (isEntry(b) ? b : { type: 'text', text: b }));
    words = blocks
      .filter((b) => b.type === 'text')
      .map((b) => text(b.text))
      .join('\n');
    if (!calls.length)
      calls.push(...blocks.filter((b) => b.type === 'tool_use').map((b) => ({ tool: b.name, input: b.input })));
  } else words = text(content);
  const out: TraceStep[] = [];
  if (words) {
    const type = role === 'user' ? 'user' : 'thought';
    out.push({ turn: expanded({ speaker: role, text: words, step_type: type }, o, at) });
  }
  for (const call of calls) out.push(toolCallStep(call, at + out.length));
  return out;
}

/** A web agent's step: what it did (and to what) as the text; its thought, element and observation as parts. */
function webSteps(o: Entry, at: number): TraceStep[] {
  const action = textOf(o.action_type) ?? 'unknown';
  const element = isEntry(o.element) ? o.element : {};
  const target = textOf(element.text) ?? textOf(o.url);
  const typed = textOf(o.typed_text) ?? textOf(o.value);
  const scroll = textOf(o.scroll_direction) ?? textOf(o.direction);
  const said = [action, target && `"${target}"`, typed && `⟶ "${typed}"`, scroll].filter(Boolean).join(' ');
  const parts: StepPart[] = [];
  if (o.thought) parts.push({ kind: 'note', label: 'Thought', text: text(o.thought) });
  if (Object.keys(element).length)
    parts.push({
      kind: 'note',
      label: 'Element',
      text: [textOf(element.tag) && `<${textOf(element.tag)}>`, textOf(element.text), textOf(element.id)]
        .filter(Boolean)
        .join(' '),
    });
  if (o.observation) parts.push({ kind: 'note', label: 'Observation', text: text(o.observation) });
  const step: TraceStep = {
    turn: withBindingKeys({ speaker: action, text: said, step_type: 'action' }, o, at),
    timestamp: textOf(o.timestamp),
    screenshot: textOf(o.screenshot_url) ?? textOf(o.screenshot),
    parts,
  };
  Object.assign(step, webGeometry(o));
  return [step];
}

function entrySteps(entry: unknown, at: number, keys: TurnKeys): TraceStep[] | undefined {
  if (typeof entry === 'string') return [{ turn: { text: entry, step_type: stepTypeOfText(entry) } }];
  if (!isEntry(entry)) return undefined;
  if ('thought' in entry || 'action' in entry || 'observation' in entry) {
    if ('action_type' in entry || 'screenshot_url' in entry) return webSteps(entry, at);
    if (!('speaker' in entry && 'text' in entry)) return reactSteps(entry, at, keys);
  }
  if ('action_type' in entry) return webSteps(entry, at);
  if (Array.isArray(entry.tool_calls) || Array.isArray(entry.content) || 'reasoning' in entry)
    return codingSteps(entry, at);
  const [turn] = asTurns([entry], false, keys) ?? [];
  if (!turn) return isEntry(entry) && 'role' in entry ? codingSteps(entry, at) : undefined;
  return [{ turn, timestamp: textOf(entry.timestamp), screenshot: textOf(entry.screenshot) }];
}

/** The steps of a trace field's value, or undefined when it is not a trace (then it is shown as text). */
export function traceSteps(value: unknown, keys: TurnKeys = {}): TraceStep[] | undefined {
  const list = isEntry(value) ? (value.steps ?? value.turns) : value;
  if (typeof list === 'string' && list) return [{ turn: { text: list, step_type: 'observation' } }];
  if (!Array.isArray(list) || !list.length) return undefined;
  const steps: TraceStep[] = [];
  for (const entry of list) {
    const more = entrySteps(entry, steps.length, keys);
    if (!more) return undefined;
    steps.push(...more);
  }
  return steps.length ? steps : undefined;
}
