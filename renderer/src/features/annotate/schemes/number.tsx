/** number: a number input per field, bounded by the scheme's min/max/step. */
import { ValueField } from './value-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const number: SchemeUi = {
  kind: 'value',
  ownAnswerOnly: true,
  Field: (p) => (
    <ValueField
      {...p}
      single="Value"
      input={({ inputId, value, set }) => (
        <input
          id={inputId}
          type="number"
          min={p.scheme.min}
          max={p.scheme.max}
          step={p.scheme.step ?? 'any'}
          value={value}
          onChange={(e) => set(e.target.value)}
        />
      )}
    />
  ),
};
