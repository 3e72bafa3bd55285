/**
 * emergent_behavior: the trace's turns as cards; the number row puts the focused turn in (or takes it out of) the
 * n-th behavior, so one behavior gathers turns of several agents. Each marked behavior takes a note, after the
 * turns (Tab).
 */
import { useId } from 'react';
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps } from './trace-steps.js';

interface BehaviorKeys {
  behaviors: string[];
  allow_note: boolean;
}

type Marks = Record<string, { turns: number[]; note: string }>;

const marksOf = (a: Answers, scheme: Scheme) => storedAnswer<Marks>(a, scheme, {});
const humanize = (s: string) => s.replace(/_/g, ' ');
const KEYS = '1234567890';

function EmergentField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<BehaviorKeys>(scheme);
  const turns = traceSteps(scheme, instance);
  const marks = marksOf(answers, scheme);
  const id = useId();
  const change = (behavior: string, patch: Partial<Marks[string]>) =>
    update((a) => {
      const all = marksOf(a, scheme);
      const next = { ...(all[behavior] ?? { turns: [], note: '' }), ...patch };
      const out: Marks = {};
      for (const b of k.behaviors) {
        const m = b === behavior ? next : all[b];
        if (m && (m.turns.length || m.note.trim())) out[b] = m;
      }
      return setAnswer(a, scheme, Object.keys(out).length ? out : null);
    });
  const toggle = (behavior: string, turn: number) => {
    const now = marks[behavior]?.turns ?? [];
    change(behavior, {
      turns: now.includes(turn) ? now.filter((t) => t !== turn) : [...now, turn].sort((x, y) => x - y),
    });
  };
  const marked = k.behaviors.filter((b) => marks[b]?.turns.length);
  return (
    <StepList
      scheme={scheme}
      steps={turns}
      unit="Turn"
      className="scheme-emergent_behavior"
      stepClass={(s) => (k.behaviors.some((b) => marks[b]?.turns.includes(s.index)) ? 'tagged' : '')}
      onDigit={(s, n) => {
        const behavior = k.behaviors[n];
        if (behavior) toggle(behavior, s.index);
        return false;
      }}
      onClear={(s) => {
        for (const b of k.behaviors) if (marks[b]?.turns.includes(s.index)) toggle(b, s.index);
      }}
      foot={
        k.allow_note && marked.length ? (
          <div className="trace-detail">
            {marked.map((b) => (
              <label key={b} htmlFor={`${id}-${b}`}>
                {humanize(b)} (turns {marks[b].turns.map((t) => t + 1).join(', ')}): note
                <textarea
                  id={`${id}-${b}`}
                  rows={2}
                  value={marks[b].note}
                  onChange={(e) => change(b, { note: e.target.value })}
                />
              </label>
            ))}
          </div>
        ) : null
      }
    >
      {(s) => (
        <div className="choices" role="group" aria-label={`Turn ${s.index + 1} behaviors`}>
          {k.behaviors.map((b, i) => {
            const on = marks[b]?.turns.includes(s.index) ?? false;
            return (
              <label key={b} className={`choice${on ? ' chosen' : ''}`}>
                <input type="checkbox" value={b} checked={on} onChange={() => toggle(b, s.index)} />
                {humanize(b)}
                {i < KEYS.length && (
                  <kbd className="label-key" aria-hidden="true">
                    {KEYS[i]}
                  </kbd>
                )}
              </label>
            );
          })}
        </div>
      )}
    </StepList>
  );
}

export const emergentBehavior: SchemeUi = {
  kind: 'value',
  Field: EmergentField,
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      `put the focused turn in a behavior, or take it out (${extraOf<BehaviorKeys>(s).behaviors.slice(0, 10).map(humanize).join(', ')})`,
      [{ keys: ['Tab'], label: `${s.name}: past the turns, a note per marked behavior` }],
    ),
  applyAnswer: (a, scheme, value) =>
    setAnswer(a, scheme, value && typeof value === 'object' && Object.keys(value).length ? value : null),
};
