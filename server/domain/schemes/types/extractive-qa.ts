/**
 * extractive_qa: the span of the passage that answers the item's question (SQuAD style), or "unanswerable" when
 * `allow_unanswerable`. Stored as Potato stores it: `{answer_text, start, end, unanswerable}` under
 * "<scheme>:<scheme>", offsets into the passage (`passage_field`, else the item text), `answer_text` the
 * passage's text there.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { booleanish } from '../kinds.js';
import { jsonAnswerType, rangeProblem } from '../json-answer.js';
import { QA_TOKEN_F1 } from '../span-answer-agreement.js';

const config = z.looseObject({
  question_field: z.string().min(1).optional(),
  passage_field: z.string().optional(),
  allow_unanswerable: booleanish.optional(),
  highlight_color: z.string().optional(),
});

const UNANSWERABLE = { answer_text: '', start: -1, end: -1, unanswerable: true };

/** The passage an answer's offsets point into. */
function passageOf(scheme: Scheme, data: Record<string, unknown>, text: string): string {
  const field = scheme.extra.passage_field as string;
  const value = field ? data[field] : undefined;
  return typeof value === 'string' ? value : text;
}

export const extractiveQa = jsonAnswerType({
  type: 'extractive_qa',
  answerShape: z
    .object({ answer_text: z.string(), start: z.number().int(), end: z.number().int(), unanswerable: z.boolean() })
    .describe('offsets into the passage; unanswerable: true with an empty answer_text'),
  config,
  keys: ['question_field', 'passage_field', 'allow_unanswerable'],
  agreement: QA_TOKEN_F1,
  normalize(scheme, keys) {
    const { question_field, passage_field, allow_unanswerable } = keys as z.infer<typeof config>;
    Object.assign(scheme.extra, {
      question_field: question_field ?? 'question',
      passage_field: passage_field ?? '',
      allow_unanswerable: allow_unanswerable ?? true,
    });
  },
  parse(scheme, v) {
    if (v.unanswerable === true) {
      if (!scheme.extra.allow_unanswerable)
        return new AnswerError('unanswerable: this scheme has allow_unanswerable: false');
      return UNANSWERABLE;
    }
    if (v.unanswerable !== undefined && v.unanswerable !== false)
      return new AnswerError('unanswerable: expected true or false');
    if (typeof v.answer_text !== 'string') return new AnswerError('answer_text: expected the text of the answer span');
    if (
      !Number.isSafeInteger(v.start) ||
      !Number.isSafeInteger(v.end) ||
      (v.start as number) < 0 ||
      (v.start as number) >= (v.end as number)
    ) {
      return new AnswerError(
        `start, end: expected offsets with 0 <= start < end (got ${String(v.start)}, ${String(v.end)})`,
      );
    }
    return { answer_text: v.answer_text, start: v.start, end: v.end, unanswerable: false };
  },
  example: (scheme) => (scheme.extra.allow_unanswerable ? { [scheme.name]: JSON.stringify(UNANSWERABLE) } : {}),
  // the answer is a place in the item's text only when the passage is the text
  textSpans: (scheme, v) =>
    v.unanswerable || scheme.extra.passage_field
      ? []
      : [{ label: 'answer', start: v.start as number, end: v.end as number }],
  checkStored(scheme, v, { instance }) {
    if (v.unanswerable) return null;
    const passage = passageOf(scheme, instance.data, instance.text);
    const range = rangeProblem(v.start, v.end, passage.length, 'answer');
    if (range) return range;
    const there = passage.slice(v.start as number, v.end as number);
    return there === v.answer_text
      ? null
      : new AnswerError(
          `answer_text: "${String(v.answer_text).slice(0, 60)}" is not the passage's text at ${String(v.start)}..${String(v.end)} ("${there.slice(0, 60)}")`,
        );
  },
});
