/**
 * text_edit: the annotator post-edits a text (the item's `source_field`, or its text). Stored as Potato stores it:
 * `"<scheme>:<scheme>"` → JSON {"edited_text", "original_text", "edit_distance_chars", "edit_distance_words"}.
 * The server works the two distances out itself (Levenshtein over characters and over words), so what is stored
 * always matches the texts. The answer is that object.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { isRecord, parseJson, storeUnder } from '../answer-fields.js';
import { editDistance } from '../structure-agreement.js';

const config = z.looseObject({
  source_field: z.string().optional(),
  show_diff: z.boolean().optional(),
  show_edit_distance: z.boolean().optional(),
  allow_reset: z.boolean().optional(),
});

/** Above this many cells (characters of one text × the other) the character distance is not worked out. */
const MAX_CELLS = 25_000_000;

/** Levenshtein distance of two sequences, in two rows. */
export function levenshtein<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  if (a.length < b.length) [a, b] = [b, a];
  let prev = new Uint32Array(b.length + 1);
  let row = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++)
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] : 1 + Math.min(prev[j], row[j - 1], prev[j - 1]);
    [prev, row] = [row, prev];
  }
  return prev[b.length];
}

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/** The edit as stored: the texts and their distances, worked out here. */
function editRecord(given: unknown): string | AnswerError {
  if (!isRecord(given) || typeof given.edited_text !== 'string')
    return new AnswerError('a text edit is an object with "edited_text" (and "original_text")');
  const edited = given.edited_text;
  const original = given.original_text ?? '';
  if (typeof original !== 'string') return new AnswerError('original_text must be text');
  if (edited.length * original.length > MAX_CELLS)
    return new AnswerError(`the texts are too long to compare (${original.length} and ${edited.length} characters)`);
  return JSON.stringify({
    edited_text: edited,
    original_text: original,
    edit_distance_chars: levenshtein(original, edited),
    edit_distance_words: levenshtein(words(original), words(edited)),
  });
}

const fieldOf = (scheme: Scheme) => scheme.labels[0].name;

export const textEdit: SchemeTypeModule = {
  type: 'text_edit',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    if (scheme.labels.length)
      fail('labels', 'a text_edit scheme has no labels: the text to edit comes from source_field');
    storeUnder(scheme, [scheme.name]);
    Object.assign(scheme.extra, {
      source_field: k.source_field ?? '',
      show_diff: k.show_diff ?? true,
      show_edit_distance: k.show_edit_distance ?? true,
      allow_reset: k.allow_reset ?? true,
    });
  },
  storage: 'labels',
  accept(_scheme, _label, value) {
    if (value === '') return null;
    const parsed = parseJson(value, 'an edit {"edited_text": ..., "original_text": ...}');
    return parsed instanceof AnswerError ? parsed : editRecord(parsed);
  },
  answer: (scheme, chosen) => JSON.parse(chosen[fieldOf(scheme)]),
  fromAnswer(scheme, answer) {
    const stored = editRecord(answer);
    return stored instanceof AnswerError ? stored : { [fieldOf(scheme)]: stored };
  },
  spacy: 'values',
  // the edited texts compared with each other: how far apart two annotators' post-edits ended up
  agreement: {
    level: 'edit_distance',
    column: 'value',
    value: (scheme, chosen) => (JSON.parse(chosen[fieldOf(scheme)]) as { edited_text: string }).edited_text,
    distance: editDistance,
  },
  suggestable: false,
  shape: {
    stored: '"<scheme>:<scheme>" → JSON text of {"edited_text", "original_text"}; the server adds the distances',
    answer: z.object({
      edited_text: z.string(),
      original_text: z.string(),
      edit_distance_chars: z.number().int().nullable(),
      edit_distance_words: z.number().int(),
    }),
  },
  example: (scheme) => ({
    [fieldOf(scheme)]: JSON.stringify({ edited_text: 'an edited text', original_text: 'a text' }),
  }),
};
