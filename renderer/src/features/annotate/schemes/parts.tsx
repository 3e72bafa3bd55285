/** Pieces every scheme field shows: its legend (with the key that focuses the field, if any) and a label's key. */
import { createContext, useContext } from 'react';
import type { Scheme } from '../../../shared/api/types.js';

/** The key that puts the focus into the field being drawn; provided by SchemeField. */
export const FieldKeyContext = createContext<string | undefined>(undefined);

export function Key({ k }: { k?: string }) {
  return k ? (
    <kbd className="label-key" aria-hidden="true">
      {k}
    </kbd>
  ) : null;
}

export function Legend({ scheme }: { scheme: Scheme }) {
  const fieldKey = useContext(FieldKeyContext);
  return (
    <legend>
      {fieldKey && (
        <kbd className="field-key" title={`Press ${fieldKey} to go to this field`}>
          {fieldKey}
        </kbd>
      )}
      <span className="scheme-name">{scheme.displayed_name ?? scheme.name}</span>
      {scheme.required && (
        <span
          className="scheme-required"
          title={
            Array.isArray(scheme.required)
              ? `Choose ${scheme.required.join(', ')} to move on`
              : 'Answer this to move on'
          }
        >
          {' '}
          (required{Array.isArray(scheme.required) ? `: ${scheme.required.join(', ')}` : ''})
        </span>
      )}
      {scheme.description && <span className="scheme-description"> — {scheme.description}</span>}
    </legend>
  );
}

/** A choice scheme whose item lists none of its labels (dynamic_options): not asked here, and not required. */
export function NoChoices() {
  return <p className="hint">This item offers no choices for this question.</p>;
}
