/**
 * Rows each rated on one scale, a radio group per row (multirate's options, semantic_differential's pairs).
 * Keys inside the grid: 1–9 and 0 rate the focused row and move to the next, Delete clears it; arrows move
 * along a row, Tab between rows.
 */
import type { KeyboardEvent } from 'react';
import { setValue } from '../answers.js';
import { focusChosen } from '../question-focus.js';
import { Legend } from './parts.js';
import type { FieldProps } from './scheme-ui.js';
import type { Command } from '../../../shared/keymap/keymap.js';

export interface GridRow {
  /** the field the row's rating is stored under */
  field: string;
  text: string;
  /** the right pole of a bipolar row */
  right?: string;
  tooltip?: string;
}

export interface GridPoint {
  value: string;
  /** the point's heading; none for a bare bipolar scale */
  text?: string;
}

const DIGITS = '1234567890';

/** The in-grid keys, for the keymap overlay. */
export const gridKeys = (scheme: string): Command[] => [
  { keys: ['1–9', '0'], label: `${scheme}: rate the focused row and go to the next` },
  { keys: ['Delete'], label: `${scheme}: clear the focused row` },
];

export function ScaleGrid({
  scheme,
  answers,
  update,
  rows,
  points,
}: FieldProps & { rows: GridRow[]; points: GridPoint[] }) {
  const chosen = answers.labels[scheme.name] ?? {};
  const rowOf = (el: EventTarget) => (el instanceof HTMLElement ? el.closest<HTMLElement>('[data-row]') : null);

  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    const row = rowOf(e.target);
    if (!row || e.ctrlKey || e.metaKey || e.altKey) return;
    const field = row.dataset.row!;
    const digit = DIGITS.indexOf(e.key);
    if (digit >= 0) {
      e.preventDefault();
      const point = points[digit];
      if (!point) return;
      update((a) => setValue(a, scheme.name, field, point.value));
      // at once, not after the render: a key pressed meanwhile (another question's) must not lose its focus to us
      const next = row.nextElementSibling;
      if (next) focusChosen(next);
      else row.querySelector<HTMLInputElement>(`input[value="${CSS.escape(point.value)}"]`)?.focus();
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      update((a) => setValue(a, scheme.name, field, ''));
    }
  };

  return (
    <fieldset
      className={`scheme scheme-grid scheme-${scheme.annotation_type}`}
      data-scheme={scheme.name}
      onKeyDown={onKeyDown}
    >
      <Legend scheme={scheme} />
      <table className="scale-grid">
        {points.some((p) => p.text) && (
          <thead>
            <tr>
              <td />
              {points.map((p, i) => (
                <th key={p.value} scope="col">
                  {p.text}{' '}
                  {p.text !== DIGITS[i] && (
                    <kbd className="label-key" aria-hidden="true">
                      {DIGITS[i] ?? ''}
                    </kbd>
                  )}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.field}
              data-row={r.field}
              role="radiogroup"
              aria-label={r.right ? `${r.text} – ${r.right}` : r.text}
            >
              <th scope="row" title={r.tooltip}>
                {r.text}
              </th>
              {points.map((p, i) => (
                <td key={p.value}>
                  <input
                    type="radio"
                    name={`scheme-${scheme.name}-${r.field}`}
                    value={p.value}
                    checked={chosen[r.field] === p.value}
                    aria-label={`${r.text}${r.right ? ` – ${r.right}` : ''}: ${p.text ?? p.value}`}
                    title={`${p.text ?? p.value} (${DIGITS[i] ?? ''})`}
                    onChange={() => update((a) => setValue(a, scheme.name, r.field, p.value))}
                  />
                </td>
              ))}
              {r.right !== undefined && <th scope="row">{r.right}</th>}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
