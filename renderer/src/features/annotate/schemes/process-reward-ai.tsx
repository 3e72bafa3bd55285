/**
 * AI pre-labels on a process_reward scheme (`ai_prelabel`): the model's reward for each step, asked for when the
 * annotator clicks, shown beside each step until the annotator confirms or overrides it. Asking saves nothing: a
 * step takes a suggestion only through the annotator's own pick or "Accept all AI labels".
 */
import { useState } from 'react';
import { api, errorText } from '../../../shared/api/client.js';
import type { ProcessRewardAnswer, StepPrelabel } from '../../../shared/api/types.js';
import './process-reward-ai.css';

/** A step as stored: its reward and, where the AI suggested one, what it suggested. */
export type StoredStep = ProcessRewardAnswer['steps'][number];
/** 1 correct, -1 incorrect, 0 neutral */
export type Reward = StoredStep['reward'];

/** The AI's suggestion for one step. */
export type AiStep = Omit<StepPrelabel['steps'][number], 'index'>;

/** The suggestion a stored step remembers, for a page opened after the suggestions were asked for. */
export function rememberedAi(step: StoredStep | undefined): AiStep | undefined {
  if (step?.ai_reward === undefined || step.ai_reward === null) return undefined;
  return { reward: step.ai_reward, reasoning: step.ai_reasoning ?? '', confidence: step.confidence ?? null };
}

/** The verification fields of a step given `reward`, when the AI suggested something for it. */
export function verification(reward: Reward, ai: AiStep | undefined): Omit<StoredStep, 'index' | 'reward'> {
  if (!ai) return {};
  return {
    source: reward === ai.reward ? 'ai' : 'human',
    verified: true,
    ai_reward: ai.reward,
    ...(ai.reasoning ? { ai_reasoning: ai.reasoning } : {}),
    confidence: ai.confidence,
  };
}

/** The suggestions for the item on screen; those for an item left behind are dropped. */
export function usePrelabel(scheme: string, instanceId: string | undefined) {
  const [got, setGot] = useState<{ for: string; steps: Map<number, AiStep> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ for: string; text: string } | null>(null);
  const ask = () => {
    if (!instanceId) return;
    setBusy(true);
    setError(null);
    const q = `instance_id=${encodeURIComponent(instanceId)}&schema=${encodeURIComponent(scheme)}`;
    api
      .get<StepPrelabel>(`/api/prm/prelabel?${q}`)
      .then((r) => {
        if (r.error) setError({ for: instanceId, text: r.error });
        setGot({ for: instanceId, steps: new Map(r.steps.map((s) => [s.index, s])) });
      })
      .catch((e) => setError({ for: instanceId, text: errorText(e) }))
      .finally(() => setBusy(false));
  };
  return {
    steps: got && got.for === instanceId ? got.steps : null,
    error: error && error.for === instanceId ? error.text : null,
    busy,
    ask,
  };
}

const percent = (c: number | null) => (c === null ? '' : ` (${Math.round(c * 100)} % sure)`);

/** What the AI said about one step; dashed until the annotator has decided on the step. */
export function AiBadge({ ai, word, decided }: { ai: AiStep; word: string; decided: boolean }) {
  return (
    <p className={`prm-ai${decided ? '' : ' prm-ai-pending'}`}>
      <span className="prm-ai-verdict">
        AI: {word}
        {percent(ai.confidence)}
        {decided ? '' : ' – to verify'}
      </span>
      {ai.reasoning && <span className="prm-ai-reason"> {ai.reasoning}</span>}
    </p>
  );
}

/** The button that asks, the count still to verify, "Accept all", and what went wrong. */
export function PrelabelBar({
  prelabel,
  pending,
  onAcceptAll,
}: {
  prelabel: ReturnType<typeof usePrelabel>;
  pending: number;
  onAcceptAll: () => void;
}) {
  const { steps, busy, error, ask } = prelabel;
  return (
    <div className="prm-ai-bar">
      <button type="button" onClick={ask} disabled={busy} aria-busy={busy}>
        {busy ? 'Asking the AI…' : steps ? 'Ask the AI again' : 'AI pre-label steps'}
      </button>
      {steps && steps.size > 0 && (
        <button type="button" onClick={onAcceptAll} disabled={pending === 0}>
          Accept all AI labels
        </button>
      )}
      <span role="status">{steps && steps.size > 0 ? `${pending} of ${steps.size} AI suggestions to verify` : ''}</span>
      {error && (
        <span role="alert" className="prm-ai-error">
          The AI could not pre-label the steps: {error}
        </span>
      )}
    </div>
  );
}
