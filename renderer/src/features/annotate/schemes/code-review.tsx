/**
 * code_review: the review as rows the keyboard moves through: the overall verdict, then each file the session
 * touches (named in its tool calls' input, as the server reads them) on each rating dimension. The number row picks
 * the focused row's verdict or score (1–5) and moves on; Delete clears it; `c` opens a comment about the focused
 * row's file, with its text box focused. Comments are listed under the rows, each with its category, file, line
 * and text.
 */
import type { KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';
import {
  reviewedFiles,
  type Review,
  type ReviewComment,
  type ReviewKeys,
} from '../../../../../shared/schemes/code-review.js';
import './code-review.css';

/** A row: the verdict (no file) or one file on one dimension. */
type Row = TraceStep & { file: string | null; dim: string };

const SCALE = ['1', '2', '3', '4', '5'];
const EMPTY: Review = { verdict: '', comments: [], file_ratings: {} };
const reviewOf = (a: Answers, scheme: Scheme): Review => ({
  ...EMPTY,
  ...storedAnswer<Partial<Review>>(a, scheme, EMPTY),
});
const humanize = (s: string) => s.replace(/_/g, ' ');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function rowsOf(k: ReviewKeys, files: string[]): Row[] {
  const specs = [
    { file: null, dim: 'verdict' },
    ...files.flatMap((file) => k.file_rating_dimensions.map((dim) => ({ file, dim }))),
  ];
  return specs.map((r, index) => ({ ...r, index, agent: r.file ?? 'Review', text: humanize(r.dim), raw: null }));
}

/** The review with nothing answered is no answer. */
const orNull = (r: Review): Review | null =>
  r.verdict || r.comments.length || Object.keys(r.file_ratings).length ? r : null;

function withScore(r: Review, file: string, dim: string, score: number | undefined, dims: string[]): Review {
  const scores = { ...r.file_ratings[file] };
  if (score === undefined) delete scores[dim];
  else scores[dim] = score;
  const ratings = { ...r.file_ratings };
  if (Object.keys(scores).length)
    ratings[file] = Object.fromEntries(dims.filter((d) => d in scores).map((d) => [d, scores[d]]));
  else delete ratings[file];
  return {
    ...r,
    file_ratings: Object.fromEntries(
      Object.keys(ratings)
        .sort()
        .map((f) => [f, ratings[f]]),
    ),
  };
}

function ReviewField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<ReviewKeys>(scheme);
  const files = reviewedFiles((traceSteps(scheme, instance) ?? []).map((s) => s.raw));
  const rows = rowsOf(k, files);
  const review = reviewOf(answers, scheme);
  const change = (f: (r: Review) => Review) => update((a) => setAnswer(a, scheme, orNull(f(reviewOf(a, scheme)))));
  const valueAt = (row: Row) =>
    row.file === null ? review.verdict : String(review.file_ratings[row.file]?.[row.dim] ?? '');
  const set = (row: Row, value: string) =>
    change((r) =>
      row.file === null
        ? { ...r, verdict: value }
        : withScore(r, row.file, row.dim, value ? Number(value) : undefined, k.file_rating_dimensions),
    );
  const setComment = (i: number, patch: Partial<ReviewComment> | null) =>
    change((r) => ({
      ...r,
      comments: patch
        ? r.comments.map((c, j) => (j === i ? { ...c, ...patch } : c))
        : r.comments.filter((_, j) => j !== i),
    }));
  const addComment = (file: string) => {
    flushSync(() =>
      change((r) => ({
        ...r,
        comments: [...r.comments, { category: k.comment_categories[0], file, line: null, text: '' }],
      })),
    );
    document
      .querySelector<HTMLElement>(
        `fieldset[data-scheme="${CSS.escape(scheme.name)}"] .review-comment:last-child textarea`,
      )
      ?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'c' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const card = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[data-step]') : null;
    if (!card || !(e.target instanceof HTMLInputElement && e.target.type === 'radio')) return;
    e.preventDefault();
    addComment(rows[Number(card.dataset.step)]?.file ?? '');
  };
  const comments = (
    <div className="review-comments">
      {review.comments.length > 0 && (
        <ol className="review-comment-list">
          {review.comments.map((c, i) => (
            <li key={i} className="review-comment" data-comment={i}>
              <select
                aria-label={`Comment ${i + 1} category`}
                value={c.category}
                onChange={(e) => setComment(i, { category: e.target.value })}
              >
                {k.comment_categories.map((cat) => (
                  <option key={cat} value={cat}>
                    {humanize(cat)}
                  </option>
                ))}
              </select>
              <input
                aria-label={`Comment ${i + 1} file`}
                placeholder="File"
                list={`${scheme.name}-review-files`}
                value={c.file}
                onChange={(e) => setComment(i, { file: e.target.value })}
              />
              <input
                aria-label={`Comment ${i + 1} line`}
                placeholder="Line"
                type="number"
                min={1}
                className="review-line"
                value={c.line ?? ''}
                onChange={(e) => {
                  const line = Number(e.target.value);
                  setComment(i, { line: Number.isSafeInteger(line) && line >= 1 ? line : null });
                }}
              />
              <button type="button" onClick={() => setComment(i, null)}>
                Remove
              </button>
              <textarea
                aria-label={`Comment ${i + 1} text`}
                placeholder="Comment"
                rows={2}
                value={c.text}
                onChange={(e) => setComment(i, { text: e.target.value })}
              />
            </li>
          ))}
        </ol>
      )}
      <datalist id={`${scheme.name}-review-files`}>
        {files.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <button type="button" onClick={() => addComment('')}>
        Add comment
      </button>
    </div>
  );
  return (
    <div onKeyDown={onKeyDown}>
      <StepList
        scheme={scheme}
        steps={rows}
        unit="Row"
        className="scheme-code_review"
        head={files.length ? null : <p className="trace-hint">The session touches no files, so none are rated.</p>}
        foot={comments}
        stepClass={(s) => (valueAt(rows[s.index]) ? 'tagged' : '')}
        onDigit={(s, n) => {
          const row = rows[s.index];
          const options = row.file === null ? k.verdict_options : SCALE;
          const value = options[n];
          if (!value) return false;
          set(row, valueAt(row) === value ? '' : value);
          return true;
        }}
        onClear={(s) => set(rows[s.index], '')}
      >
        {(s) => {
          const row = rows[s.index];
          const options = row.file === null ? k.verdict_options : SCALE;
          return (
            <Options
              name={`scheme-${scheme.name}-${s.index}`}
              label={row.file === null ? 'Verdict' : `${row.file}: ${row.text}`}
              chosen={valueAt(row)}
              options={options.map((o, i) => ({
                value: o,
                text: row.file === null ? humanize(o) : o,
                binding: i < 10 ? '1234567890'[i] : undefined,
              }))}
              keyOf={(b) => b}
              onPick={(v) => set(row, v)}
            />
          );
        }}
      </StepList>
    </div>
  );
}

export const codeReview: SchemeUi = {
  kind: 'value',
  Field: ReviewField,
  fieldKeys: (s) => {
    const k = extraOf<ReviewKeys>(s);
    return stepKeys(
      s.name,
      `on the verdict row pick the verdict (${k.verdict_options.slice(0, 10).map(humanize).join(', ')}); on a file row score it 1–5`,
      [{ keys: ['c'], label: `${s.name}: write a comment about the focused row's file` }],
    );
  },
  applyAnswer: (a, scheme, value) =>
    setAnswer(a, scheme, isObject(value) ? orNull({ ...EMPTY, ...(value as Partial<Review>) }) : null),
};
