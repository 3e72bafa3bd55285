/**
 * text_edit: the text to post-edit (the item's `source_field`, or its text) in a text area, with the edit's
 * distance from it in characters and words and, with show_diff, the words removed and added. The server works
 * the distances out again when it stores the edit. Its field key goes to the text area.
 */
import { extraOf, fieldOf, setField } from './options.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface TextEditKeys {
  source_field: string;
  show_diff: boolean;
  show_edit_distance: boolean;
  allow_reset: boolean;
}

/** Levenshtein distance in two rows; texts past a size are not compared while typing. */
export function distance<T>(a: ArrayLike<T>, b: ArrayLike<T>): number | null {
  if (a.length * b.length > 4_000_000) return null;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] : 1 + Math.min(prev[j], row[j - 1], prev[j - 1]);
    prev = row;
  }
  return prev[b.length];
}

export const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/** Word diff by longest common subsequence: each word kept, removed or added. */
function diff(a: string[], b: string[]): { word: string; op: 'same' | 'del' | 'add' }[] {
  if (a.length * b.length > 250_000) return [];
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: { word: string; op: 'same' | 'del' | 'add' }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ word: a[i++], op: 'same' });
      j++;
    } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j]))
      out.push({ word: b[j++], op: 'add' });
    else out.push({ word: a[i++], op: 'del' });
  }
  return out;
}

/** The words removed from `original` (struck through) and added in `edited`, in order; `label` names the list. */
export function WordDiff({ original, edited, label }: { original: string; edited: string; label: string }) {
  return (
    <p className="text-edit-diff" aria-label={label}>
      {diff(words(original), words(edited)).map((d, i) =>
        d.op === 'same' ? (
          <span key={i}>{d.word} </span>
        ) : d.op === 'del' ? (
          <del key={i}>{d.word} </del>
        ) : (
          <ins key={i}>{d.word} </ins>
        ),
      )}
    </p>
  );
}

function TextEditField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<TextEditKeys>(scheme);
  const field = scheme.labels[0].name;
  const sourceValue = k.source_field ? instance?.data[k.source_field] : instance?.text;
  const original =
    typeof sourceValue === 'string'
      ? sourceValue
      : sourceValue === undefined || sourceValue === null
        ? ''
        : String(sourceValue);
  const raw = fieldOf(answers, scheme.name, field);
  const edited = raw ? (JSON.parse(raw) as { edited_text: string }).edited_text : original;
  const set = (text: string) =>
    update((a) =>
      setField(
        a,
        scheme.name,
        field,
        text === original && !raw ? '' : JSON.stringify({ edited_text: text, original_text: original }),
      ),
    );
  const inputId = `scheme-${scheme.name}-edit`;
  const chars = distance(original, edited);
  const wordDistance = distance(words(original), words(edited));
  return (
    <fieldset className="scheme scheme-text_edit" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <div className="value-field">
        <label htmlFor={inputId}>Edit the text</label>
        <textarea
          id={inputId}
          rows={Math.min(12, Math.max(3, Math.ceil(edited.length / 70)))}
          value={edited}
          onChange={(e) => set(e.target.value)}
        />
      </div>
      {k.show_edit_distance && (
        <p className="text-edit-distance" data-testid={`${scheme.name}-distance`}>
          {chars === null
            ? 'Too long to count edits while typing'
            : `${chars} characters, ${wordDistance} words changed`}
        </p>
      )}
      {k.show_diff && edited !== original && <WordDiff original={original} edited={edited} label="Changes" />}
      {!raw && (
        <button
          type="button"
          className="link"
          onClick={() =>
            update((a) =>
              setField(a, scheme.name, field, JSON.stringify({ edited_text: original, original_text: original })),
            )
          }
        >
          Keep it unchanged
        </button>
      )}
      {k.allow_reset && raw && (
        <button type="button" className="link" onClick={() => update((a) => setField(a, scheme.name, field, ''))}>
          Reset to the original
        </button>
      )}
    </fieldset>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const textEdit: SchemeUi = {
  // a value field: its own key goes to the text to edit
  kind: 'value',
  Field: TextEditField,
  // a pre-annotation's edit, as exports give it; the server works the distances out again
  applyAnswer: (a, s, answer) =>
    isRecord(answer) && typeof answer.edited_text === 'string' && typeof answer.original_text === 'string'
      ? setField(
          a,
          s.name,
          s.labels[0].name,
          JSON.stringify({ edited_text: answer.edited_text, original_text: answer.original_text }),
        )
      : a,
  fieldKeys: (s) => [
    { keys: ['Tab'], label: `${s.name}: from the text, reach Keep it unchanged or Reset to the original` },
  ],
};
