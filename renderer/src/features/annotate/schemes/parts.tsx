/** Pieces every scheme field shows: its legend and a label's key. */
import type { Scheme } from '../../../shared/api/types.js';

export function Key({ k }: { k?: string }) {
  return k ? <kbd className="label-key" aria-hidden="true">{k}</kbd> : null;
}

export function Legend({ scheme }: { scheme: Scheme }) {
  return (
    <legend>
      <span className="scheme-name">{scheme.name}</span>
      {scheme.description && <span className="scheme-description"> — {scheme.description}</span>}
    </legend>
  );
}
