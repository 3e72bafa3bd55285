/**
 * process_reward: a reward per step of the trace. In `per_step` mode each step is rated on its own (1 correct,
 * 2 wrong, 3 neutral with allow_neutral); in `first_error` mode 2 marks the first wrong step (the steps before
 * it correct, it and all after wrong) and 1 marks the steps up to the focused one correct. With `ai_prelabel` the
 * model's suggestion shows beside each step (process-reward-ai.tsx) and a reward given to such a step records it.
 */
import type { ProcessRewardAnswer, Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';
import {
  AiBadge,
  PrelabelBar,
  rememberedAi,
  usePrelabel,
  verification,
  type AiStep,
  type Reward,
  type StoredStep,
} from './process-reward-ai.js';

interface RewardKeys {
  mode: 'first_error' | 'per_step';
  allow_neutral: boolean;
  reward_labels: { correct: string; neutral: string; incorrect: string };
  ai_prelabel?: boolean;
  /** false when ai_support names no model to ask */
  ai_prelabel_ready?: boolean;
}

const REWARDS: Reward[] = [1, -1, 0];

function storedSteps(answers: Answers, scheme: Scheme): Map<number, StoredStep> {
  const stored = storedAnswer<ProcessRewardAnswer | null>(answers, scheme, null);
  return new Map((stored?.steps ?? []).map((s) => [s.index, s]));
}

/** The answer with the steps' rewards `next`, each step keeping what the AI suggested for it. */
function withRewards(scheme: Scheme, stored: Map<number, StoredStep>, next: Map<number, Reward>, ai: AiSteps) {
  const steps = [...next]
    .sort(([a], [b]) => a - b)
    .map(([index, reward]) => ({
      index,
      reward,
      ...verification(reward, ai?.get(index) ?? rememberedAi(stored.get(index))),
    }));
  return steps.length ? { mode: extraOf<RewardKeys>(scheme).mode, steps } : null;
}

type AiSteps = ReadonlyMap<number, AiStep> | null;

/** The answer after giving `reward` (or null: clearing) to step `at` of `count`, the mode's way. */
function rewarded(
  scheme: Scheme,
  stored: Map<number, StoredStep>,
  at: number,
  reward: Reward | null,
  count: number,
  ai: AiSteps,
) {
  const k = extraOf<RewardKeys>(scheme);
  const next = new Map([...stored].map(([i, s]) => [i, s.reward]));
  if (k.mode === 'per_step') {
    if (reward === null || next.get(at) === reward) next.delete(at);
    else next.set(at, reward);
  } else if (reward === -1) {
    // the first error: everything before it right, it and everything after wrong
    for (let i = 0; i < count; i++) next.set(i, i < at ? 1 : -1);
  } else if (reward === 1) {
    const firstWrong = [...next].filter(([, r]) => r === -1).reduce((m, [i]) => Math.min(m, i), Infinity);
    for (let i = 0; i <= at; i++) next.set(i, 1);
    // the cascade broken at or before this step: the wrong ones after it are no longer known
    if (firstWrong <= at) for (let i = at + 1; i < count; i++) next.delete(i);
  } else {
    for (let i = at; i < count; i++) next.delete(i);
  }
  return withRewards(scheme, stored, next, ai);
}

/**
 * The suggestions taken: in per_step mode for each step not decided yet; in first_error mode the AI's first wrong
 * step (the cascade decides the rest).
 */
function acceptedAll(scheme: Scheme, stored: Map<number, StoredStep>, ai: ReadonlyMap<number, AiStep>, count: number) {
  if (extraOf<RewardKeys>(scheme).mode === 'per_step') {
    const next = new Map([...stored].map(([i, s]) => [i, s.reward]));
    for (const [i, s] of ai) if (!stored.get(i)?.verified) next.set(i, s.reward);
    return withRewards(scheme, stored, next, ai);
  }
  const firstWrong = [...ai].filter(([, s]) => s.reward === -1).reduce((m, [i]) => Math.min(m, i), Infinity);
  return firstWrong < count
    ? rewarded(scheme, stored, firstWrong, -1, count, ai)
    : rewarded(scheme, stored, count - 1, 1, count, ai);
}

function ProcessRewardField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<RewardKeys>(scheme);
  const steps = traceSteps(scheme, instance);
  const stored = storedSteps(answers, scheme);
  const rewards = new Map([...stored].map(([i, s]) => [i, s.reward]));
  const prelabel = usePrelabel(scheme.name, instance?.instance_id);
  const aiOn = !!k.ai_prelabel && k.ai_prelabel_ready !== false;
  const aiOf = (i: number) => prelabel.steps?.get(i) ?? rememberedAi(stored.get(i));
  const count = steps?.length ?? 0;
  const pending = prelabel.steps ? [...prelabel.steps.keys()].filter((i) => !stored.get(i)?.verified).length : 0;
  const choices = REWARDS.slice(0, k.allow_neutral ? 3 : 2);
  const words: Record<number, string> = {
    1: k.reward_labels.correct,
    [-1]: k.reward_labels.incorrect,
    0: k.reward_labels.neutral,
  };
  const give = (step: TraceStep, reward: Reward | null) =>
    update((a) =>
      setAnswer(a, scheme, rewarded(scheme, storedSteps(a, scheme), step.index, reward, count, prelabel.steps)),
    );
  const acceptAll = () =>
    prelabel.steps &&
    update((a) => setAnswer(a, scheme, acceptedAll(scheme, storedSteps(a, scheme), prelabel.steps!, count)));
  const marked = [...rewards.values()];
  return (
    <StepList
      scheme={scheme}
      steps={steps}
      className="scheme-process_reward"
      head={
        <>
          <p className="trace-hint">
            {k.mode === 'first_error'
              ? 'Mark the first wrong step (2): the steps before it count as correct, it and the rest as wrong.'
              : 'Rate each step.'}{' '}
            <span data-testid={`${scheme.name}-count`}>
              {marked.filter((r) => r === 1).length} correct, {marked.filter((r) => r === -1).length} wrong
              {k.allow_neutral ? `, ${marked.filter((r) => r === 0).length} neutral` : ''} of {steps?.length ?? 0}
            </span>
          </p>
          {aiOn && <PrelabelBar prelabel={prelabel} pending={pending} onAcceptAll={acceptAll} />}
        </>
      }
      stepClass={(s) => (rewards.has(s.index) ? `reward-${rewards.get(s.index)}` : '')}
      onDigit={(s, n) => {
        if (n >= choices.length) return false;
        give(s, choices[n]);
        return k.mode === 'per_step' || choices[n] === 1;
      }}
      onClear={(s) => give(s, null)}
    >
      {(s) => (
        <>
          {aiOn && aiOf(s.index) && (
            <AiBadge
              ai={aiOf(s.index)!}
              word={words[aiOf(s.index)!.reward]}
              decided={!!stored.get(s.index)?.verified}
            />
          )}
          <Options
            name={`scheme-${scheme.name}-${s.index}`}
            label={`Step ${s.index + 1} reward`}
            chosen={rewards.has(s.index) ? String(rewards.get(s.index)) : ''}
            options={choices.map((r, i) => ({ value: String(r), text: words[r], binding: String(i + 1) }))}
            keyOf={(b) => b}
            onPick={(v) => give(s, v === '' ? null : (Number(v) as Reward))}
          />
        </>
      )}
    </StepList>
  );
}

export const processReward: SchemeUi = {
  kind: 'value',
  Field: ProcessRewardField,
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      extraOf<RewardKeys>(s).mode === 'first_error'
        ? '1 marks the steps up to the focused one correct, 2 makes it the first wrong step'
        : `1 correct, 2 wrong${extraOf<RewardKeys>(s).allow_neutral ? ', 3 neutral' : ''}: reward the focused step`,
    ),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, value ?? null),
};
