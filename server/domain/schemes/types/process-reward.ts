/**
 * process_reward: a reward per step of the item's trace, as process-reward-model training wants it: 1 (correct),
 * -1 (incorrect), and with `allow_neutral` in `per_step` mode 0 (neutral). In `first_error` mode (the default) the
 * annotator marks the first wrong step: the steps before it are correct, it and every later step incorrect.
 * Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON {"mode", "steps": [{"index", "reward"}]}, unmarked
 * steps left out. With `ai_prelabel` a step also records what the model suggested (`ai_reward`, `ai_reasoning`,
 * `confidence`), whether the reward is the suggestion's (`source` "ai") or the annotator's ("human"), and
 * whether a person checked it (`verified`), so exports can keep only verified rows.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { isRecord } from '../answer-fields.js';
import { eachEntry, noRepeats, pastTrace, stepIndex, traceKeys, traceType } from '../trace-steps.js';

const MODES = ['first_error', 'per_step'] as const;

const config = z.looseObject({
  ...traceKeys.shape,
  mode: z.enum(MODES).optional(),
  allow_neutral: booleanish.optional(),
  inline_with_trace: booleanish.optional(),
  reward_labels: z
    .object({ correct: z.string().optional(), neutral: z.string().optional(), incorrect: z.string().optional() })
    .optional(),
  ai_prelabel: booleanish.optional(),
  require_verification: booleanish.optional(),
});

interface RewardKeys {
  mode: (typeof MODES)[number];
  allow_neutral: boolean;
  reward_labels: { correct: string; neutral: string; incorrect: string };
  ai_prelabel: boolean;
  require_verification: boolean;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as RewardKeys;

type Step = {
  index: number;
  reward: number;
  source?: 'ai' | 'human';
  verified?: boolean;
  ai_reward?: number | null;
  ai_reasoning?: string;
  confidence?: number | null;
};

const REWARD_VALUES = new Set([1, -1, 0]);

/** The AI verification fields of a step, each checked; those left out stay out. */
function verification(
  e: Record<string, unknown>,
  where: string,
  k: RewardKeys,
): Omit<Step, 'index' | 'reward'> | AnswerError {
  const out: Omit<Step, 'index' | 'reward'> = {};
  if (e.source !== undefined && e.source !== null) {
    if (e.source !== 'ai' && e.source !== 'human') return new AnswerError(`${where}.source must be "ai" or "human"`);
    out.source = e.source;
  }
  if (e.verified !== undefined) {
    if (typeof e.verified !== 'boolean') return new AnswerError(`${where}.verified must be true or false`);
    if (!e.verified && k.require_verification)
      return new AnswerError(`${where}: the AI's suggestion must be confirmed or overridden (require_verification)`);
    out.verified = e.verified;
  }
  if (e.ai_reward !== undefined) {
    if (e.ai_reward !== null && !REWARD_VALUES.has(e.ai_reward as number))
      return new AnswerError(`${where}.ai_reward must be 1, 0, -1 or null`);
    out.ai_reward = e.ai_reward as number | null;
  }
  if (e.ai_reasoning !== undefined && e.ai_reasoning !== '') {
    if (typeof e.ai_reasoning !== 'string') return new AnswerError(`${where}.ai_reasoning must be text`);
    out.ai_reasoning = e.ai_reasoning.slice(0, 2000);
  }
  if (e.confidence !== undefined) {
    const c = e.confidence;
    if (c !== null && !(typeof c === 'number' && c >= 0 && c <= 1))
      return new AnswerError(`${where}.confidence must be a number from 0 to 1, or null`);
    out.confidence = c;
  }
  return out;
}
type Rewards = {
  mode: RewardKeys['mode'];
  steps: Step[];
};

