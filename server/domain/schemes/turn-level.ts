/**
 * Potato's turn-level schemes: a radio, multiselect, likert, slider, select, text or number question asked under
 * each matching turn of a dialogue. The answers of one item are one document under the label `_data`
 * (`{"v": 1, "schema_type", "turns": {"<turn id>": {"value" | "values", "speaker", ...}}}`), as Potato stores them;
 * each turn's value is checked by the question's own type, so a turn answers exactly what the question would.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { AnswerError, type SchemeTypeModule } from './module.js';
import { isRecord } from './answer-fields.js';
import { traceSteps } from '../display/trace-steps.js';
import { asTurns, looksLikeTurns } from '../display/values.js';
import {
  TURN_DATA_LABEL,
  TURN_LEVEL_TYPES,
  turnIdOf,
  unansweredTurns,
  type TurnAnswer,
  type TurnBinding,
  type TurnDocument,
} from '../../../shared/schemes/turn-level.js';

const names = z.array(z.string().min(1)).min(1);

/** `turn_binding` as a config gives it; every key optional. */
const turnBindingConfig = z.lazy(() =>
  z.strictObject({
    field: z.string().min(1).optional(),
    speakers: names.optional(),
    agents: names.optional(),
    step_types: z
      .array(z.enum(['thought', 'action', 'observation', 'system', 'error']))
      .min(1)
      .optional(),
    tools: names.optional(),
    runs: names.optional(),
    turn_range: z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([a, b]) => a <= b, 'the range runs from its first number to its second')
      .optional(),
    placement: z.enum(['inline', 'drawer']).optional(),
  }),
);

/**
 * Reads `turn_level` and `turn_binding` of a scheme of `type`: the binding, or undefined when the scheme is asked
 * once per item. `fail` refuses naming the key.
 */
export function readTurnLevel(
  type: string,
  turnLevel: unknown,
  binding: unknown,
  fail: (key: string, reason: string) => never,
  warn: (message: string) => void,
): TurnBinding | undefined {
  const on = turnLevel === true || turnLevel === 'true' || turnLevel === 'True';
  if (!on) {
    if (binding !== undefined && binding !== null)
      warn('turn_binding is not acted on without turn_level: true (the question is asked once per item)');
    return undefined;
  }
  if (!(TURN_LEVEL_TYPES as readonly string[]).includes(type))
    fail(
      'turn_level',
      `a ${type} question is not asked per turn (${TURN_LEVEL_TYPES.join(', ')} are); ask it once per item instead`,
    );
  const parsed = turnBindingConfig.safeParse(binding ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`turn_binding${issue.path.length ? `.${issue.path.join('.')}` : ''}`, issue.message);
  }
  const { placement, ...filters } = parsed.data!;
  return { ...filters, placement: placement ?? 'inline' };
}

const SNAPSHOT_KEYS = ['speaker', 'step_type', 'agent_id'] as const;
const MAX_TURNS = 10_000;

/** One turn's entry checked by the question's type: its stored form, null when it holds no answer. */
function turnAnswer(base: SchemeTypeModule, scheme: Scheme, entry: unknown, where: string): TurnAnswer | null {
  if (!isRecord(entry)) throw new AnswerError(`${where}: expected an object`);
  const given = entry.values ?? entry.value;
  if (given === undefined || given === null || given === '' || (Array.isArray(given) && !given.length)) return null;
  const multi = scheme.annotation_type === 'multiselect';
  if (multi !== Array.isArray(given))
    throw new AnswerError(`${where}: a ${scheme.annotation_type} turn takes ${multi ? '"values", a list' : '"value"'}`);
  if (typeof given !== 'string' && typeof given !== 'number' && !Array.isArray(given))
    throw new AnswerError(`${where}.value: expected text or a number`);
  const chosen = base.fromAnswer(scheme, typeof given === 'number' ? String(given) : given);
  if (chosen instanceof AnswerError) throw new AnswerError(`${where}: ${chosen.message}`);
  const problem = base.check?.(scheme, chosen);
  if (problem) throw new AnswerError(`${where}: ${problem.message}`);
  // labels in the scheme's order, so the same answer sent in another order is stored the same
  const out: TurnAnswer = multi
    ? { values: scheme.labels.filter((l) => Object.hasOwn(chosen, l.name)).map((l) => l.name) }
    : { value: given as string | number };
  for (const key of SNAPSHOT_KEYS) if (typeof entry[key] === 'string') out[key] = entry[key];
  return out;
}

/** A submitted or imported document in its stored form; null when no turn is answered. */
function parseDocument(base: SchemeTypeModule, scheme: Scheme, doc: unknown): TurnDocument | null | AnswerError {
  if (!isRecord(doc)) return new AnswerError('expected {"v": 1, "schema_type", "turns": {...}}');
  if (doc.v !== undefined && doc.v !== 1)
    return new AnswerError(`v: version ${JSON.stringify(doc.v)} is not read (1 is)`);
  const turns = doc.turns ?? {};
  if (!isRecord(turns)) return new AnswerError('turns: expected an object of turn id → answer');
  const ids = Object.keys(turns);
  if (ids.length > MAX_TURNS) return new AnswerError(`turns: more than ${MAX_TURNS} turns`);
  const stored: Record<string, TurnAnswer> = {};
  try {
    for (const id of ids) {
      if (id.length > 200) return new AnswerError(`turns: a turn id is longer than 200 characters`);
      const answer = turnAnswer(base, scheme, turns[id], `turns.${id}`);
      if (answer) stored[id] = answer;
    }
  } catch (e) {
    if (e instanceof AnswerError) return e;
    throw e;
  }
  if (!Object.keys(stored).length) return null;
  return { v: 1, schema_type: scheme.annotation_type, turns: stored };
}

