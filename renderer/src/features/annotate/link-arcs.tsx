/**
 * Links between spans drawn as arcs over the instance text: an SVG laid over the text box, each arc from the top
 * of one span's first line box to the next span's, labelled at its top, with an arrowhead on directed links. The
 * places come from DOM ranges over the text's character offsets, measured again whenever the text box changes
 * size or scrolls, so wrapping, zoom and a code field scrolled sideways move the arcs with the words; over one
 * text the arcs are cut at the text's box, as its words are. Read-only: links are made in their scheme's field.
 * A link between spans of different fields (span_target fields) is drawn over the whole item display instead,
 * from the span above down to the span below.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { pointIn } from './segments.js';

export interface Arc {
  /** the spans joined, in order (source first when directed); `field` for a span target field other than the text */
  spans: { start: number; end: number; field?: string }[];
  label: string;
  color: string;
  directed: boolean;
}

interface Drawn {
  d: string;
  color: string;
  label: string;
  lx: number;
  ly: number;
  directed: boolean;
}

/** The first line box of a span, relative to the box of `origin` (the root's own by default). */
function boxOf(root: HTMLElement, start: number, end: number, origin: HTMLElement = root): DOMRect | null {
  const a = pointIn(root, start);
  const b = pointIn(root, end);
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  const first = [...range.getClientRects()].find((r) => r.width > 0);
  if (!first) return null;
  const o = origin.getBoundingClientRect();
  return new DOMRect(first.left - o.left, first.top - o.top, first.width, first.height);
}

/** The text element of a span's field inside the item display (the text field's when `field` is absent). */
const fieldRoot = (container: HTMLElement, field: string | undefined) =>
  container.querySelector<HTMLElement>(
    field === undefined ? '[data-testid="instance-text"]' : `[data-span-field="${CSS.escape(field)}"]`,
  );

/** A link between spans in different rows (two fields one above the other): down from the one to the other. */
function acrossRows(p: DOMRect, q: DOMRect, arc: Arc): Drawn {
  const [upper, lower] = p.top <= q.top ? [p, q] : [q, p];
  const x1 = p.left + p.width / 2;
  const x2 = q.left + q.width / 2;
  const y1 = p === upper ? p.bottom : p.top;
  const y2 = q === lower ? q.top : q.bottom;
  const bend = (lower.top - upper.bottom) / 2;
  const c1 = y1 + (p === upper ? bend : -bend);
  const c2 = y2 + (q === lower ? -bend : bend);
  return {
    d: `M ${x1} ${y1} C ${x1} ${c1}, ${x2} ${c2}, ${x2} ${y2}`,
    color: arc.color,
    label: arc.label,
    lx: (x1 + x2) / 2,
    ly: (y1 + y2) / 2,
    directed: arc.directed,
  };
}

function layout(root: HTMLElement, arcs: readonly Arc[], across = false): Drawn[] {
  const out: Drawn[] = [];
  for (const arc of arcs) {
    const boxes = arc.spans.map((s) => {
      const el = across ? fieldRoot(root, s.field) : root;
      return el && boxOf(el, s.start, s.end, root);
    });
    for (let i = 0; i + 1 < boxes.length; i++) {
      const [p, q] = [boxes[i], boxes[i + 1]];
      if (!p || !q) continue;
      if (across && (p.bottom <= q.top || q.bottom <= p.top)) {
        out.push(acrossRows(p, q, arc));
        continue;
      }
      const x1 = p.left + p.width / 2;
      const x2 = q.left + q.width / 2;
      const y1 = p.top + 2;
      const y2 = q.top + 2;
      // higher for spans further apart, within the room the line spacing leaves above the words
      const lift = Math.min(14 + Math.abs(x2 - x1) / 12, 26);
      const top = Math.min(y1, y2) - lift;
      out.push({
        d: `M ${x1} ${y1} C ${x1} ${top}, ${x2} ${top}, ${x2} ${y2}`,
        color: arc.color,
        label: arc.label,
        lx: (x1 + x2) / 2,
        ly: top + lift * 0.25 - 2,
        directed: arc.directed,
      });
    }
  }
  return out;
}

/**
 * Arcs over `root`: over one text's words, or (`across`) over the item display, between spans of the fields inside
 * it. `text` is what, when changed, moves the words.
 */
export function LinkArcs({
  root,
  arcs,
  text,
  across = false,
}: {
  root: RefObject<HTMLElement | null>;
  arcs: readonly Arc[];
  text: string;
  across?: boolean;
}) {
  const [drawn, setDrawn] = useState<Drawn[]>([]);
  const [size, setSize] = useState({ w: 0, h: 0 });
  // a root that holds these arcs gets its ref only after their first layout effect has run
  const [rootLate, setRootLate] = useState(false);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || !arcs.length) {
      if (!el && arcs.length) setRootLate(true);
      setDrawn([]);
      return;
    }
    const measure = () => {
      // over one text the arcs are drawn in its visible box; across fields, over all of the display
      setSize(across ? { w: el.scrollWidth, h: el.scrollHeight } : { w: el.offsetWidth, h: el.offsetHeight });
      setDrawn(layout(el, arcs, across));
    };
    measure();
    // words move when the box is resized and when web fonts arrive, without the box changing size
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // and when the text, or a field inside the display, is scrolled (scroll events do not bubble: caught going down)
    el.addEventListener('scroll', measure, { capture: true, passive: true });
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
      observer.disconnect();
      el.removeEventListener('scroll', measure, { capture: true });
    };
  }, [root, arcs, text, across, rootLate]);
  if (!drawn.length) return null;
  return (
    <svg
      className={across ? 'link-arcs' : 'link-arcs in-text'}
      width={size.w}
      height={size.h}
      aria-hidden="true"
      data-testid={across ? 'field-link-arcs' : 'link-arcs'}
    >
      <defs>
        {[...new Set(drawn.filter((a) => a.directed).map((a) => a.color))].map((c) => (
          <marker
            key={c}
            id={`arrow-${c.replace(/[^\w]/g, '')}`}
            viewBox="0 0 8 8"
            refX="7"
            refY="4"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 8 4 L 0 8 z" fill={c} />
          </marker>
        ))}
      </defs>
      {drawn.map((a, i) => (
        <g key={i} className="text-arc" data-label={a.label}>
          <path
            d={a.d}
            fill="none"
            stroke={a.color}
            strokeWidth="1.6"
            markerEnd={a.directed ? `url(#arrow-${a.color.replace(/[^\w]/g, '')})` : undefined}
          />
          <text x={a.lx} y={a.ly} textAnchor="middle">
            {a.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
