/**
 * handoff_review: a card per handoff of the trace (the step where another agent takes over, found as the server
 * finds them); the number row gives the focused handoff its quality (1 to quality_scale), Tab reaches its flags.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

interface HandoffKeys {
  flags: string[];
  quality_scale: number;
}

interface Review {
  index: number;
  step: number;
  from: string;
  to: string;
  flags: string[];
  quality: number | null;
}

const reviewsOf = (a: Answers, scheme: Scheme) => storedAnswer<Review[]>(a, scheme, []);
const humanize = (s: string) => s.replace(/_/g, ' ');

/** The handoffs as cards: each step whose agent differs from the one before, numbered in order. */
function handoffCards(steps: TraceStep[] | null): (TraceStep & { step: number; from: string; to: string })[] | null {
  if (!steps) return null;
  const out: (TraceStep & { step: number; from: string; to: string })[] = [];
  for (let i = 1; i < steps.length; i++) {
    const from = steps[i - 1].agent;
    const to = steps[i].agent;
    if (from && to && from !== to)
      out.push({
        index: out.length,
        step: i,
        from,
        to,
        agent: `${from} → ${to}`,
        text: steps[i].text,
        raw: steps[i].raw,
      });
  }
  return out;
}

function HandoffField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<HandoffKeys>(scheme);
  const cards = handoffCards(traceSteps(scheme, instance));
  const list = reviewsOf(answers, scheme);
  const of = (i: number) => list.find((r) => r.index === i);
  const change = (card: NonNullable<typeof cards>[number], patch: Partial<Review>) =>
    update((a) => {
      const all = reviewsOf(a, scheme);
      const was = all.find((r) => r.index === card.index) ?? {
        index: card.index,
        step: card.step,
        from: card.from,
        to: card.to,
        flags: [],
        quality: null,
      };
      const next = { ...was, ...patch };
      const rest = all.filter((r) => r.index !== card.index);
      if (next.flags.length || next.quality !== null) rest.push(next);
      rest.sort((x, y) => x.index - y.index);
      return setAnswer(a, scheme, rest.length ? rest : null);
    });
  const scale = Array.from({ length: k.quality_scale }, (_, i) => String(i + 1));
  return (
    <StepList
      scheme={scheme}
      steps={cards}
      unit="Handoff"
      className="scheme-handoff_review"
      head={cards && !cards.length ? <p className="trace-hint">No agent hands over to another in this trace.</p> : null}
      stepClass={(s) => (of(s.index) ? 'tagged' : '')}
      onDigit={(s, n) => {
        if (n >= k.quality_scale || !cards) return false;
        const q = n + 1;
        change(cards[s.index], { quality: of(s.index)?.quality === q ? null : q });
        return true;
      }}
      onClear={(s) => cards && change(cards[s.index], { flags: [], quality: null })}
    >
      {(s) => {
        const card = cards![s.index];
        const review = of(s.index);
        return (
          <>
            <Options
              name={`scheme-${scheme.name}-${s.index}`}
              label={`Handoff ${s.index + 1} quality`}
              chosen={review?.quality === null || review === undefined ? '' : String(review.quality)}
              options={scale.map((q) => ({ value: q, text: q, binding: Number(q) <= 10 ? q.slice(-1) : undefined }))}
              keyOf={(b) => b}
              onPick={(q) => change(card, { quality: q ? Number(q) : null })}
            />
            <div className="choices" role="group" aria-label={`Handoff ${s.index + 1} flags`}>
              {k.flags.map((f) => {
                const on = review?.flags.includes(f) ?? false;
                return (
                  <label key={f} className={`choice${on ? ' chosen' : ''}`}>
                    <input
                      type="checkbox"
                      value={f}
                      checked={on}
                      onChange={() =>
                        change(card, {
                          flags: k.flags.filter((x) => (x === f ? !on : (review?.flags.includes(x) ?? false))),
                        })
                      }
                    />
                    {humanize(f)}
                  </label>
                );
              })}
            </div>
          </>
        );
      }}
    </StepList>
  );
}

export const handoffReview: SchemeUi = {
  kind: 'value',
  Field: HandoffField,
  fieldKeys: (s) =>
    stepKeys(s.name, `rate the focused handoff's quality (1–${extraOf<HandoffKeys>(s).quality_scale})`, [
      {
        keys: ['Tab'],
        label: `${s.name}: the handoff's flags (${extraOf<HandoffKeys>(s).flags.map(humanize).join(', ')})`,
      },
    ]),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, Array.isArray(value) && value.length ? value : null),
};
