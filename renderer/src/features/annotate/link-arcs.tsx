/**
 * Links between spans drawn as arcs over the instance text: an SVG laid over the text box, each arc from the top
 * of one span's first line box to the next span's, labelled at its top, with an arrowhead on directed links. The
 * places come from DOM ranges over the text's character offsets, measured again whenever the text box changes
 * size, so wrapping and zoom move the arcs with the words. Read-only: links are made in their scheme's field.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface Arc {
  /** the spans joined, in order (source first when directed) */
  spans: { start: number; end: number }[];
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

/** A DOM position for a character offset of the root's text (the labels are CSS, so text nodes are the text). */
function positionOf(root: Node, offset: number): { node: Node; offset: number } | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const length = n.textContent?.length ?? 0;
    if (offset <= seen + length) return { node: n, offset: offset - seen };
    seen += length;
  }
  return null;
}

/** The first line box of a span, relative to the root's box. */
function boxOf(root: HTMLElement, start: number, end: number): DOMRect | null {
  const a = positionOf(root, start);
  const b = positionOf(root, end);
  if (!a || !b) return null;
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  const first = [...range.getClientRects()].find((r) => r.width > 0);
  if (!first) return null;
  const origin = root.getBoundingClientRect();
  return new DOMRect(first.left - origin.left, first.top - origin.top, first.width, first.height);
}

function layout(root: HTMLElement, arcs: readonly Arc[]): Drawn[] {
  const out: Drawn[] = [];
  for (const arc of arcs) {
    const boxes = arc.spans.map((s) => boxOf(root, s.start, s.end));
    for (let i = 0; i + 1 < boxes.length; i++) {
      const [p, q] = [boxes[i], boxes[i + 1]];
      if (!p || !q) continue;
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

export function LinkArcs({
  root,
  arcs,
  text,
}: {
  root: RefObject<HTMLElement | null>;
  arcs: readonly Arc[];
  text: string;
}) {
  const [drawn, setDrawn] = useState<Drawn[]>([]);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || !arcs.length) {
      setDrawn([]);
      return;
    }
    const measure = () => {
      setSize({ w: el.scrollWidth, h: el.scrollHeight });
      setDrawn(layout(el, arcs));
    };
    measure();
    // words move when the box is resized and when web fonts arrive, without the box changing size
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [root, arcs, text]);
  if (!drawn.length) return null;
  return (
    <svg className="link-arcs" width={size.w} height={size.h} aria-hidden="true" data-testid="link-arcs">
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
