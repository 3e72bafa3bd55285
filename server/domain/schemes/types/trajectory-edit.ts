/**
 * trajectory_edit: the annotator rewrites steps of the item's trace (the `editable_fields` of each step, and with
 * `edit_final_answer` the item's final answer), to make corrected traces for fine-tuning. Stored as Potato stores
 * it: `"<scheme>:<scheme>"` → JSON {"steps": [{"step_index", "field", "original_text", "edited_text", "edited",
 * "edit_distance_chars", "edit_distance_words", "reason"}], "final_answer", "n_steps_edited",
 * "total_edit_distance"}. The server works the flags and distances out itself, and checks each original against
 * the item.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { isRecord } from '../answer-fields.js';
import { levenshtein } from './text-edit.js';
import { asText, stepFieldText } from '../../../../shared/schemes/agent-trace.js';
import type { EditKeys, SubmittedEdit } from '../../../../shared/schemes/trajectory-edit.js';
import { eachEntry, noRepeats, pastTrace, stepIndex, stepsOf, traceKeys, traceOf, traceType } from '../trace-steps.js';

const config = z.looseObject({
  ...traceKeys.shape,
  editable_fields: z.array(z.string().min(1)).min(1).optional(),
  show_diff: booleanish.optional(),
  show_edit_distance: booleanish.optional(),
  allow_reset: booleanish.optional(),
  require_reason_on_edit: booleanish.optional(),
  edit_final_answer: booleanish.optional(),
  final_answer_key: z.string().min(1).optional(),
});

const keysOf = (scheme: Scheme) => scheme.extra as unknown as EditKeys;

type Edit = SubmittedEdit & {
  edited: boolean;
  edit_distance_chars: number;
  edit_distance_words: number;
};
type StepEdit = Edit & { step_index: number; field: string };
type Correction = {
  steps: StepEdit[];
  final_answer: Edit | null;
  n_steps_edited: number;
  total_edit_distance: number;
};

/** Above this many cells (characters of one text × the other) an edit is refused as too long to compare. */
const MAX_CELLS = 25_000_000;
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

function editOf(k: EditKeys, e: Record<string, unknown>, where: string): Edit | AnswerError {
  const { original_text: original, edited_text: edited, reason } = e;
  if (typeof original !== 'string') return new AnswerError(`${where}.original_text must be text`);
  if (typeof edited !== 'string') return new AnswerError(`${where}.edited_text must be text`);
  if (reason !== undefined && reason !== null && typeof reason !== 'string')
    return new AnswerError(`${where}.reason must be text`);
  if (original.length * edited.length > MAX_CELLS)
    return new AnswerError(
      `${where}: the texts are too long to compare (${original.length} and ${edited.length} characters)`,
    );
  const out: Edit = {
    original_text: original,
    edited_text: edited,
    edited: edited !== original,
    edit_distance_chars: levenshtein(original, edited),
    edit_distance_words: levenshtein(words(original), words(edited)),
  };
  if (k.require_reason_on_edit || reason) out.reason = reason ?? '';
  return out;
}

