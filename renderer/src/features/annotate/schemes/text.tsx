/** text: a text area per field. */
import { ValueField } from './value-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const text: SchemeUi = {
  kind: 'value',
  ownAnswerOnly: true,
  Field: (p) => (
    <ValueField
      {...p}
      single="Your answer"
      input={({ inputId, value, set }) => (
        <textarea id={inputId} rows={2} value={value} onChange={(e) => set(e.target.value)} />
      )}
    />
  ),
};
