/**
 * Spans: the label picker for a pending selection (every label of every span scheme, each with its key, and a
 * filter for long lists) and the list of made spans with Remove buttons.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Colors, Scheme, SpanAnnotation } from '../../shared/api/types.js';
import type { LabelKey } from '../../shared/keymap/keymap.js';
import { isBox } from '../bounding-box/boxes.js';
import { spanRef } from './answers.js';
import { schemeUi } from './schemes/registry.js';
import type { Pending } from './use-span-selection.js';
import { fingerPointer } from './use-touch-selection.js';

export interface SpanLabel {
  scheme: string;
  label: string;
  color: string;
  key_value?: string;
  /** a label of a span scheme, which also marks span target fields other than the text */
  plain?: true;
  /** the one field the scheme's spans go in (its target_field) */
  field?: string;
}

/**
 * The labels a selection in `field` (undefined: the text) may take: in another field only span schemes mark, and a
 * span scheme naming a target_field marks only there (a name that is no other field is the text field's).
 */
export function offeredIn(
  labels: SpanLabel[],
  field: string | undefined,
  fieldTexts: Readonly<Record<string, string>>,
): SpanLabel[] {
  return labels.filter((l) => {
    if (l.field === undefined) return field === undefined || l.plain;
    return field === undefined ? !Object.hasOwn(fieldTexts, l.field) : l.field === field;
  });
}

/** The picker's entries: every label of every span scheme, then what types answered by a selection offer. */
export function spanLabels(schemes: Scheme[], colors: Colors): SpanLabel[] {
  return schemes.flatMap((s) => {
    if (s.annotation_type === 'span')
      return s.labels.map((l) => ({
        scheme: s.name,
        label: l.name,
        color: colors[s.name]?.[l.name] ?? l.color ?? '#888888',
        key_value: l.key_value,
        plain: true as const,
        ...(s.target_field === undefined ? {} : { field: s.target_field }),
      }));
    const targets = schemeUi(s.annotation_type)?.spanTargets?.(s) ?? [];
    return targets.map((t) => ({
      scheme: s.name,
      label: t.label,
      color: t.color ?? colors[s.name]?.[t.label] ?? '#888888',
    }));
  });
}

/** Lists longer than this get a filter box. */
const FILTER_FROM = 10;
export const SPAN_FILTER_ID = 'span-filter';

/** The labels whose name (or scheme name) contains the filter text, ignoring case. */
function filterLabels(labels: SpanLabel[], filter: string): SpanLabel[] {
  const f = filter.trim().toLowerCase();
  return f ? labels.filter((l) => l.label.toLowerCase().includes(f) || l.scheme.toLowerCase().includes(f)) : labels;
}

interface Props {
  labels: SpanLabel[];
  keys: LabelKey[];
  /** the annotator tried to submit or move with the selection unlabelled */
  askLabel?: boolean;
  pending: Pending | null;
  text: string;
  /** the texts of the span target fields other than the text, by field */
  fieldTexts?: Readonly<Record<string, string>>;
  spans: SpanAnnotation[];
  colors: Colors;
  onLabel: (l: SpanLabel) => void;
  onCancel: () => void;
  onRemove: (index: number) => void;
  /** where `s` selects words, named, when the item has more than one span target */
  keyboardField?: string;
}

