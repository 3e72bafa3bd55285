/**
 * Boxes drawn over a document or a PDF page, held as the spans Potato saves them as: zero-length spans of a span
 * scheme whose `format_coords` are `{format: "bounding_box", page, bbox: [x, y, w, h], bbox_pixels, label}`, the
 * box in shares of the drawing area's width and height so it stays in place at any window width.
 */
import type { Colors, SpanAnnotation } from '../../shared/api/types.js';
import type { Answers } from '../annotate/answers.js';
import type { SpanLabel } from '../annotate/span-panel.js';

export type Rect = [x: number, y: number, w: number, h: number];

export interface Box {
  /** where the span is in the answers' spans */
  index: number;
  id: string;
  scheme: string;
  label: string;
  page: number;
  bbox: Rect;
}

type Coords = NonNullable<SpanAnnotation['format_coords']>;

/** Whether a span is a box (it marks no characters of the text). */
export const isBox = (s: Pick<SpanAnnotation, 'format_coords'>) => s.format_coords?.format === 'bounding_box';

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;

function rectOf(c: Coords): Rect | undefined {
  const b = c.bbox;
  return Array.isArray(b) && b.length === 4 && b.every((v) => typeof v === 'number') ? (b as Rect) : undefined;
}

/** The boxes on `page`, in the order they were made. */
export function boxesOn(spans: readonly SpanAnnotation[], page: number): Box[] {
  const out: Box[] = [];
  spans.forEach((s, index) => {
    const c = s.format_coords;
    if (!c || !isBox(s) || (typeof c.page === 'number' ? c.page : 1) !== page) return;
    const bbox = rectOf(c);
    if (bbox) out.push({ index, id: s.id ?? `box${index}`, scheme: s.schema, label: s.name, page, bbox });
  });
  return out;
}

/** A box kept inside the area, its corner first, as shares rounded to four places. */
export function normalise([x, y, w, h]: Rect): Rect {
  const left = clamp(Math.min(x, x + w));
  const top = clamp(Math.min(y, y + h));
  const right = clamp(Math.max(x, x + w));
  const bottom = clamp(Math.max(y, y + h));
  return [round(left), round(top), round(right - left), round(bottom - top)];
}

const newId = () => `bb_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The span a box is saved as; `size` is the drawing area's size in pixels, for Potato's `bbox_pixels`. */
export function boxSpan(
  box: { scheme: string; label: string; page: number; bbox: Rect; id?: string },
  size: { width: number; height: number },
): SpanAnnotation {
  const [x, y, w, h] = box.bbox;
  const pixels = [x * size.width, y * size.height, w * size.width, h * size.height].map(Math.round);
  return {
    schema: box.scheme,
    name: box.label,
    start: 0,
    end: 0,
    value: '',
    id: box.id ?? newId(),
    format_coords: { format: 'bounding_box', page: box.page, bbox: box.bbox, bbox_pixels: pixels, label: box.label },
  };
}

/** Adds a box, or puts one in place of the span at `index` (moved, resized or labelled anew). */
export function putBox(a: Answers, span: SpanAnnotation, index?: number): Answers {
  if (index === undefined) return { ...a, spans: [...a.spans, span] };
  return { ...a, spans: a.spans.map((s, i) => (i === index ? span : s)) };
}

const BOX_COLOR = '#1a73e8';

/**
 * The labels a box may take in a task without a span scheme: boxes are spans of the field itself, named with one of
 * the radio schemes' labels (coloured as in their scheme), or, when there are none, one unlabelled kind ("").
 */
export function fieldBoxLabels(field: string, labels: readonly string[], colors: Colors): SpanLabel[] {
  if (!labels.length) return [{ scheme: field, label: '', color: BOX_COLOR }];
  const colorOf = (label: string) => Object.values(colors).find((c) => c?.[label])?.[label] ?? BOX_COLOR;
  return labels.map((label) => ({ scheme: field, label, color: colorOf(label) }));
}
