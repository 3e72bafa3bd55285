/**
 * pure_display: text shown among the questions (a heading, a note), never answered. Its description and any
 * `labels` are Markdown (HTML too with `allow_html`), rendered and sanitized here into `html` for the renderer.
 */
import { z } from 'zod';
import { instructionsHtml } from '../../display/instructions.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { flag } from '../scales.js';

const config = z.looseObject({ allow_html: flag.optional() });

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NO_ANSWER = new AnswerError('pure_display is shown, never answered');

export const pureDisplay: SchemeTypeModule = {
  type: 'pure_display',
  config,
  keys: ['allow_html'],
  normalize(scheme, keys) {
    const { allow_html } = keys as z.infer<typeof config>;
    const source = [scheme.description, ...scheme.labels.map((l) => l.name)].filter(Boolean).join('\n\n');
    scheme.extra.html = instructionsHtml(allow_html ? source : escape(source));
    scheme.labels = [];
  },
  storage: 'none',
  accept: () => NO_ANSWER,
  answer: () => null,
  fromAnswer: () => NO_ANSWER,
  spacy: 'none',
  agreement: { level: null, column: null, reason: 'pure_display is shown, never answered' },
  suggestable: false,
  shape: { stored: 'never answered: a key of it is refused', answer: null },
};
