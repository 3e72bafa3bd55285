/**
 * code_review: a coding agent's session reviewed as a pull request: an overall verdict, comments (each with a
 * category, the file and line it is about, and its text) and each file the session touched rated 1–5 on the
 * `file_rating_dimensions`. The files are those the trace's tool calls name (`file_path`, `path` or `file` in their
 * input). Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON {"verdict", "comments": [{"category", "file",
 * "line", "text"}], "file_ratings": {file: {dimension: score}}}; a comment's `body` (Potato's simulator) is read as
 * its text.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { isRecord } from '../answer-fields.js';
import { eachEntry, ownKeys, stepsOf, traceKeys, traceOf, traceType } from '../trace-steps.js';
import {
  reviewedFiles,
  type Review,
  type ReviewComment,
  type ReviewKeys,
} from '../../../../shared/schemes/code-review.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);
const config = z.looseObject({
  ...traceKeys.shape,
  comment_categories: names.optional(),
  verdict_options: names.optional(),
  file_rating_dimensions: names.optional(),
});

/** Files are rated on Potato's fixed 1–5 scale. */
const SCALE = 5;

const keysOf = (scheme: Scheme) => scheme.extra as unknown as ReviewKeys;

function comment(k: ReviewKeys, e: Record<string, unknown>, where: string): ReviewComment | AnswerError {
  for (const key of Object.keys(e))
    if (!['category', 'file', 'line', 'text', 'body'].includes(key))
      return new AnswerError(`${where}: ${JSON.stringify(key)} is not part of a comment (category, file, line, text)`);
  const category = e.category ?? k.comment_categories[0];
  if (typeof category !== 'string' || !k.comment_categories.includes(category))
    return new AnswerError(
      `${where}.category: ${JSON.stringify(category)} is not one of ${k.comment_categories.join(', ')}`,
    );
  const file = e.file ?? '';
  if (typeof file !== 'string') return new AnswerError(`${where}.file must be text (a file path, or "")`);
  const line = e.line ?? null;
  if (line !== null && (!Number.isSafeInteger(line) || (line as number) < 1))
    return new AnswerError(`${where}.line must be a whole number from 1, or null`);
  const text = e.text ?? e.body ?? '';
  if (typeof text !== 'string') return new AnswerError(`${where}.text must be text`);
  return { category, file, line: line as number | null, text };
}

function parse(scheme: Scheme, value: unknown): Review | AnswerError | null {
  const k = keysOf(scheme);
  if (!isRecord(value))
    return new AnswerError('a code review answer is {"verdict": ..., "comments": [...], "file_ratings": {...}}');
  for (const key of Object.keys(value))
    if (!['verdict', 'comments', 'file_ratings'].includes(key))
      return new AnswerError(
        `${JSON.stringify(key)} is not part of a code review answer (verdict, comments, file_ratings)`,
      );
  const verdict = value.verdict ?? '';
  if (typeof verdict !== 'string' || (verdict && !k.verdict_options.includes(verdict)))
    return new AnswerError(`verdict: ${JSON.stringify(verdict)} is not one of ${k.verdict_options.join(', ')}`);
  const comments = eachEntry(value.comments ?? [], 'comments', (e, where) => comment(k, e, where));
  if (comments instanceof AnswerError) return comments;
  const ratingsIn = value.file_ratings ?? {};
  if (!isRecord(ratingsIn)) return new AnswerError('file_ratings must be {file: {dimension: score}}');
  const ratings: Review['file_ratings'] = {};
  for (const file of Object.keys(ratingsIn).sort()) {
    const scores = ratingsIn[file];
    if (!isRecord(scores)) return new AnswerError(`file_ratings.${file} must be {dimension: score}`);
    const kept: Record<string, number> = {};
    for (const [dim, score] of Object.entries(scores)) {
      if (!k.file_rating_dimensions.includes(dim))
        return new AnswerError(
          `file_ratings.${file}: ${JSON.stringify(dim)} is not one of the dimensions (${k.file_rating_dimensions.join(', ')})`,
        );
      if (score === null) continue;
      if (!Number.isInteger(score) || (score as number) < 1 || (score as number) > SCALE)
        return new AnswerError(`file_ratings.${file}.${dim} must be a whole number from 1 to ${SCALE}, or null`);
    }
    // dimensions in the scheme's order, so the same answer is stored the same however it was sent
    for (const dim of k.file_rating_dimensions) if (typeof scores[dim] === 'number') kept[dim] = scores[dim];
    if (Object.keys(kept).length) ratings[file] = kept;
  }
  if (!verdict && !comments.length && !Object.keys(ratings).length) return null;
  return { verdict, comments, file_ratings: ratings };
}