function parse(scheme: Scheme, value: unknown): Rewards | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value)) return new AnswerError('a process reward answer is {"mode", "steps": [{"index", "reward"}]}');
  if (value.mode !== undefined && value.mode !== k.mode)
    return new AnswerError(`mode: this scheme is in ${k.mode} mode, the answer says ${JSON.stringify(value.mode)}`);
  const steps = eachEntry(value.steps ?? [], 'steps', (e, where): Step | null | AnswerError => {
    // Potato's pages number steps as `index`, its exports sometimes as `step_index`
    const index = e.index ?? e.step_index;
    if (!stepIndex(index)) return new AnswerError(`${where}.index must be a whole number from 0`);
    const reward = e.reward;
    if (reward === null || reward === undefined) return null;
    // without three-way labelling Potato stores an unmarked step as 0
    if (reward === 0 && !k.allow_neutral) return null;
    if (reward !== 1 && reward !== -1 && reward !== 0)
      return new AnswerError(
        `${where}.reward must be 1 (correct), -1 (incorrect)${k.allow_neutral ? ', 0 (neutral)' : ''} or null (unmarked)`,
      );
    const checked = verification(e, where, k);
    if (checked instanceof AnswerError) return checked;
    return { index, reward, ...checked };
  });
  if (steps instanceof AnswerError) return steps;
  const marked = steps.filter((s): s is Step => s !== null).sort((a, b) => a.index - b.index);
  const twice = noRepeats(
    marked,
    (s) => String(s.index),
    'steps',
    (s) => `step ${s.index}`,
  );
  if (twice) return twice;
  return marked.length ? { mode: k.mode, steps: marked } : null;
}

function checkSteps(scheme: Scheme, stored: Rewards, steps: readonly unknown[]): AnswerError | null {
  for (const s of stored.steps) if (s.index >= steps.length) return pastTrace('steps', s.index, steps.length);
  if (stored.mode !== 'first_error') return null;
  // the cascade: everything before the first wrong step is right, it and everything after wrong
  const first = stored.steps.find((s) => s.reward === -1);
  if (!first) return null;
  const wrong = new Set(stored.steps.filter((s) => s.reward === -1).map((s) => s.index));
  for (let i = first.index; i < steps.length; i++) {
    if (!wrong.has(i))
      return new AnswerError(
        `steps: in first_error mode every step from the first incorrect one (step ${first.index}) on is incorrect, but step ${i} is not`,
      );
  }
  return null;
}

export const processReward = traceType({
  type: 'process_reward',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, _fail, warn) {
    const k = parsed as z.infer<typeof config>;
    const mode = k.mode ?? 'first_error';
    if (k.allow_neutral && mode === 'first_error')
      warn('allow_neutral is not acted on in first_error mode: the cascade has no neutral step (as in Potato)');
    if (k.require_verification && !k.ai_prelabel)
      warn(
        'require_verification is not acted on without ai_prelabel: with no AI suggestions there is nothing to verify',
      );
    Object.assign(scheme.extra, {
      mode,
      allow_neutral: !!k.allow_neutral && mode === 'per_step',
      reward_labels: {
        correct: k.reward_labels?.correct ?? 'Correct',
        neutral: k.reward_labels?.neutral ?? 'Neutral',
        incorrect: k.reward_labels?.incorrect ?? 'Wrong',
      },
      ai_prelabel: !!k.ai_prelabel,
      require_verification: !!k.ai_prelabel && !!k.require_verification,
    } satisfies RewardKeys);
  },
  parse,
  checkSteps: (scheme, stored, steps) => checkSteps(scheme, stored as unknown as Rewards, steps),
  perStep: (_scheme, stored) =>
    Object.fromEntries((stored as unknown as Rewards).steps.map((s) => [String(s.index), s.reward])),
  stored:
    '"<scheme>:<scheme>" → JSON text of {"mode", "steps": [{"index", "reward"}]}; unmarked steps are left out; ' +
    'steps an AI suggested a reward for also carry source, verified, ai_reward, ai_reasoning and confidence',
  answerShape: z.object({
    mode: z.enum(MODES),
    steps: z.array(
      z.object({
        index: z.number().int().describe('the step, numbered from 0'),
        reward: z.union([z.literal(1), z.literal(0), z.literal(-1)]).describe('1 correct, -1 incorrect, 0 neutral'),
        source: z
          .enum(['ai', 'human'])
          .optional()
          .describe("the reward is the AI's suggestion, or the annotator's own"),
        verified: z.boolean().optional().describe('a person confirmed or overrode the AI suggestion'),
        ai_reward: z
          .union([z.literal(1), z.literal(0), z.literal(-1)])
          .nullable()
          .optional(),
        ai_reasoning: z.string().optional(),
        confidence: z.number().nullable().optional().describe("the model's confidence in its suggestion, 0..1"),
      }),
    ),
  }),
  example: (scheme) => ({ mode: keysOf(scheme).mode, steps: [{ index: 0, reward: 1 }] }),
});