export function SpanPanel({
  labels,
  keys,
  askLabel,
  pending,
  text,
  fieldTexts = {},
  spans,
  colors,
  onLabel,
  onCancel,
  onRemove,
  keyboardField,
}: Props) {
  const [filter, setFilter] = useState('');
  const pendingKey = pending ? `${pending.field ?? ''}:${pending.start}:${pending.end}` : '';
  const textOf = (field: string | undefined) => (field === undefined ? text : (fieldTexts[field] ?? ''));
  const offered = offeredIn(labels, pending?.field, fieldTexts);
  useEffect(() => setFilter(''), [pendingKey]);
  const picker = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  // the picker opens just below the selection (a long text would leave it far away) and both stay in view
  useLayoutEffect(() => {
    const box = picker.current;
    const column = box?.offsetParent;
    const marks = document.querySelectorAll('.selection-mark');
    const last = marks[marks.length - 1];
    if (!box || !column || !last) return setAt(null);
    const r = last.getBoundingClientRect();
    const c = column.getBoundingClientRect();
    setAt({ top: r.bottom - c.top + 6, left: Math.max(0, Math.min(r.left - c.left, c.width - box.offsetWidth)) });
    last.scrollIntoView({ block: 'nearest' });
  }, [pendingKey, labels.length]);
  useEffect(() => {
    if (at) picker.current?.scrollIntoView({ block: 'nearest' });
  }, [at]);
  if (!labels.length) return null;
  const several = labels.some((o) => o.scheme !== labels[0].scheme);
  const shown = filterLabels(offered, filter);
  const keyOf = (l: SpanLabel) => keys.find((k) => k.scheme === l.scheme && k.label === l.label)?.key;
  return (
    <section className="span-panel" aria-label="Spans">
      {pending ? (
        <div
          ref={picker}
          className="span-picker floating"
          style={at ?? undefined}
          role="group"
          aria-label="Label the selected text"
        >
          {askLabel && (
            <p className="ask-label" role="alert">
              This selection has no label yet: pick one, or press <kbd>Esc</kbd> to drop it.
            </p>
          )}
          <span>
            Label <q>{textOf(pending.field).slice(pending.start, pending.end)}</q> as:
          </span>
          {labels.length > FILTER_FROM && (
            <input
              id={SPAN_FILTER_ID}
              className="span-filter"
              type="search"
              value={filter}
              placeholder="Filter labels (/)"
              aria-label="Filter span labels"
              aria-keyshortcuts="/"
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  e.stopPropagation();
                  if (shown[0]) onLabel(shown[0]);
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  e.stopPropagation();
                  if (filter) setFilter('');
                  else e.currentTarget.blur();
                }
              }}
            />
          )}
          {shown.map((l) => {
            const k = keyOf(l);
            return (
              <button
                key={`${l.scheme}:${l.label}`}
                type="button"
                onClick={() => onLabel(l)}
                style={{ borderColor: l.color }}
                aria-keyshortcuts={k}
              >
                {k && <kbd>{k}</kbd>} {several ? `${l.scheme}: ` : ''}
                {l.label}
              </button>
            );
          })}
          {!shown.length && <span className="muted">No label matches “{filter}”.</span>}
          <button type="button" className="link" onClick={onCancel}>
            Cancel <kbd>Esc</kbd>
          </button>
        </div>
      ) : (
        <p className="hint">
          {fingerPointer() ? (
            <>Press and hold a word, drag the handles, then tap Label selected text and pick a label.</>
          ) : (
            <>
              Select text with the mouse, or press <kbd>s</kbd> and use the arrow keys, then pick a label.
              {keyboardField !== undefined && (
                <>
                  {' '}
                  <kbd>s</kbd> selects in <strong data-testid="keyboard-field">{keyboardField}</strong>; <kbd>Tab</kbd>{' '}
                  to another text, or <kbd>s</kbd> again while selecting, moves there.
                </>
              )}
            </>
          )}
        </p>
      )}
      {spans.some((s) => !isBox(s)) && (
        <ul className="span-list" aria-label="Spans made">
          {spans.map((s, i) =>
            isBox(s) ? null : (
              <li key={spanRef(s)}>
                <span
                  className="chip"
                  style={{
                    borderColor: colors[s.schema]?.[s.name] ?? '#888888',
                    background: `${colors[s.schema]?.[s.name] ?? '#888888'}33`,
                  }}
                >
                  {s.name}
                </span>
                <q>{textOf(s.target_field).slice(s.start, s.end)}</q>
                {s.target_field !== undefined && <span className="span-field"> in {s.target_field}</span>}
                <button
                  type="button"
                  className="link"
                  onClick={() => onRemove(i)}
                  aria-label={`Remove span ${s.name} “${textOf(s.target_field).slice(s.start, s.end)}”`}
                >
                  Remove
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
