/**
 * emergent_behavior: collective behaviors of a multi-agent trace (collusion, groupthink, …) each marked by the set
 * of turns, from any agents, that take part in it, with a note. Stored as Potato stores it: `"<scheme>:<scheme>"`
 * → JSON {behavior: {"turns": [index, …], "note"}}, only behaviors with turns or a note.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { isRecord } from '../answer-fields.js';
import { ownKeys, pastTrace, stepIndex, traceKeys, traceType } from '../trace-steps.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);
const config = z.looseObject({ ...traceKeys.shape, behaviors: names.optional(), allow_note: booleanish.optional() });

interface BehaviorKeys {
  behaviors: string[];
  allow_note: boolean;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as BehaviorKeys;

type Marks = Record<string, { turns: number[]; note: string }>;

function parse(scheme: Scheme, value: unknown): Marks | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value)) return new AnswerError('an emergent behavior answer is {behavior: {"turns": [...], "note"}}');
  const out: Marks = {};
  for (const [behavior, mark] of Object.entries(value)) {
    if (!k.behaviors.includes(behavior))
      return new AnswerError(`${JSON.stringify(behavior)} is not one of the behaviors (${k.behaviors.join(', ')})`);
    if (!isRecord(mark)) return new AnswerError(`${behavior} must be {"turns": [...], "note"}`);
    const turns = mark.turns ?? [];
    if (!Array.isArray(turns) || !turns.every(stepIndex))
      return new AnswerError(`${behavior}.turns must be a list of turn numbers (whole numbers from 0)`);
    if (new Set(turns).size !== turns.length) return new AnswerError(`${behavior}.turns: a turn is given twice`);
    const note = mark.note ?? '';
    if (typeof note !== 'string') return new AnswerError(`${behavior}.note must be text`);
    if (note.trim() && !k.allow_note)
      return new AnswerError(`${behavior}.note: this scheme takes no notes (allow_note)`);
    if (turns.length || note.trim()) out[behavior] = { turns: [...turns].sort((a, b) => a - b), note };
  }
  // one order for the same answer however it was sent
  const ordered = Object.fromEntries(k.behaviors.filter((b) => out[b]).map((b) => [b, out[b]]));
  return Object.keys(ordered).length ? ordered : null;
}

function checkSteps(marks: Marks, steps: readonly unknown[]): AnswerError | null {
  for (const [behavior, m] of Object.entries(marks))
    for (const t of m.turns) if (t >= steps.length) return pastTrace(`${behavior}.turns`, t, steps.length);
  return null;
}

export const emergentBehavior = traceType({
  type: 'emergent_behavior',
  config,
  keys: Object.keys(config.shape),
  normalize: (scheme, parsed, fail) =>
    ownKeys<BehaviorKeys>(
      scheme,
      parsed,
      { behaviors: ['collusion', 'groupthink', 'cascading_error', 'role_drift'], allow_note: true },
      fail,
      { behaviors: 'behavior' },
    ),
  parse,
  checkSteps: (_scheme, stored, steps) => checkSteps(stored as unknown as Marks, steps),
  // compared behavior by behavior: the set of turns each was marked on
  perStep: (_scheme, stored) =>
    Object.fromEntries(Object.entries(stored as unknown as Marks).map(([b, m]) => [b, m.turns.join(',')])),
  stored: '"<scheme>:<scheme>" → JSON text of {behavior: {"turns": [turn, …], "note"}}, only behaviors marked',
  answerShape: z.record(
    z.string().describe('a behavior of the scheme'),
    z.object({ turns: z.array(z.number().int()).describe('the turns taking part, numbered from 0'), note: z.string() }),
  ),
  example: (scheme) => ({ [keysOf(scheme).behaviors[0]]: { turns: [0], note: '' } }),
});