function parse(scheme: Scheme, value: unknown): Correction | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value))
    return new AnswerError('a trajectory correction is {"steps": [{"step_index", "field", …}], "final_answer"}');
  const steps = eachEntry(value.steps ?? [], 'steps', (e, where): StepEdit | AnswerError => {
    if (!stepIndex(e.step_index)) return new AnswerError(`${where}.step_index must be a whole number from 0`);
    const field = e.field ?? traceOf(scheme).step_text_key;
    if (typeof field !== 'string' || !k.editable_fields.includes(field))
      return new AnswerError(
        `${where}.field: ${JSON.stringify(field)} is not editable (editable_fields: ${k.editable_fields.join(', ')})`,
      );
    const edit = editOf(k, e, where);
    return edit instanceof AnswerError ? edit : { step_index: e.step_index, field, ...edit };
  });
  if (steps instanceof AnswerError) return steps;
  steps.sort((a, b) => a.step_index - b.step_index || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  const twice = noRepeats(
    steps,
    (s) => `${s.step_index}\u0000${s.field}`,
    'steps',
    (s) => `step ${s.step_index}'s ${s.field}`,
  );
  if (twice) return twice;
  let final: Edit | null = null;
  if (value.final_answer !== undefined && value.final_answer !== null) {
    if (!k.edit_final_answer)
      return new AnswerError('final_answer: this scheme does not edit the final answer (edit_final_answer)');
    if (!isRecord(value.final_answer)) return new AnswerError('final_answer must be an object');
    const edit = editOf(k, value.final_answer, 'final_answer');
    if (edit instanceof AnswerError) return edit;
    final = edit;
  }
  const edits = [...steps, ...(final ? [final] : [])].filter((e) => e.edited);
  if (k.require_reason_on_edit) {
    const bare = steps.find((s) => s.edited && !s.reason?.trim());
    if (bare)
      return new AnswerError(
        `steps: step ${bare.step_index}'s ${bare.field} is edited without a reason (require_reason_on_edit)`,
      );
    if (final?.edited && !final.reason?.trim())
      return new AnswerError('final_answer is edited without a reason (require_reason_on_edit)');
  }
  if (!steps.length && !final) return null;
  return {
    steps,
    final_answer: final,
    n_steps_edited: edits.length,
    total_edit_distance: edits.reduce((n, e) => n + e.edit_distance_chars, 0),
  };
}

export const trajectoryEdit = traceType({
  type: 'trajectory_edit',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed) {
    const k = parsed as z.infer<typeof config>;
    Object.assign(scheme.extra, {
      editable_fields: k.editable_fields ?? [k.step_text_key ?? 'action'],
      show_diff: k.show_diff ?? true,
      show_edit_distance: k.show_edit_distance ?? true,
      allow_reset: k.allow_reset ?? true,
      require_reason_on_edit: k.require_reason_on_edit ?? false,
      edit_final_answer: k.edit_final_answer ?? false,
      final_answer_key: k.final_answer_key ?? 'final_answer',
    } satisfies EditKeys);
  },
  parse,
  checkSteps(scheme, stored, steps, instance) {
    const c = stored as unknown as Correction;
    const textKey = traceOf(scheme).step_text_key;
    for (const s of c.steps) {
      if (s.step_index >= steps.length) return pastTrace('steps', s.step_index, steps.length);
      if (stepFieldText(steps[s.step_index], s.field, textKey) !== s.original_text)
        return new AnswerError(
          `steps: step ${s.step_index}'s ${s.field}: original_text is not the item's text of that step`,
        );
    }
    if (c.final_answer && asText(instance.data[keysOf(scheme).final_answer_key]) !== c.final_answer.original_text)
      return new AnswerError(`final_answer.original_text is not the item's "${keysOf(scheme).final_answer_key}"`);
    return null;
  },
  perStep: (_scheme, stored) => {
    const c = stored as unknown as Correction;
    const out: Record<string, unknown> = {};
    for (const s of c.steps) if (s.edited) out[`${s.step_index}.${s.field}`] = s.edited_text;
    if (c.final_answer?.edited) out.final_answer = c.final_answer.edited_text;
    return out;
  },
  stored:
    '"<scheme>:<scheme>" → JSON text of {"steps": [{"step_index", "field", "original_text", "edited_text", "reason"?}], "final_answer"}; the server adds the flags and distances',
  answerShape: (() => {
    const edit = {
      original_text: z.string(),
      edited_text: z.string(),
      edited: z.boolean(),
      edit_distance_chars: z.number().int(),
      edit_distance_words: z.number().int(),
      reason: z.string().optional(),
    };
    return z.object({
      steps: z.array(
        z.object({ step_index: z.number().int().describe('the step, numbered from 0'), field: z.string(), ...edit }),
      ),
      final_answer: z.object(edit).nullable(),
      n_steps_edited: z.number().int(),
      total_edit_distance: z.number().int(),
    });
  })(),
  example(scheme, item) {
    const k = keysOf(scheme);
    const trace = traceOf(scheme);
    const first = stepsOf(item, trace.steps_key)?.[0];
    const original = stepFieldText(first, k.editable_fields[0], trace.step_text_key);
    const edited = `${original} (corrected)`;
    return {
      steps: [
        { step_index: 0, field: k.editable_fields[0], original_text: original, edited_text: edited, reason: 'clearer' },
      ],
      final_answer: null,
    };
  },
});
