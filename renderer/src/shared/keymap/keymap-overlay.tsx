/**
 * The `?` overlay: every key of the annotate screen, label keys included, and the labels' tooltips (so what a
 * label means is reachable without a mouse). Closes with Escape or `?`.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  COMMANDS,
  NOTE_COMMANDS,
  SPAN_MODE_COMMANDS,
  keyName,
  type Command,
  type FieldKey,
  type LabelKey,
} from './keymap.js';
import type { Scheme } from '../api/types.js';
import './keymap-overlay.css';

/** Every label that has a tooltip, under its scheme's title. */
export function labelTooltips(schemes: readonly Scheme[]): { scheme: string; label: string; tooltip: string }[] {
  return schemes.flatMap((s) =>
    s.labels.flatMap((l) =>
      l.tooltip ? [{ scheme: s.displayed_name ?? s.name, label: l.name, tooltip: l.tooltip }] : [],
    ),
  );
}

/** One row of a table: the keys that do it, and what it does. */
function KeyRow({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return (
    <tr>
      <td>
        {keys.map((k) => (
          <kbd key={k}>{k}</kbd>
        ))}
      </td>
      <td>{children}</td>
    </tr>
  );
}

interface Props {
  labelKeys: LabelKey[];
  spanKeys?: LabelKey[];
  fieldKeys?: FieldKey[];
  /** keys of the task's own kinds of field (links, events, ...), from their scheme types */
  typeKeys?: Command[];
  /** each label's tooltip, by scheme */
  tooltips?: { scheme: string; label: string; tooltip: string }[];
  onClose: () => void;
}

export function KeymapOverlay({
  labelKeys,
  spanKeys = [],
  fieldKeys = [],
  typeKeys = [],
  tooltips = [],
  onClose,
}: Props) {
  // focus the dialog itself, so it opens scrolled to its title
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const taken = new Set(labelKeys.map((k) => k.key));
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="keymap-title">
      <div className="overlay-box" ref={ref} tabIndex={-1}>
        <h2 id="keymap-title">Keyboard shortcuts</h2>
        <div className="keymap-columns">
          <table>
            <caption>Commands</caption>
            <tbody>
              {Object.values(COMMANDS).map((c) => (
                <KeyRow key={c.label} keys={c.keys.filter((k) => !taken.has(k)).map(keyName)}>
                  {c.label}
                </KeyRow>
              ))}
              <tr>
                <td>
                  <kbd>Tab</kbd>
                </td>
                <td>
                  Move between fields (text, number, slider); <kbd>Esc</kbd> leaves a field, <kbd>Ctrl</kbd>+
                  <kbd>Enter</kbd> submits from one
                </td>
              </tr>
            </tbody>
          </table>
          <table>
            <caption>Labels</caption>
            <tbody>
              {labelKeys.map((k) => (
                <KeyRow key={k.key} keys={[k.key]}>
                  {k.scheme}: {k.label}
                </KeyRow>
              ))}
              {fieldKeys.map((k) => (
                <KeyRow key={`field-${k.key}`} keys={[k.key]}>
                  {k.scheme}: go to the field
                </KeyRow>
              ))}
            </tbody>
          </table>
          {typeKeys.length > 0 && (
            <table>
              <caption>Fields of this task</caption>
              <tbody>
                {typeKeys.map((c) => (
                  <KeyRow key={c.label} keys={c.keys.map(keyName)}>
                    {c.label}
                  </KeyRow>
                ))}
              </tbody>
            </table>
          )}
          <table>
            <caption>Notes and flags</caption>
            <tbody>
              {NOTE_COMMANDS.map((c) => (
                <KeyRow key={c.label} keys={c.keys}>
                  {c.label}
                </KeyRow>
              ))}
            </tbody>
          </table>
          <table>
            <caption>Span selection</caption>
            <tbody>
              {SPAN_MODE_COMMANDS.map((c) => (
                <KeyRow key={c.label} keys={c.keys.map(keyName)}>
                  {c.label}
                </KeyRow>
              ))}
              {spanKeys.map((k) => (
                <KeyRow key={`span-${k.key}`} keys={[k.key]}>
                  {k.scheme}: {k.label}
                </KeyRow>
              ))}
            </tbody>
          </table>
        </div>
        {tooltips.length > 0 && (
          <table className="label-help" data-testid="label-help">
            <caption>What the labels mean</caption>
            <tbody>
              {tooltips.map((t) => (
                <tr key={`${t.scheme}:${t.label}`}>
                  <td>
                    {t.scheme}: {t.label}
                  </td>
                  <td>{t.tooltip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
