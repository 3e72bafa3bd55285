/**
 * A drawing layer over a rendered document or PDF page (Potato's `annotation_mode: bounding_box`): drag to draw a
 * box with the label picked above it, click a box to select it, Delete to remove it. Each box is a button, so an
 * annotator on the keyboard tabs to it, deletes it, moves it with the arrow keys and resizes it with Shift and the
 * arrows; "Add box" puts a new one in the middle of the page for them to place the same way.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { SpanAnnotation } from '../../shared/api/types.js';
import { removeSpan, type Answers } from '../annotate/answers.js';
import type { SpanLabel } from '../annotate/span-panel.js';
import { boxesOn, boxSpan, normalise, putBox, type Box, type Rect } from './boxes.js';
import './bounding-box.css';

export interface BoxLayerProps {
  /** the field's name, for the layer's accessible names */
  name: string;
  page: number;
  minSize: number;
  showLabels: boolean;
  /** the labels a box may take: the span schemes' that mark the text, else the field's own (see fieldBoxLabels) */
  labels: SpanLabel[];
  spans: readonly SpanAnnotation[];
  setAnswers: (update: (a: Answers) => Answers) => void;
  children: ReactNode;
}

/** How far one arrow key press moves or resizes a box, as a share of the page. */
const STEP = 0.01;
const keyOf = (l: Pick<SpanLabel, 'scheme' | 'label'>) => `${l.scheme}\u0001${l.label}`;

export function BoxLayer({ name, page, minSize, showLabels, labels, spans, setAnswers, children }: BoxLayerProps) {
  const area = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState(labels[0] ? keyOf(labels[0]) : '');
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ x0: number; y0: number; rect: Rect } | null>(null);
  const focusNext = useRef<string | null>(null);
  const boxes = boxesOn(spans, page);
  const current = labels.find((l) => keyOf(l) === choice) ?? labels[0];
  const several = new Set(labels.map((l) => l.scheme)).size > 1;
  // a task that offers no labels for boxes: they are drawn without one, and there is nothing to pick
  const unlabelled = labels.length === 1 && labels[0].label === '';
  const colorOf = (b: Pick<Box, 'scheme' | 'label'>) => labels.find((l) => keyOf(l) === keyOf(b))?.color ?? '#1a73e8';

  useEffect(() => {
    if (!focusNext.current) return;
    area.current?.querySelector<HTMLElement>(`[data-box-id="${CSS.escape(focusNext.current)}"]`)?.focus();
    focusNext.current = null;
  });

  const size = () => {
    const r = area.current?.getBoundingClientRect();
    return { width: r?.width || 1, height: r?.height || 1 };
  };
  const save = (box: Omit<Box, 'index' | 'id'> & { id?: string }, index?: number) => {
    const span = boxSpan({ ...box, bbox: normalise(box.bbox) }, size());
    setAnswers((a) => putBox(a, span, index));
    return span.id!;
  };
  const remove = (b: Box) => {
    setAnswers((a) => removeSpan(a, b.index));
    setSelected(null);
  };

  const point = (e: PointerEvent) => {
    const r = area.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / (r.width || 1), y: (e.clientY - r.top) / (r.height || 1) };
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !current || e.target !== e.currentTarget) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const { x, y } = point(e);
    setDraft({ x0: x, y0: y, rect: [x, y, 0, 0] });
    setSelected(null);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    const { x, y } = point(e);
    setDraft({ ...draft, rect: [draft.x0, draft.y0, x - draft.x0, y - draft.y0] });
  };
  const onPointerUp = () => {
    if (!draft || !current) return setDraft(null);
    const { width, height } = size();
    const [, , w, h] = normalise(draft.rect);
    // a click or a slip of the mouse is not a box: Potato's bbox_min_size, in pixels of the page as drawn
    if (w * width >= Math.max(minSize, 1) && h * height >= Math.max(minSize, 1))
      setSelected(save({ scheme: current.scheme, label: current.label, page, bbox: draft.rect }));
    setDraft(null);
  };

  const onBoxKey = (e: KeyboardEvent, b: Box) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(b);
      area.current?.closest('.box-field')?.querySelector<HTMLElement>('.box-add')?.focus();
      return;
    }
    if (e.key === 'Escape') return setSelected(null);
    const d = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[e.key];
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    const [x, y, w, h] = b.bbox;
    const bbox: Rect = e.shiftKey
      ? [x, y, Math.max(STEP, w + d[0]), Math.max(STEP, h + d[1])]
      : [Math.min(1 - w, Math.max(0, x + d[0])), Math.min(1 - h, Math.max(0, y + d[1])), w, h];
    focusNext.current = save({ ...b, bbox }, b.index);
    setSelected(focusNext.current);
  };

  const pick = (value: string) => {
    setChoice(value);
    const box = boxes.find((b) => b.id === selected);
    const l = labels.find((x) => keyOf(x) === value);
    // picking a label with a box selected labels that box anew, as Potato's label buttons do
    if (box && l) focusNext.current = save({ ...box, scheme: l.scheme, label: l.label }, box.index);
  };
  const add = () => {
    if (!current) return;
    focusNext.current = save({ scheme: current.scheme, label: current.label, page, bbox: [0.4, 0.4, 0.2, 0.2] });
    setSelected(focusNext.current);
  };
  const chosen = boxes.find((b) => b.id === selected);

  return (
    <div className="box-field" data-page={page}>
      <div className="box-toolbar" role="toolbar" aria-label={`Boxes on ${name}`}>
        {!unlabelled && (
          <label>
            Box label{' '}
            <select value={current ? keyOf(current) : ''} onChange={(e) => pick(e.target.value)}>
              {labels.map((l) => (
                <option key={keyOf(l)} value={keyOf(l)}>
                  {several ? `${l.scheme}: ${l.label}` : l.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="box-add" onClick={add} disabled={!current}>
          Add box
        </button>
        <button type="button" onClick={() => chosen && remove(chosen)} disabled={!chosen}>
          Delete box
        </button>
        <span className="box-count" aria-live="polite">
          Boxes: {boxes.length}
        </span>
      </div>
      <div className="box-area">
        {children}
        <div
          ref={area}
          className="box-overlay"
          data-testid="box-overlay"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDraft(null)}
        >
          {boxes.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={`box${b.id === selected ? ' selected' : ''}`}
              data-box-id={b.id}
              aria-pressed={b.id === selected}
              aria-label={`Box ${i + 1} of ${boxes.length}${b.label ? `: ${b.label}` : ''}`}
              title="Arrows move it, Shift and the arrows resize it, Delete removes it"
              style={place(b.bbox, colorOf(b))}
              onClick={() => setSelected(b.id)}
              onFocus={() => setSelected(b.id)}
              onKeyDown={(e) => onBoxKey(e, b)}
            >
              {showLabels && b.label && <span className="box-label">{b.label}</span>}
            </button>
          ))}
          {draft && <div className="box draft" style={place(normalise(draft.rect), colorOf(current!))} />}
        </div>
      </div>
    </div>
  );
}

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const place = ([x, y, w, h]: Rect, color: string) => ({
  left: pct(x),
  top: pct(y),
  width: pct(w),
  height: pct(h),
  borderColor: color,
  ['--box-color' as string]: color,
});
