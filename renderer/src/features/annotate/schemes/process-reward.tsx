/**
 * process_reward: a reward per step of the trace. In `per_step` mode each step is rated on its own (1 correct,
 * 2 wrong, 3 neutral with allow_neutral); in `first_error` mode 2 marks the first wrong step (the steps before
 * it correct, it and all after wrong) and 1 marks the steps up to the focused one correct.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

interface RewardKeys {
  mode: 'first_error' | 'per_step';
  allow_neutral: boolean;
  reward_labels: { correct: string; neutral: string; incorrect: string };
}

interface Rewards {
  mode: RewardKeys['mode'];
  steps: { index: number; reward: number }[];
}

const REWARDS = [1, -1, 0];

function rewardsOf(answers: Answers, scheme: Scheme): Map<number, number> {
  const stored = storedAnswer<Rewards | null>(answers, scheme, null);
  return new Map((stored?.steps ?? []).map((s) => [s.index, s.reward]));
}

/** The answer after giving `reward` (or null: clearing) to step `at` of `count`, the mode's way. */
function rewarded(scheme: Scheme, current: Map<number, number>, at: number, reward: number | null, count: number) {
  const k = extraOf<RewardKeys>(scheme);
  const next = new Map(current);
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
  const steps = [...next].sort(([a], [b]) => a - b).map(([index, r]) => ({ index, reward: r }));
  return steps.length ? { mode: k.mode, steps } : null;
}

function ProcessRewardField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<RewardKeys>(scheme);
  const steps = traceSteps(scheme, instance);
  const rewards = rewardsOf(answers, scheme);
  const choices = REWARDS.slice(0, k.allow_neutral ? 3 : 2);
  const words: Record<number, string> = {
    1: k.reward_labels.correct,
    [-1]: k.reward_labels.incorrect,
    0: k.reward_labels.neutral,
  };
  const give = (step: TraceStep, reward: number | null) =>
    update((a) => setAnswer(a, scheme, rewarded(scheme, rewardsOf(a, scheme), step.index, reward, steps?.length ?? 0)));
  const marked = [...rewards.values()];
  return (
    <StepList
      scheme={scheme}
      steps={steps}
      className="scheme-process_reward"
      head={
        <p className="trace-hint">
          {k.mode === 'first_error'
            ? 'Mark the first wrong step (2): the steps before it count as correct, it and the rest as wrong.'
            : 'Rate each step.'}{' '}
          <span data-testid={`${scheme.name}-count`}>
            {marked.filter((r) => r === 1).length} correct, {marked.filter((r) => r === -1).length} wrong
            {k.allow_neutral ? `, ${marked.filter((r) => r === 0).length} neutral` : ''} of {steps?.length ?? 0}
          </span>
        </p>
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
        <Options
          name={`scheme-${scheme.name}-${s.index}`}
          label={`Step ${s.index + 1} reward`}
          chosen={rewards.has(s.index) ? String(rewards.get(s.index)) : ''}
          options={choices.map((r, i) => ({ value: String(r), text: words[r], binding: String(i + 1) }))}
          keyOf={(b) => b}
          onPick={(v) => give(s, v === '' ? null : Number(v))}
        />
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
