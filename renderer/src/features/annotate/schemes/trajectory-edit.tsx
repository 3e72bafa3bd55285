/**
 * trajectory_edit: each step's editable fields in a text box beside the original, with the words changed (and,
 * with show_diff, the words removed and added); with edit_final_answer the item's final answer too. Tab moves from
 * one box to the next; only fields that differ from the original are stored.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { stepFieldText } from '../../../../../shared/schemes/agent-trace.js';
import type { EditKeys, SubmittedEdit } from '../../../../../shared/schemes/trajectory-edit.js';
import { distance, words, WordDiff } from './text-edit.js';
import { StepList, asText, setAnswer, storedAnswer, traceSteps, type TraceKeys } from './trace-steps.js';

interface StepEdit extends SubmittedEdit {
  step_index: number;
  field: string;
}
interface Correction {
  steps: StepEdit[];
  final_answer: SubmittedEdit | null;
}

const correctionOf = (a: Answers, scheme: Scheme) =>
  storedAnswer<Correction>(a, scheme, { steps: [], final_answer: null });

/** The answer with one edit replaced; an edit back to the original (and no reason) drops out. */
function withEdit(
  c: Correction,
  at: { step_index: number; field: string } | 'final',
  edit: SubmittedEdit,
): Correction | null {
  const keep = edit.edited_text !== edit.original_text || !!edit.reason?.trim();
  const steps =
    at === 'final'
      ? c.steps
      : [
          ...c.steps.filter((s) => s.step_index !== at.step_index || s.field !== at.field),
          ...(keep ? [{ ...at, ...edit }] : []),
        ].sort((a, b) => a.step_index - b.step_index || (a.field < b.field ? -1 : 1));
  const final = at === 'final' ? (keep ? edit : null) : c.final_answer;
  return steps.length || final ? { steps, final_answer: final } : null;
}

function Editor({
  label,
  original,
  edit,
  k,
  onChange,
}: {
  label: string;
  original: string;
  edit: SubmittedEdit | undefined;
  k: EditKeys;
  onChange: (e: SubmittedEdit) => void;
}) {
  const edited = edit?.edited_text ?? original;
  const changed = edited !== original;
  const chars = distance(original, edited);
  return (
    <div className={`trace-edit${changed ? ' edited' : ''}`}>
      <textarea
        aria-label={label}
        rows={Math.min(8, Math.max(2, Math.ceil(edited.length / 70)))}
        value={edited}
        onChange={(e) => onChange({ ...edit, original_text: original, edited_text: e.target.value })}
      />
      {changed && k.show_edit_distance && (
        <span className="trace-hint">
          ✎ edited: {chars === null ? 'too long to count' : `${chars} characters`},{' '}
          {distance(words(original), words(edited))} words changed
        </span>
      )}
      {changed && k.show_diff && <WordDiff original={original} edited={edited} label={`${label}: changes`} />}
      {changed && k.require_reason_on_edit && (
        <input
          aria-label={`${label}: reason for the edit`}
          placeholder="Reason for the edit"
          value={edit?.reason ?? ''}
          onChange={(e) => onChange({ ...edit!, reason: e.target.value })}
        />
      )}
      {changed && k.allow_reset && (
        <button
          type="button"
          className="link"
          onClick={() => onChange({ original_text: original, edited_text: original })}
        >
          Reset to the original
        </button>
      )}
    </div>
  );
}

function TrajectoryEditField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<EditKeys>(scheme);
  const textKey = extraOf<TraceKeys>(scheme).step_text_key;
  const steps = traceSteps(scheme, instance);
  const c = correctionOf(answers, scheme);
  const set = (at: Parameters<typeof withEdit>[1], edit: SubmittedEdit) =>
    update((a) => setAnswer(a, scheme, withEdit(correctionOf(a, scheme), at, edit)));
  const finalValue = instance?.data[k.final_answer_key];
  const many = k.editable_fields.length > 1;
  return (
    <StepList
      scheme={scheme}
      steps={steps}
      className="scheme-trajectory_edit"
      head={<p className="trace-hint">Correct the steps that are wrong; Tab goes from one box to the next.</p>}
      stepClass={(s) => (c.steps.some((e) => e.step_index === s.index) ? 'edited' : '')}
      foot={
        k.edit_final_answer &&
        finalValue !== undefined && (
          <div className="trace-final">
            <div className="trace-step-number">Final answer: {asText(finalValue)}</div>
            <Editor
              label="Corrected final answer"
              original={asText(finalValue)}
              edit={c.final_answer ?? undefined}
              k={k}
              onChange={(e) => set('final', e)}
            />
          </div>
        )
      }
    >
      {(s) =>
        k.editable_fields.map((field) => {
          const original = stepFieldText(s.raw, field, textKey);
          return (
            <div key={field}>
              {(many || original !== s.text) && (
                <div className="trace-step-number">
                  {field}: {original}
                </div>
              )}
              <Editor
                label={`Step ${s.index + 1} ${field}`}
                original={original}
                edit={c.steps.find((e) => e.step_index === s.index && e.field === field)}
                k={k}
                onChange={(e) => set({ step_index: s.index, field }, e)}
              />
            </div>
          );
        })
      }
    </StepList>
  );
}

export const trajectoryEdit: SchemeUi = {
  kind: 'value',
  Field: TrajectoryEditField,
  fieldKeys: (s) => [
    { keys: ['Tab', 'Shift+Tab'], label: `${s.name}: the next / previous step's text box` },
    { keys: ['Esc'], label: `${s.name}: leave the text box (then Enter submits)` },
  ],
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, value ?? null),
};
