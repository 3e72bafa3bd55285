/**
 * Pure text geometry for the annotate screen: cutting the text into runs covered by the same spans and keyword
 * highlights, and the word steps of keyboard span selection.
 */

export interface Mark {
  start: number;
  end: number;
  color: string;
  /** the label: spans show it after their last run, keywords in the tooltip */
  label?: string;
  kind: 'span' | 'keyword' | 'selection';
}

export interface Run {
  start: number;
  end: number;
  text: string;
  marks: Mark[];
  /** labels of the spans that end with this run (drawn after it) */
  endsLabels: string[];
}

export function cutRuns(text: string, marks: Mark[]): Run[] {
  const cuts = new Set([0, text.length]);
  for (const m of marks) {
    cuts.add(Math.max(0, Math.min(text.length, m.start)));
    cuts.add(Math.max(0, Math.min(text.length, m.end)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const runs: Run[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i], points[i + 1]];
    if (start === end) continue;
    const covering = marks.filter((m) => m.start <= start && m.end >= end);
    runs.push({
      start,
      end,
      text: text.slice(start, end),
      marks: covering,
      endsLabels: covering.filter((m) => m.kind === 'span' && m.end === end && m.label).map((m) => m.label!),
    });
  }
  return runs;
}

export interface Word {
  start: number;
  end: number;
}

/** Words as a reader sees them: letters and digits, with inner apostrophes and hyphens ("don't", "well-made"). */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu))
    out.push({ start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** A keyboard selection: the words from `from` to `to` (indexes into words(), inclusive). */
export interface WordSelection {
  from: number;
  to: number;
}

/** The words a character range touches, as a keyboard selection; null when it touches none. */
export function wordsCovering(ws: Word[], start: number, end: number): WordSelection | null {
  const from = ws.findIndex((w) => w.end > start);
  if (from < 0) return null;
  let to = from;
  while (to + 1 < ws.length && ws[to + 1].start < end) to++;
  return ws[from].start < end ? { from, to } : { from, to: from };
}

export function stepSelection(
  sel: WordSelection,
  count: number,
  key: 'ArrowRight' | 'ArrowLeft',
  extend: boolean,
): WordSelection {
  if (count === 0) return sel;
  if (extend) {
    const to = key === 'ArrowRight' ? Math.min(count - 1, sel.to + 1) : Math.max(sel.from, sel.to - 1);
    return { from: sel.from, to };
  }
  const at = key === 'ArrowRight' ? Math.min(count - 1, sel.to + 1) : Math.max(0, sel.from - 1);
  return { from: at, to: at };
}

/**
 * The element of a span surface holding character `offset` and the offset inside it: a dialogue's turn texts each
 * carry their start in `data-span-offset` (its speakers and controls hold no offsets); any other surface's whole
 * text is the field's text.
 */
function partAt(root: Element, offset: number): { part: Element; offset: number } {
  let found = { part: root, offset };
  for (const part of root.querySelectorAll<HTMLElement>('[data-span-offset]')) {
    const at = Number(part.dataset.spanOffset);
    if (at > offset) break;
    found = { part, offset: offset - at };
  }
  return found;
}

/** The DOM position of character `offset` of a span surface's text. */
export function pointIn(root: Element, offset: number): { node: Node; offset: number } {
  const { part, offset: inPart } = partAt(root, offset);
  return pointAt(part, inPart);
}

/** The text node and offset holding character `offset` of `root`'s text. */
function pointAt(root: Node, offset: number): { node: Node; offset: number } {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const len = n.textContent!.length;
    if (offset <= seen + len) return { node: n, offset: offset - seen };
    seen += len;
  }
  return { node: root, offset: root.childNodes.length };
}

/**
 * The first word wholly inside the window (words run down the page in order); 0 when none is. A word cut by the
 * window's top edge is skipped: a selection starting there would sit half off screen.
 */
export function firstWordInView(root: Element, ws: Word[]): number {
  const range = document.createRange();
  const topOf = (w: Word) => {
    const a = pointIn(root, w.start);
    const b = pointIn(root, w.end);
    range.setStart(a.node, a.offset);
    range.setEnd(b.node, b.offset);
    return range.getBoundingClientRect().top;
  };
  let [lo, hi] = [0, ws.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (topOf(ws[mid]) >= 0) hi = mid;
    else lo = mid + 1;
  }
  return lo < ws.length ? lo : 0;
}

/** The length of `root`'s text up to a DOM point inside it. */
function lengthTo(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * Character offset of a DOM selection point inside a span surface. In a dialogue, a point outside the turns'
 * texts (on a speaker's name) moves to the nearest text on the selection's side: the next turn's start for where
 * it starts, the last turn's end for where it ends.
 */
export function offsetIn(root: Element, node: Node, offset: number, side: 'start' | 'end' = 'start'): number {
  const parts = [...root.querySelectorAll<HTMLElement>('[data-span-offset]')];
  if (!parts.length) return lengthTo(root, node, offset);
  const startOf = (p: HTMLElement) => Number(p.dataset.spanOffset);
  const el = node instanceof Element ? node : node.parentElement;
  const part = el?.closest<HTMLElement>('[data-span-offset]');
  if (part && root.contains(part)) return startOf(part) + lengthTo(part, node, offset);
  const point = document.createRange();
  point.setStart(node, offset);
  if (side === 'start') {
    const next = parts.find((p) => point.comparePoint(p, 0) >= 0);
    return next ? startOf(next) : Number.MAX_SAFE_INTEGER;
  }
  const last = [...parts].reverse().find((p) => point.comparePoint(p, p.childNodes.length) <= 0);
  return last ? startOf(last) + (last.textContent?.length ?? 0) : 0;
}