/** The turns of the item a binding names (a list, or Potato's `{turns: [...]}` of an audio dialogue). */
function itemTurns(data: Readonly<Record<string, unknown>>, field: string): readonly unknown[] | undefined {
  const value = data[field];
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value.turns)) return value.turns;
  return undefined;
}

/**
 * A required turn-level question's turns the stored answer leaves unanswered (their ids), read from the bound
 * field's turns as the page draws them: a conversation's turns, else a trace's steps (a step dict is several).
 * A field whose turns are not in the item (a transcript file) has none to check.
 */
export function unansweredTurnIds(scheme: Scheme, data: Readonly<Record<string, unknown>>, stored?: string): string[] {
  const field = scheme.turn_level?.field;
  const value = field === undefined ? undefined : data[field];
  if (!scheme.turn_level || field === undefined) return [];
  const list = itemTurns(data, field);
  // a conversation (speakers' turns, or lines of text) as a dialogue draws it, else the steps as a trace reads them
  const conversation = list && (looksLikeTurns(list) || list.every((t) => typeof t === 'string'));
  const turns =
    (conversation ? asTurns(list) : undefined) ?? traceSteps(value)?.map((s) => s.turn) ?? (list && asTurns(list));
  if (!turns) return [];
  let answered: Record<string, unknown> = {};
  try {
    if (stored) answered = (JSON.parse(stored) as TurnDocument).turns ?? {};
  } catch {
    // a stored document is always JSON; nothing answered is the safe reading otherwise
  }
  return unansweredTurns(scheme.turn_level, field, turns, answered).map((t) => t.id);
}

const cache = new Map<SchemeTypeModule, SchemeTypeModule>();

/** The module a turn-level scheme of the base type answers through. */
export function turnLevelModule(base: SchemeTypeModule): SchemeTypeModule {
  const known = cache.get(base);
  if (known) return known;
  const toStored = (scheme: Scheme, doc: unknown): string | null | AnswerError => {
    const parsed = parseDocument(base, scheme, doc);
    return parsed === null || parsed instanceof AnswerError ? parsed : JSON.stringify(parsed);
  };
  const module: SchemeTypeModule = {
    type: base.type,
    config: base.config,
    keys: base.keys,
    normalize: base.normalize,
    storage: 'labels',
    single: true,
    dataLabel: TURN_DATA_LABEL,
    accept(scheme, label, value) {
      if (label !== TURN_DATA_LABEL)
        return new AnswerError(`a turn-level question is answered per turn, under "${scheme.name}:${TURN_DATA_LABEL}"`);
      if (value === '') return null;
      let doc: unknown;
      try {
        doc = JSON.parse(value);
      } catch {
        return new AnswerError('not JSON text');
      }
      return toStored(scheme, doc);
    },
    answer: (_scheme, chosen) => JSON.parse(chosen[TURN_DATA_LABEL]) as Record<string, unknown>,
    fromAnswer(scheme, answer): Record<string, string> | AnswerError {
      const stored = toStored(scheme, answer);
      if (stored instanceof AnswerError) return stored;
      return stored === null ? {} : { [TURN_DATA_LABEL]: stored };
    },
    // for scripts trying a config out: the first turn of the bound field (else of the item's first list of turns)
    // answered with the first label, the least number or the first point of a scale
    example(scheme, item): Record<string, string> {
      const field = scheme.turn_level?.field;
      const turns = !item
        ? undefined
        : field
          ? itemTurns(item, field)
          : Object.values(item).find((v): v is unknown[] => Array.isArray(v) && v.length > 0);
      if (!turns?.length) return {};
      const type = scheme.annotation_type;
      const label = scheme.labels[0]?.name ?? 'checked';
      const answer: TurnAnswer =
        type === 'multiselect'
          ? { values: [label] }
          : { value: type === 'number' || type === 'slider' ? (scheme.min ?? 1) : type === 'likert' ? 1 : label };
      const doc: TurnDocument = { v: 1, schema_type: type, turns: { [turnIdOf(turns[0], 0)]: answer } };
      return { [TURN_DATA_LABEL]: JSON.stringify(doc) };
    },
    // a turn id the item does not have would be an answer to nothing (the binding's field read as Potato reads it)
    checkInText(scheme, chosen, context) {
      const field = scheme.turn_level?.field;
      const turns = field ? itemTurns(context.instance.data, field) : undefined;
      if (!turns || !chosen[TURN_DATA_LABEL]) return null;
      const ids = new Set(turns.map((t, i) => turnIdOf(t, i)));
      // a trace's step dicts ({thought, action, observation}, tool calls) are several turns on its display
      traceSteps(turns)?.forEach((s, i) => ids.add(s.turn.id ?? `t${i}`));
      const doc = JSON.parse(chosen[TURN_DATA_LABEL]) as TurnDocument;
      for (const id of Object.keys(doc.turns))
        if (!ids.has(id)) return new AnswerError(`turns.${id}: the item's "${field}" has no turn ${id}`);
      return null;
    },
    spacy: 'values',
    agreement: {
      level: null,
      column: null,
      reason: 'a turn-level question is answered per turn; agreement over turns is not measured',
    },
    suggestable: false,
    shape: {
      stored:
        '"<scheme>:_data" → JSON text of {"v": 1, "schema_type", "turns": {"<turn id>": {"value" | "values", "speaker"}}}',
      answer: z
        .object({
          v: z.literal(1),
          schema_type: z.string(),
          turns: z.record(
            z.string(),
            z.looseObject({
              value: z.union([z.string(), z.number()]).optional(),
              values: z.array(z.string()).optional(),
            }),
          ),
        })
        .describe("a turn-level question's answers by turn id"),
    },
  };
  cache.set(base, module);
  return module;
}
