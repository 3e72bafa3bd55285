/**
 * failure_attribution: the trace's steps, the number row's `1` marking the focused step as the decisive error
 * (which also names its agent as responsible, unless one is chosen already); the responsible agent and the reason
 * follow the steps, reached with Tab.
 */
import { useId } from 'react';
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps } from './trace-steps.js';

interface Attribution {
  responsible_agent: string;
  decisive_step: number | null;
  reason: string;
}

const EMPTY: Attribution = { responsible_agent: '', decisive_step: null, reason: '' };
const attributionOf = (a: Answers, scheme: Scheme) => storedAnswer<Attribution>(a, scheme, EMPTY);
const emptyOf = (x: Attribution) => !x.responsible_agent && x.decisive_step === null && !x.reason.trim();

function FailureAttributionField({ scheme, answers, update, instance }: FieldProps) {
  const steps = traceSteps(scheme, instance);
  const configured = extraOf<{ agents: string[] }>(scheme).agents;
  const agents = configured.length ? configured : [...new Set((steps ?? []).map((s) => s.agent).filter(Boolean))];
  const current = attributionOf(answers, scheme);
  const id = useId();
  const change = (patch: Partial<Attribution>) =>
    update((a) => {
      const next = { ...attributionOf(a, scheme), ...patch };
      return setAnswer(a, scheme, emptyOf(next) ? null : next);
    });
  const decisive = (index: number, agent: string) =>
    update((a) => {
      const was = attributionOf(a, scheme);
      const next =
        was.decisive_step === index
          ? { ...was, decisive_step: null }
          : { ...was, decisive_step: index, responsible_agent: was.responsible_agent || agent };
      return setAnswer(a, scheme, emptyOf(next) ? null : next);
    });
  return (
    <StepList
      scheme={scheme}
      steps={steps}
      className="scheme-failure_attribution"
      stepClass={(s) => (current.decisive_step === s.index ? 'decisive' : '')}
      onDigit={(s, n) => {
        if (n === 0) decisive(s.index, s.agent);
        return false;
      }}
      onClear={(s) => {
        if (current.decisive_step === s.index) change({ decisive_step: null });
      }}
      foot={
        <div className="trace-detail">
          <label htmlFor={`${id}-agent`}>Responsible agent</label>
          {agents.length ? (
            <select
              id={`${id}-agent`}
              value={current.responsible_agent}
              onChange={(e) => change({ responsible_agent: e.target.value })}
            >
              <option value="">— select —</option>
              {agents.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-agent`}
              value={current.responsible_agent}
              onChange={(e) => change({ responsible_agent: e.target.value })}
            />
          )}
          <label htmlFor={`${id}-reason`}>Why</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            value={current.reason}
            onChange={(e) => change({ reason: e.target.value })}
          />
        </div>
      }
    >
      {(s) => (
        <label className={`choice${current.decisive_step === s.index ? ' chosen' : ''}`}>
          <input
            type="checkbox"
            checked={current.decisive_step === s.index}
            onChange={() => decisive(s.index, s.agent)}
          />
          the decisive error
          <kbd className="label-key" aria-hidden="true">
            1
          </kbd>
        </label>
      )}
    </StepList>
  );
}

export const failureAttribution: SchemeUi = {
  kind: 'value',
  Field: FailureAttributionField,
  fieldKeys: (s) =>
    stepKeys(s.name, '1 makes the focused step the decisive error (its agent responsible, unless one is chosen)', [
      { keys: ['Tab'], label: `${s.name}: past the steps, the responsible agent and why` },
    ]),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, value ?? null),
};
