/**
 * A dialogue as a span target (Potato's `span_target: true` on a dialogue field): its turns' texts joined by
 * newlines are the text span offsets index, so each turn's text carries where it starts (`data-span-offset`) and
 * shows the marks that fall in it; a selection over the turns (on a speaker's name too) becomes offsets into it.
 */
import { useMemo, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { keyTargetProps, MarkedRuns, type KeyTarget } from './annotated-text.js';
import { LinkArcs, type Arc } from './link-arcs.js';
import type { Mark } from './segments.js';
import { selectedRange } from './use-touch-selection.js';

export interface DialogueSpans {
  field: string;
  marks: Mark[];
  arcs?: readonly Arc[];
  onSelect(start: number, end: number): void;
  keyTarget?: KeyTarget;
}

const NO_ARCS: readonly Arc[] = [];

/** The text a dialogue's span offsets index: its turns' texts joined by newlines, as the server reads it. */
export const dialogueText = (turns: readonly { text: string }[]) => turns.map((t) => t.text).join('\n');

/** Where each turn's text starts in the dialogue's text. */
export function turnStarts(turns: readonly { text: string }[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const t of turns) {
    out.push(at);
    at += t.text.length + 1;
  }
  return out;
}

/** A turn's text with the marks falling in it, at its own offsets; a span running on is labelled where it ends. */
export function TurnText({ text, offset, marks }: { text: string; offset: number; marks: Mark[] }) {
  const own = useMemo(
    () =>
      marks
        .filter((m) => m.end > offset && m.start < offset + text.length)
        .map((m) => ({
          ...m,
          start: Math.max(0, m.start - offset),
          end: Math.min(text.length, m.end - offset),
          label: m.end <= offset + text.length ? m.label : undefined,
        })),
    [marks, offset, text.length],
  );
  return (
    <span className="turn-text" data-span-offset={offset}>
      <MarkedRuns text={text} marks={own} />
    </span>
  );
}

/** The turns' element as a span target: selected in by mouse, found by the keys, with the links between turns. */
export function DialogueSpanRoot({
  spans,
  text,
  className,
  children,
  paneRef,
  style,
}: {
  spans: DialogueSpans;
  text: string;
  className: string;
  children: ReactNode;
  /** the element itself, for its owner (an audio dialogue scrolls the turn heard into view) */
  paneRef?: RefObject<HTMLDivElement | null>;
  style?: CSSProperties;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const own = useRef<HTMLDivElement>(null);
  const root = paneRef ?? own;
  const onMouseUp = () => {
    const range = root.current && selectedRange(root.current, text);
    if (range) spans.onSelect(range.start, range.end);
  };
  return (
    <div ref={wrap} className="dialogue-spans">
      <div
        ref={root}
        className={`${className} span-dialogue`}
        style={style}
        data-span-field={spans.field}
        {...keyTargetProps(spans.field, spans.keyTarget)}
        onMouseUp={onMouseUp}
      >
        {children}
      </div>
      <LinkArcs root={wrap} arcs={spans.arcs ?? NO_ARCS} text={text} across />
    </div>
  );
}
