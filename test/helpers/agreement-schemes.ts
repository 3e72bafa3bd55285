/** Schemes for the agreement tests: one of each type agreement treats differently. */
import type { Scheme, SchemeType } from '../../server/domain/task.js';

export const scheme = (name: string, annotation_type: SchemeType, labels: string[]): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((l) => ({ name: l })),
  extra: {},
});

export const AGREEMENT_SCHEMES: Scheme[] = [
  scheme('sentiment', 'radio', ['positive', 'negative', 'neutral']),
  scheme('helpful', 'likert', ['1', '2', '3', '4', '5']),
  scheme('stars', 'number', ['value']),
  scheme('topics', 'multiselect', ['price', 'quality', 'service']),
  scheme('note', 'text', ['text']),
  scheme('evidence', 'span', ['pos', 'neg']),
];
