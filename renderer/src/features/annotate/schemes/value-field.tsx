/** One input per field label (text, number, slider); `input` draws the control itself. */
import type { ReactNode } from 'react';
import { setValue } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps } from './scheme-ui.js';

export interface ValueInput {
  inputId: string;
  value: string;
  set: (v: string) => void;
}

export function ValueField({
  scheme,
  answers,
  update,
  single,
  input,
}: FieldProps & { single: string; input: (p: ValueInput) => ReactNode }) {
  const chosen = answers.labels[scheme.name] ?? {};
  return (
    <fieldset className={`scheme scheme-${scheme.annotation_type}`} data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {scheme.labels.map((l) => {
        const inputId = `scheme-${scheme.name}-${l.name}`;
        const set = (v: string) => update((a) => setValue(a, scheme.name, l.name, v));
        return (
          <div key={l.name} className="value-field">
            <label htmlFor={inputId}>{scheme.labels.length > 1 ? l.name : single}</label>
            {input({ inputId, value: chosen[l.name] ?? '', set })}
          </div>
        );
      })}
    </fieldset>
  );
}
