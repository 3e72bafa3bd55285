/**
 * consensus_tracking: the turns of a multi-agent discussion (the item's `turns_key` list) each tagged with a
 * discussion act; acts that answer an earlier move (`linked_acts`: agreement, disagreement, concession by
 * default) may name the turn they refer to. Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON
 * [{"turn", "act", "ref"?, "agent_id"}], in turn order.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { eachEntry, noRepeats, pastTrace, stepIndex, traceType } from '../trace-steps.js';

const DEFAULT_ACTS = ['proposal', 'agreement', 'disagreement', 'decision', 'concession'];
const DEFAULT_LINKED = ['agreement', 'disagreement', 'concession'];

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);

const config = z.looseObject({
  turns_key: z.string().min(1).optional(),
  agent_key: z.string().min(1).optional(),
  acts: names.optional(),
  linked_acts: z.array(z.string()).optional(),
  hint: z.string().optional(),
});

type ActKeys = { acts: string[]; linked_acts: string[]; hint: string };
const keysOf = (scheme: Scheme) => scheme.extra as unknown as ActKeys;

type Tag = { turn: number; act: string; ref?: number; agent_id: string };

function parse(scheme: Scheme, value: unknown): Tag[] | AnswerError | null {
  const k = keysOf(scheme);
  const tags = eachEntry(value, 'tags', (e, where): Tag | AnswerError => {
    if (!stepIndex(e.turn)) return new AnswerError(`${where}.turn must be a whole number from 0`);
    if (typeof e.act !== 'string' || !k.acts.includes(e.act))
      return new AnswerError(`${where}.act: ${JSON.stringify(e.act)} is not one of the acts (${k.acts.join(', ')})`);
    if (e.agent_id !== undefined && typeof e.agent_id !== 'string')
      return new AnswerError(`${where}.agent_id must be text (who spoke the turn)`);
    const tag: Tag = { turn: e.turn, act: e.act, agent_id: e.agent_id ?? '' };
    if (e.ref !== undefined && e.ref !== null) {
      if (!k.linked_acts.includes(e.act))
        return new AnswerError(`${where}.ref: "${e.act}" does not refer to another turn (linked_acts)`);
      if (!stepIndex(e.ref)) return new AnswerError(`${where}.ref must be a whole number from 0`);
      if (e.ref === e.turn) return new AnswerError(`${where}.ref: a turn cannot refer to itself`);
      tag.ref = e.ref;
    }
    return tag;
  });
  if (tags instanceof AnswerError) return tags;
  tags.sort((a, b) => a.turn - b.turn);
  return (
    noRepeats(
      tags,
      (t) => String(t.turn),
      'tags',
      (t) => `turn ${t.turn}`,
    ) ?? (tags.length ? tags : null)
  );
}

function checkSteps(tags: Tag[], turns: readonly unknown[]): AnswerError | null {
  for (const t of tags) {
    if (t.turn >= turns.length) return pastTrace('tags', t.turn, turns.length);
    if (t.ref !== undefined && t.ref >= turns.length)
      return pastTrace(`tags (turn ${t.turn}).ref`, t.ref, turns.length);
  }
  return null;
}

/** A type tagging turns with acts, some linked to another turn; context_attribution is one with its own acts. */
export const turnActType = (type: string, defaults: { acts: string[]; linked: string[]; hint: string }) =>
  traceType({
    type,
    config,
    keys: Object.keys(config.shape),
    stepsDefault: { key: 'turns_key', field: 'conversation' },
    normalize(scheme, parsed, fail) {
      const k = parsed as z.infer<typeof config>;
      const acts = k.acts ?? defaults.acts;
      if (new Set(acts).size !== acts.length) fail('acts', 'an act is named twice');
      const linked = k.linked_acts ?? defaults.linked.filter((a) => acts.includes(a));
      const stray = linked.find((a) => !acts.includes(a));
      if (stray !== undefined) fail('linked_acts', `"${stray}" is not one of the acts (${acts.join(', ')})`);
      Object.assign(scheme.extra, {
        acts,
        linked_acts: linked,
        hint: k.hint ?? defaults.hint,
      } satisfies ActKeys);
    },
    parse,
    checkSteps: (_scheme, stored, turns) => checkSteps(stored as unknown as Tag[], turns),
    perStep: (_scheme, stored) =>
      Object.fromEntries((stored as unknown as Tag[]).map((t) => [String(t.turn), [t.act, t.ref ?? null]])),
    stored: '"<scheme>:<scheme>" → JSON text of [{"turn", "act", "ref"?, "agent_id"}], one entry per tagged turn',
    answerShape: z.array(
      z.object({
        turn: z.number().int().describe('the turn, numbered from 0'),
        act: z.string(),
        ref: z.number().int().optional().describe('the turn this one answers (linked acts only)'),
        agent_id: z.string().describe('who spoke the turn, as the item names them'),
      }),
    ),
    example: (scheme) => [{ turn: 0, act: keysOf(scheme).acts[0], agent_id: '' }],
  });

export const consensusTracking = turnActType('consensus_tracking', {
  acts: DEFAULT_ACTS,
  linked: DEFAULT_LINKED,
  hint: 'Tag turns with discussion acts; acts that answer another turn may name the turn they refer to.',
});