/** File ratings name files the session touches. */
function checkFiles(review: Review, steps: readonly unknown[]): AnswerError | null {
  const rated = Object.keys(review.file_ratings);
  if (!rated.length) return null;
  const files = reviewedFiles(steps);
  for (const file of rated)
    if (!files.includes(file))
      return new AnswerError(
        `file_ratings: ${JSON.stringify(file)} is not a file the session touches (its files are ${files.join(', ') || 'none'})`,
      );
  return null;
}

const module = traceType({
  type: 'code_review',
  config,
  keys: Object.keys(config.shape),
  // Potato's coding traces keep their turns here; steps_key names another field
  stepsDefault: { key: 'steps_key', field: 'structured_turns' },
  normalize: (scheme, parsed, fail) =>
    ownKeys<ReviewKeys>(
      scheme,
      parsed,
      {
        comment_categories: ['bug', 'style', 'suggestion', 'security', 'question'],
        verdict_options: ['approve', 'request_changes', 'comment_only'],
        file_rating_dimensions: ['correctness', 'quality'],
      },
      fail,
      { comment_categories: 'category', verdict_options: 'verdict', file_rating_dimensions: 'dimension' },
    ),
  parse,
  checkSteps: (_scheme, stored, steps) => checkFiles(stored as unknown as Review, steps),
  // compared part by part: the verdict, each file's score per dimension, and which categories were raised where
  // (the comments' wording is free text and is not compared)
  perStep(_scheme, stored) {
    const r = stored as unknown as Review;
    return {
      ...(r.verdict ? { verdict: r.verdict } : {}),
      ...Object.fromEntries(
        Object.entries(r.file_ratings).flatMap(([f, s]) => Object.entries(s).map(([d, v]) => [`${f} · ${d}`, v])),
      ),
      ...Object.fromEntries(
        r.comments.map((c) => [`comment ${c.file}${c.line === null ? '' : `:${c.line}`} · ${c.category}`, true]),
      ),
    };
  },
  stored:
    '"<scheme>:<scheme>" → JSON text of {"verdict": option or "", "comments": [{"category", "file", "line", "text"}], "file_ratings": {file: {dimension: score}}}',
  answerShape: z.object({
    verdict: z.string().describe('one of verdict_options, or "" when not given'),
    comments: z
      .array(
        z.object({
          category: z.string().describe('one of comment_categories'),
          file: z.string().describe('the file the comment is about, or ""'),
          line: z.number().int().nullable().describe('the line it is about, from 1, or null'),
          text: z.string(),
        }),
      )
      .describe('the review comments, in the order written'),
    file_ratings: z
      .record(
        z.string().describe('a file the session touches'),
        z.record(z.string().describe('one of file_rating_dimensions'), z.number().int().describe('1 to 5')),
      )
      .describe("each file's score per dimension"),
  }),
  example(scheme, item) {
    const k = keysOf(scheme);
    const file = reviewedFiles(stepsOf(item, traceOf(scheme).steps_key) ?? [])[0];
    return {
      verdict: k.verdict_options[0],
      comments: [],
      file_ratings: file ? { [file]: { [k.file_rating_dimensions[0]]: 3 } } : {},
    };
  },
});

export const codeReview: SchemeTypeModule = {
  ...module,
  // a verdict and comments need no steps: an item without a trace can still be reviewed, its files not rated
  checkInText: (scheme, chosen, context) =>
    checkFiles(
      JSON.parse(chosen[scheme.name]) as Review,
      stepsOf(context.instance.data, traceOf(scheme).steps_key) ?? [],
    ),
};
