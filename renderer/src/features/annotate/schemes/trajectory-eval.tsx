/**
 * trajectory_eval: each step judged for correctness by the number row; a step judged anything but the first
 * option (correct) opens its error type (and subtype), severity and rationale, reached with Tab. The score
 * (max_score less the severities' weights) is shown as the server will store it.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { traceScore, type EvalKeys, type StepEval } from '../../../../../shared/schemes/trajectory-eval.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

const evalsOf = (a: Answers, scheme: Scheme) => storedAnswer<{ steps: StepEval[] }>(a, scheme, { steps: [] }).steps;

/** The answer with step `index` replaced by `next` (or cleared, with null). */
function withStep(scheme: Scheme, steps: StepEval[], index: number, next: StepEval | null) {
  const k = extraOf<EvalKeys>(scheme);
  const all = steps.filter((s) => s.step_index !== index);
  if (next) all.push(next);
  all.sort((a, b) => a.step_index - b.step_index);
  return all.length ? { steps: all, score: traceScore(k, all) } : null;
}

const humanize = (s: string) => s.replace(/_/g, ' ');

function TrajectoryEvalField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<EvalKeys>(scheme);
  const steps = traceSteps(scheme, instance);
  const evals = evalsOf(answers, scheme);
  const evalOf = (i: number) => evals.find((e) => e.step_index === i);
  const change = (step: TraceStep, f: (current: StepEval | undefined) => StepEval | null) =>
    update((a) => {
      const current = evalsOf(a, scheme);
      return setAnswer(
        a,
        scheme,
        withStep(scheme, current, step.index, f(current.find((e) => e.step_index === step.index))),
      );
    });
  const judge = (step: TraceStep, correctness: string) =>
    change(step, (e) =>
      !correctness || e?.correctness === correctness
        ? null
        : correctness === k.correctness_options[0]
          ? { step_index: step.index, correctness } // a correct step has no error
          : { ...e, step_index: step.index, correctness },
    );
  const detail = (step: TraceStep, patch: Partial<StepEval>) =>
    change(step, (e) => {
      const next: StepEval = { ...e!, ...patch };
      for (const key of ['error_type', 'error_subtype', 'severity', 'rationale'] as const)
        if (!next[key]) delete next[key];
      return next;
    });
  return (
    <StepList
      scheme={scheme}
      steps={steps}
      className="scheme-trajectory_eval"
      head={
        k.show_score && (
          <p className="trace-hint" data-testid={`${scheme.name}-score`}>
            Score: {traceScore(k, evals)} / {k.max_score}
          </p>
        )
      }
      stepClass={(s) => {
        const c = evalOf(s.index)?.correctness;
        return c === undefined ? '' : c === k.correctness_options[0] ? 'correct' : 'flawed';
      }}
      onDigit={(s, n) => {
        const c = k.correctness_options[n];
        if (!c) return false;
        judge(s, c);
        // a flawed step stays focused so its error can be classified
        return c === k.correctness_options[0];
      }}
      onClear={(s) => change(s, () => null)}
    >
      {(s) => {
        const e = evalOf(s.index);
        const flawed = e && e.correctness !== k.correctness_options[0];
        const typeValue = e?.error_type ? `${e.error_type}${e.error_subtype ? `::${e.error_subtype}` : ''}` : '';
        return (
          <>
            <Options
              name={`scheme-${scheme.name}-${s.index}`}
              label={`Step ${s.index + 1} correctness`}
              chosen={e?.correctness ?? ''}
              options={k.correctness_options.map((c, i) => ({
                value: c,
                text: humanize(c),
                binding: i < 10 ? '1234567890'[i] : undefined,
              }))}
              keyOf={(b) => b}
              onPick={(c) => judge(s, c)}
            />
            {flawed && (
              <div className="trace-detail">
                {k.error_types.length > 0 && (
                  <select
                    aria-label={`Step ${s.index + 1} error type`}
                    value={typeValue}
                    onChange={(ev) => {
                      const [type, sub] = ev.target.value.split('::');
                      detail(s, { error_type: type, error_subtype: sub });
                    }}
                  >
                    <option value="">— error type —</option>
                    {k.error_types.flatMap((t) => [
                      <option key={t.name} value={t.name}>
                        {humanize(t.name)}
                      </option>,
                      ...t.subtypes.map((sub) => (
                        <option key={`${t.name}::${sub}`} value={`${t.name}::${sub}`}>
                          {humanize(t.name)} › {humanize(sub)}
                        </option>
                      )),
                    ])}
                  </select>
                )}
                <select
                  aria-label={`Step ${s.index + 1} severity`}
                  value={e.severity ?? ''}
                  onChange={(ev) => detail(s, { severity: ev.target.value })}
                >
                  <option value="">— severity —</option>
                  {k.severities.map((v) => (
                    <option key={v.name} value={v.name}>
                      {humanize(v.name)} ({v.weight})
                    </option>
                  ))}
                </select>
                <textarea
                  aria-label={`Step ${s.index + 1} rationale`}
                  placeholder="Why is this step wrong?"
                  rows={2}
                  value={e.rationale ?? ''}
                  onChange={(ev) => detail(s, { rationale: ev.target.value })}
                />
              </div>
            )}
          </>
        );
      }}
    </StepList>
  );
}

export const trajectoryEval: SchemeUi = {
  kind: 'value',
  Field: TrajectoryEvalField,
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      `judge the focused step (${extraOf<EvalKeys>(s).correctness_options.slice(0, 9).map(humanize).join(', ')})`,
      [{ keys: ['Tab'], label: `${s.name}: a flawed step's error type, severity and rationale` }],
    ),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, value ?? null),
};
