/**
 * Potato's turn-level schemes (`turn_level: true` with `turn_binding`): a scheme's question asked under every
 * matching turn of a dialogue or agent trace. The server checks the answers and the page draws the widgets, so
 * both read the binding, the turn ids and the answer document from here.
 */

/** The label the per-turn document is stored under, as Potato's pages post it (`<scheme>:::_data`). */
export const TURN_DATA_LABEL = '_data';

/** The types whose question may be asked per turn (Potato's compact widgets). */
export const TURN_LEVEL_TYPES = ['radio', 'multiselect', 'likert', 'slider', 'select', 'text', 'number'] as const;

/** Which turns get the question; every filter given must hold (omitted ones match every turn). */
export interface TurnBinding {
  /** the display field (a dialogue) whose turns get it; unset: every dialogue field */
  field?: string;
  speakers?: string[];
  agents?: string[];
  step_types?: string[];
  tools?: string[];
  /** the agent runs (a run tree's `run_id`s) whose turns get it */
  runs?: string[];
  /** inclusive range of turn positions */
  turn_range?: [number, number];
  /** inline: the widget always shown; drawer: behind a button under the turn */
  placement: 'inline' | 'drawer';
}

/** What the page knows of a turn to match it against a binding. */
export interface BoundTurn {
  id: string;
  speaker?: string;
  agent?: string;
  step_type?: string;
  tool?: string;
  /** the run of an agent's run tree that produced the turn (its `run_id`) */
  run?: string;
}

/** A turn's stable id: its own `turn_id` (or `step_id`), else `t<position>` (Potato's rule). */
export function turnIdOf(turn: unknown, index: number): string {
  if (turn && typeof turn === 'object') {
    const o = turn as Record<string, unknown>;
    for (const key of ['turn_id', 'step_id']) {
      const v = o[key];
      if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
    }
  }
  return `t${index}`;
}

/** Potato's patterns, tried in this order against a speaker; a speaker matching none is an observation. */
const SPEAKER_PATTERNS: [string, RegExp][] = [
  ['thought', /thought|reasoning|planning|think/i],
  ['action', /action|tool|function|call|execute/i],
  ['observation', /observation|environment|result|output|response/i],
  ['system', /system|info|metadata/i],
  ['error', /error|fail|exception/i],
];

/**
 * A turn's step type as Potato reads it: its own `type` or `step_type` as written (a binding to `action` does not
 * take "Action"), else from its speaker ("Agent (Thought)" → thought), so a trace whose turns only name their
 * speakers still has thoughts and actions to bind questions to and to draw.
 */
export function stepTypeOf(turn: { speaker?: string; step_type?: string; type?: string }): string {
  const given = turn.type || turn.step_type;
  if (given) return given;
  if (!turn.speaker) return 'observation';
  return SPEAKER_PATTERNS.find(([, re]) => re.test(turn.speaker!))?.[0] ?? 'observation';
}

/** A step given as bare text, typed from its words as Potato types it: a plan is a thought, `name(args)` an action. */
export function stepTypeOfText(text: string): string {
  if (/^(i need to|i should|let me think|my plan)/i.test(text)) return 'thought';
  const open = text.indexOf('(');
  if (open > 0 && text.includes(')') && /[a-z]/i.test(text.slice(0, open))) return 'action';
  return 'observation';
}

const within = (list: readonly string[] | undefined, value: string | undefined) =>
  !list || (value !== undefined && list.includes(value));

/** Whether a turn at `index` of the field `field` gets the question. */
export function turnMatches(binding: TurnBinding, field: string, turn: BoundTurn, index: number): boolean {
  if (binding.field !== undefined && binding.field !== field) return false;
  if (binding.turn_range && (index < binding.turn_range[0] || index > binding.turn_range[1])) return false;
  return (
    within(binding.speakers, turn.speaker) &&
    within(binding.agents, turn.agent) &&
    within(binding.step_types, stepTypeOf(turn)) &&
    within(binding.tools, turn.tool) &&
    within(binding.runs, turn.run)
  );
}

/** One turn's answer: `values` for a multiselect, `value` for the others, with what the turn was when answered. */
export interface TurnAnswer {
  value?: string | number;
  values?: string[];
  speaker?: string;
  step_type?: string;
  agent_id?: string;
}

/** The stored document: `{"v": 1, "schema_type", "turns": {"<turn id>": TurnAnswer}}`. */
export interface TurnDocument {
  v: 1;
  schema_type: string;
  turns: Record<string, TurnAnswer>;
}

/**
 * A required turn-level question's turns still unanswered: each turn of the field the binding asks it on whose id
 * the answer document does not hold, by position, so the page can name the step and take the annotator there.
 */
export function unansweredTurns(
  binding: TurnBinding,
  field: string,
  turns: readonly (Omit<BoundTurn, 'id'> & { id?: string })[],
  answered: Readonly<Record<string, unknown>>,
): { index: number; id: string }[] {
  const out: { index: number; id: string }[] = [];
  turns.forEach((turn, index) => {
    const id = turn.id ?? `t${index}`;
    if (turnMatches(binding, field, { ...turn, id }, index) && !Object.hasOwn(answered, id)) out.push({ index, id });
  });
  return out;
}
