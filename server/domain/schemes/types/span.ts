/**
 * span: labelled character ranges of the item text. Spans travel in `span_annotations`, not as label values, so
 * the label hooks below are never reached for them.
 */
import { choiceType } from '../kinds.js';
import { z } from 'zod';
import { AnswerError } from '../module.js';
import { spanEntry } from '../answer-shape.js';

export const span = {
  ...choiceType({ type: 'span', single: false, agreement: { level: 'nominal_per_character', column: 'spans' } }),
  storage: 'spans' as const,
  spacy: 'none' as const,
  accept: () => new AnswerError('spans are sent in span_annotations'),
  fromAnswer: () => new AnswerError('spans are given in spans'),
  shape: {
    stored: 'not in annotations: in span_annotations, [{schema, name, start, end}]; exports list them in spans',
    answer: z.array(spanEntry),
  },
};
