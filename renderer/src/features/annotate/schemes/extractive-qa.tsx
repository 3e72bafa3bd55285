/**
 * extractive_qa: the item's question above the form, and its answer: select the answer in the text (mouse, or
 * `s` and the arrows) and pick "answer" in the span picker; Unanswerable and Clear are buttons. The answer is
 * highlighted in the text.
 */
import { setValue } from '../answers.js';
import type { Answers } from '../answers.js';
import type { Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { jsonAnswer } from './span-refs.js';

interface QaAnswer {
  answer_text: string;
  start: number;
  end: number;
  unanswerable: boolean;
}

const ANSWER = 'answer';

function answerOf(a: Answers, scheme: Scheme): QaAnswer | null {
  const raw = a.labels[scheme.name]?.[scheme.name];
  if (!raw) return null;
  try {
    return JSON.parse(raw) as QaAnswer;
  } catch {
    return null;
  }
}

const store = (a: Answers, scheme: Scheme, v: QaAnswer | null) =>
  setValue(a, scheme.name, scheme.name, v ? JSON.stringify(v) : '');

function ExtractiveQaField({ scheme, answers, update, instance }: FieldProps) {
  const question = instance?.data[(scheme.question_field as string) ?? 'question'];
  const answer = answerOf(answers, scheme);
  return (
    <fieldset className="scheme scheme-extractive_qa" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <p className="qa-question">
        <strong>Question:</strong> {typeof question === 'string' ? question : '(this item has no question)'}
      </p>
      <p className="qa-answer" data-testid={`answer-${scheme.name}`}>
        <strong>Answer:</strong> {answer ? answer.unanswerable ? 'Unanswerable' : <q>{answer.answer_text}</q> : '—'}
      </p>
      <p className="hint">
        Select the answer in the text (mouse, or <kbd>s</kbd> and the arrows) and pick “{ANSWER}”.
      </p>
      {scheme.allow_unanswerable !== false && (
        <button
          type="button"
          onClick={() => update((a) => store(a, scheme, { answer_text: '', start: -1, end: -1, unanswerable: true }))}
        >
          Unanswerable
        </button>
      )}{' '}
      <button type="button" className="link" onClick={() => update((a) => store(a, scheme, null))} disabled={!answer}>
        Clear answer
      </button>
    </fieldset>
  );
}

export const extractiveQa: SchemeUi = {
  kind: 'value',
  applyAnswer: jsonAnswer,
  Field: ExtractiveQaField,
  spanTargets: (scheme) => [{ label: ANSWER, color: (scheme.highlight_color as string | undefined) ?? '#c9a400' }],
  takeSpan: (a, scheme, _label, { start, end }, text) =>
    store(a, scheme, { answer_text: text.slice(start, end), start, end, unanswerable: false }),
  marks(scheme, a) {
    const answer = answerOf(a, scheme);
    return answer && !answer.unanswerable
      ? [
          {
            start: answer.start,
            end: answer.end,
            label: ANSWER,
            color: (scheme.highlight_color as string | undefined) ?? '#c9a400',
          },
        ]
      : [];
  },
  keys: [
    { keys: ['s'], label: 'Answer span: select the answer by keyboard, then pick “answer” in the picker' },
    { keys: ['Tab'], label: 'Answer span: reach Unanswerable and Clear answer' },
  ],
};
