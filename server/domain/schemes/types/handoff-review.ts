/**
 * handoff_review: every handoff of a multi-agent trace (a step whose agent differs from the step before) judged
 * on its own: misalignment `flags` and a quality from 1 to `quality_scale`. The handoffs are found in the trace,
 * numbered from 0 in order. Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON
 * [{"index", "step", "from", "to", "flags", "quality"}], only the handoffs judged.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { eachEntry, noRepeats, ownKeys, stepAgent, stepIndex, traceKeys, traceOf, traceType } from '../trace-steps.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);
const config = z.looseObject({
  ...traceKeys.shape,
  flags: names.optional(),
  quality_scale: z.coerce.number().int().min(2).max(10).optional(),
});

interface HandoffKeys {
  flags: string[];
  quality_scale: number;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as HandoffKeys;

/** One handoff: the step taking over, the agent before and the agent after. */
interface Handoff {
  step: number;
  from: string;
  to: string;
}

/** The trace's handoffs: each step whose agent is named and differs from the named agent of the step before. */
function handoffs(steps: readonly unknown[], agentKey: string): Handoff[] {
  const out: Handoff[] = [];
  for (let i = 1; i < steps.length; i++) {
    const from = stepAgent(steps[i - 1], agentKey);
    const to = stepAgent(steps[i], agentKey);
    if (from && to && from !== to) out.push({ step: i, from, to });
  }
  return out;
}

type Review = Partial<Handoff> & { index: number; flags: string[]; quality: number | null };

function parse(scheme: Scheme, value: unknown): Review[] | AnswerError | null {
  const k = keysOf(scheme);
  const entries = eachEntry(value, 'handoffs', (e, where): Review | null | AnswerError => {
    if (!stepIndex(e.index)) return new AnswerError(`${where}.index must be a whole number from 0 (the handoff)`);
    const flags = e.flags ?? [];
    if (!Array.isArray(flags)) return new AnswerError(`${where}.flags must be a list of flags`);
    for (const f of flags)
      if (typeof f !== 'string' || !k.flags.includes(f))
        return new AnswerError(`${where}.flags: ${JSON.stringify(f)} is not one of ${k.flags.join(', ')}`);
    if (new Set(flags).size !== flags.length) return new AnswerError(`${where}.flags: a flag is given twice`);
    const quality = e.quality ?? null;
    if (
      quality !== null &&
      (!Number.isInteger(quality) || (quality as number) < 1 || (quality as number) > k.quality_scale)
    )
      return new AnswerError(`${where}.quality must be a whole number from 1 to ${k.quality_scale}, or null`);
    if (e.step !== undefined && !stepIndex(e.step))
      return new AnswerError(`${where}.step must be a whole number from 0`);
    for (const side of ['from', 'to'] as const)
      if (e[side] !== undefined && typeof e[side] !== 'string') return new AnswerError(`${where}.${side} must be text`);
    if (!flags.length && quality === null) return null;
    const review: Review = {
      index: e.index,
      flags: k.flags.filter((f) => flags.includes(f)),
      quality: quality as number | null,
    };
    if (e.step !== undefined) review.step = e.step as number;
    if (e.from !== undefined) review.from = e.from as string;
    if (e.to !== undefined) review.to = e.to as string;
    return review;
  });
  if (entries instanceof AnswerError) return entries;
  const judged = entries.filter((e): e is Review => e !== null).sort((a, b) => a.index - b.index);
  return (
    noRepeats(
      judged,
      (e) => String(e.index),
      'handoffs',
      (e) => `handoff ${e.index}`,
    ) ?? (judged.length ? judged : null)
  );
}

function checkSteps(scheme: Scheme, reviews: Review[], steps: readonly unknown[]): AnswerError | null {
  const found = handoffs(steps, traceOf(scheme).agent_key);
  for (const r of reviews) {
    const h = found[r.index];
    if (!h)
      return new AnswerError(
        `handoffs: handoff ${r.index} is past the trace's handoffs (it has ${found.length}, numbered from 0)`,
      );
    for (const side of ['step', 'from', 'to'] as const)
      if (r[side] !== undefined && r[side] !== h[side])
        return new AnswerError(
          `handoffs (handoff ${r.index}).${side}: the trace's handoff ${r.index} is ${h.from} → ${h.to} at step ${h.step}`,
        );
  }
  return null;
}

export const handoffReview = traceType({
  type: 'handoff_review',
  config,
  keys: Object.keys(config.shape),
  normalize: (scheme, parsed, fail) =>
    ownKeys<HandoffKeys>(
      scheme,
      parsed,
      { flags: ['info_loss', 'dropped_constraint', 'garbling', 'goal_drift'], quality_scale: 5 },
      fail,
      { flags: 'flag' },
    ),
  parse,
  checkSteps: (scheme, stored, steps) => checkSteps(scheme, stored as unknown as Review[], steps),
  perStep: (_scheme, stored) =>
    Object.fromEntries((stored as unknown as Review[]).map((r) => [String(r.index), [r.flags.join('|'), r.quality]])),
  stored:
    '"<scheme>:<scheme>" → JSON text of [{"index", "step", "from", "to", "flags", "quality"}], one entry per handoff judged',
  answerShape: z.array(
    z.object({
      index: z.number().int().describe('the handoff, numbered from 0 in trace order'),
      step: z.number().int().optional().describe('the step taking over'),
      from: z.string().optional(),
      to: z.string().optional(),
      flags: z.array(z.string()).describe("misalignment flags, from the scheme's flags"),
      quality: z.number().int().nullable().describe('1 to quality_scale'),
    }),
  ),
  example: (scheme) => [{ index: 0, flags: [keysOf(scheme).flags[0]], quality: null }],
});
