/** slider: a range input per field; unset until moved (no thumb is drawn until then), and clearable. */
import { ValueField } from './value-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const slider: SchemeUi = {
  kind: 'value',
  ownAnswerOnly: true,
  Field: (p) => (
    <ValueField
      {...p}
      single="Value"
      input={({ inputId, value, set }) => (
        <>
          <input
            id={inputId}
            type="range"
            min={p.scheme.min ?? 0}
            max={p.scheme.max ?? 100}
            step={p.scheme.step ?? 1}
            value={value || String(p.scheme.starting_value ?? p.scheme.min ?? 0)}
            className={value ? undefined : 'unset'}
            aria-valuetext={value ? value : 'not set'}
            onChange={(e) => set(e.target.value)}
          />
          <output htmlFor={inputId}>{value || 'not set'}</output>
          {value && (
            <button type="button" className="link" onClick={() => set('')}>
              Clear
            </button>
          )}
        </>
      )}
    />
  ),
};
