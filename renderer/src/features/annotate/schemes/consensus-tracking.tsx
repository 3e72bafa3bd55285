/**
 * consensus_tracking: each turn of the discussion tagged with an act by the number row; an act that answers
 * another turn (a linked act) gets a "refers to" choice of the other turns, reached with Tab.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

interface ActKeys {
  acts: string[];
  linked_acts: string[];
  hint: string;
}

interface Tag {
  turn: number;
  act: string;
  ref?: number;
  agent_id: string;
}

const tagsOf = (a: Answers, scheme: Scheme) => storedAnswer<Tag[]>(a, scheme, []);

/** The tags with the turn's replaced by `tag` (or removed, with null), in turn order. */
function retag(tags: Tag[], turn: number, tag: Tag | null): Tag[] | null {
  const next = tags.filter((t) => t.turn !== turn);
  if (tag) next.push(tag);
  next.sort((x, y) => x.turn - y.turn);
  return next.length ? next : null;
}

function ConsensusField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<ActKeys>(scheme);
  const turns = traceSteps(scheme, instance);
  const tags = tagsOf(answers, scheme);
  const tagOf = (turn: number) => tags.find((t) => t.turn === turn);
  const set = (turn: TraceStep, tag: Omit<Tag, 'turn' | 'agent_id'> | null) =>
    update((a) =>
      setAnswer(
        a,
        scheme,
        retag(tagsOf(a, scheme), turn.index, tag && { turn: turn.index, ...tag, agent_id: turn.agent }),
      ),
    );
  const pick = (turn: TraceStep, act: string) => {
    const current = tagOf(turn.index);
    if (!act || current?.act === act) return set(turn, null);
    // a reference stays while the act still takes one
    set(turn, { act, ...(current?.ref !== undefined && k.linked_acts.includes(act) ? { ref: current.ref } : {}) });
  };
  return (
    <StepList
      scheme={scheme}
      steps={turns}
      className={`scheme-consensus_tracking scheme-${scheme.annotation_type}`}
      head={<p className="trace-hint">{k.hint}</p>}
      stepClass={(s) => (tagOf(s.index) ? 'tagged' : '')}
      onDigit={(s, n) => {
        const act = k.acts[n];
        if (!act) return false;
        pick(s, act);
        return !k.linked_acts.includes(act);
      }}
      onClear={(s) => set(s, null)}
    >
      {(s) => {
        const tag = tagOf(s.index);
        return (
          <>
            <Options
              name={`scheme-${scheme.name}-${s.index}`}
              label={`Turn ${s.index + 1} act`}
              chosen={tag?.act ?? ''}
              options={k.acts.map((act, i) => ({
                value: act,
                text: act.replace(/_/g, ' '),
                binding: i < 10 ? '1234567890'[i] : undefined,
              }))}
              keyOf={(b) => b}
              onPick={(act) => pick(s, act)}
            />
            {tag && k.linked_acts.includes(tag.act) && (
              <label className="trace-ref">
                refers to{' '}
                <select
                  value={tag.ref === undefined ? '' : String(tag.ref)}
                  onChange={(e) =>
                    set(s, { act: tag.act, ...(e.target.value === '' ? {} : { ref: Number(e.target.value) }) })
                  }
                >
                  <option value="">— no turn —</option>
                  {turns!
                    .filter((t) => t.index !== s.index)
                    .map((t) => (
                      <option key={t.index} value={t.index}>
                        {t.index + 1}. {t.agent ? `${t.agent}: ` : ''}
                        {t.text.slice(0, 60)}
                      </option>
                    ))}
                </select>
              </label>
            )}
          </>
        );
      }}
    </StepList>
  );
}

const turnActUi: SchemeUi = {
  kind: 'value',
  Field: ConsensusField,
  fieldKeys: (s) =>
    stepKeys(s.name, `tag the focused turn with an act (${extraOf<ActKeys>(s).acts.slice(0, 9).join(', ')})`, [
      { keys: ['Tab'], label: `${s.name}: the turn a linked act refers to` },
    ]),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, Array.isArray(value) && value.length ? value : null),
};

export const consensusTracking = turnActUi;
/** context_attribution: the same turn tags, its acts saying how a turn uses the context before it */
export const contextAttribution = turnActUi;
