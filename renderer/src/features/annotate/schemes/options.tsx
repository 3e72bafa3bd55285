/**
 * What the structured types share: reading and setting one stored field of a scheme, the scheme's extra keys
 * (the server completes them with their defaults), and a radio group of options each showing its key.
 */
import type { ReactNode } from 'react';
import type { Scheme } from '../../../shared/api/types.js';
import { setValue, type Answers } from '../answers.js';
import { Key } from './parts.js';

/** The keys the server passes through for a scheme's type, as that type's module reads them. */
export const extraOf = <T,>(scheme: Scheme) => scheme as unknown as T;

export const fieldOf = (a: Answers, scheme: string, field: string): string => a.labels[scheme]?.[field] ?? '';

export const setField = (a: Answers, scheme: string, field: string, value: string): Answers =>
  setValue(a, scheme, field, value);

/** Picks `value` for the field, or clears it when it is already picked (as a choice key does). */
export const toggleField = (a: Answers, scheme: string, field: string, value: string): Answers =>
  setField(a, scheme, field, fieldOf(a, scheme, field) === value ? '' : value);

export interface Option {
  value: string;
  text: ReactNode;
  /** the overlay name of its key binding, for keyOf */
  binding?: string;
  className?: string;
}

/** A radio group; picking the chosen option again clears it. */
export function Options({
  name,
  options,
  chosen,
  keyOf,
  onPick,
  label,
}: {
  name: string;
  options: Option[];
  chosen: string;
  keyOf: (label: string) => string | undefined;
  onPick: (value: string) => void;
  label: string;
}) {
  return (
    <div className="choices" role="radiogroup" aria-label={label}>
      {options.map((o) => {
        const k = o.binding ? keyOf(o.binding) : undefined;
        return (
          <label key={o.value} className={`choice ${o.className ?? ''}${chosen === o.value ? ' chosen' : ''}`}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={chosen === o.value}
              aria-keyshortcuts={k}
              onChange={() => onPick(o.value)}
              onClick={(e) => {
                if (chosen === o.value) {
                  e.preventDefault();
                  onPick('');
                }
              }}
            />
            {o.text}
            <Key k={k} />
          </label>
        );
      })}
    </div>
  );
}

/** The list of texts in an item's field: a list of strings (or values shown as text), or an object's values. */
export function itemsAt(data: Record<string, unknown> | undefined, key: string): string[] {
  const v = data?.[key];
  const text = (x: unknown) =>
    typeof x === 'string'
      ? x
      : x === null || x === undefined
        ? ''
        : typeof x === 'object'
          ? JSON.stringify(x)
          : String(x);
  if (Array.isArray(v)) return v.map(text);
  if (v && typeof v === 'object') return Object.values(v).map(text);
  return [];
}
