/**
 * The instance text with span highlights (background, label after the span), keyword highlights (underline)
 * and the pending selection. Labels are drawn with CSS `::after` from a data attribute, so the element's text
 * content stays exactly the instance text and DOM selections map straight to character offsets.
 */
import { useMemo, useRef } from 'react';
import { cutRuns, offsetIn, type Mark } from './segments.js';
import { LinkArcs, type Arc } from './link-arcs.js';

interface Props {
  text: string;
  marks: Mark[];
  onSelect: (start: number, end: number) => void;
  /** links between spans, drawn as arcs over the text */
  arcs?: readonly Arc[];
}

const NO_ARCS: readonly Arc[] = [];

export function AnnotatedText({ text, marks, onSelect, arcs = NO_ARCS }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const runs = useMemo(() => cutRuns(text, marks), [text, marks]);

  const onMouseUp = () => {
    const sel = window.getSelection();
    const el = root.current;
    if (!sel || sel.isCollapsed || !el || sel.rangeCount === 0) return;
    const range = sel.getRangeAt(0);
    if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return;
    let start = offsetIn(el, range.startContainer, range.startOffset);
    let end = offsetIn(el, range.endContainer, range.endOffset);
    // a drag that ends on whitespace should not make a span that starts or ends with it
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (start < end) onSelect(start, end);
  };

  // the arcs are a sibling of the text, not inside it, so the text's DOM holds exactly the instance text
  return (
    <div className="instance-text-wrap">
      <div
        ref={root}
        className={`instance-text${arcs.length ? ' has-arcs' : ''}`}
        data-testid="instance-text"
        dir="auto"
        onMouseUp={onMouseUp}
      >
        {runs.map((run) => {
          const span = [...run.marks].reverse().find((m) => m.kind === 'span');
          const keyword = run.marks.find((m) => m.kind === 'keyword');
          const selected = run.marks.some((m) => m.kind === 'selection');
          if (!span && !keyword && !selected) return <span key={run.start}>{run.text}</span>;
          const style: Record<string, string> = {};
          if (span) style.background = `${span.color}40`;
          if (span) style.boxShadow = `inset 0 -2px 0 ${span.color}`;
          if (keyword) style.textDecorationColor = keyword.color;
          const title = [
            ...run.marks.filter((m) => m.kind === 'span').map((m) => `span: ${m.label}`),
            ...run.marks.filter((m) => m.kind === 'keyword').map((m) => `keyword: ${m.label}`),
          ].join(', ');
          return (
            <mark
              key={run.start}
              className={[span && 'span-mark', keyword && 'keyword-mark', selected && 'selection-mark']
                .filter(Boolean)
                .join(' ')}
              style={style}
              title={title || undefined}
              data-label={run.endsLabels.length ? run.endsLabels.join(', ') : undefined}
            >
              {run.text}
            </mark>
          );
        })}
      </div>
      <LinkArcs root={root} arcs={arcs} text={text} />
    </div>
  );
}
