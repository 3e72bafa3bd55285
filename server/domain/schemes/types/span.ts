/**
 * span: labelled character ranges of the item text. Spans travel in `span_annotations`, not as label values, so
 * the label hooks below are never reached for them.
 */
import { choiceType, needLabels } from '../kinds.js';
import type { Scheme } from '../../task.js';
import { z } from 'zod';
import { AnswerError } from '../module.js';
import { spanEntry } from '../answer-shape.js';

export const span = {
  ...choiceType({ type: 'span', single: false, agreement: { level: 'nominal_per_character', column: 'spans' } }),
  // Potato's target_field: the one field the scheme's spans go in, checked against the display when it is read
  config: z.looseObject({ target_field: z.string().min(1).optional() }),
  keys: ['target_field'],
  normalize: (scheme: Scheme, keys: Record<string, unknown>, fail: (key: string, reason: string) => never) => {
    needLabels(scheme, fail);
    if (typeof keys.target_field === 'string') scheme.target_field = keys.target_field;
  },
  storage: 'spans' as const,
  spacy: 'none' as const,
  accept: () => new AnswerError('spans are sent in span_annotations'),
  fromAnswer: () => new AnswerError('spans are given in spans'),
  shape: {
    stored: 'not in annotations: in span_annotations, [{schema, name, start, end}]; exports list them in spans',
    answer: z.array(spanEntry),
  },
};
