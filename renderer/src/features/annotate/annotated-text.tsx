/**
 * The instance text with span highlights (background, label after the span), keyword highlights (underline)
 * and the pending selection. Labels are drawn with CSS `::after` from a data attribute, so the element's text
 * content stays exactly the instance text and DOM selections map straight to character offsets.
 */
import { useMemo, useRef } from 'react';
import { cutRuns, type Mark } from './segments.js';
import { LinkArcs, type Arc } from './link-arcs.js';
import { selectedRange, useTouchSelection } from './use-touch-selection.js';

interface Props {
  text: string;
  marks: Mark[];
  onSelect: (start: number, end: number) => void;
  /** links between spans, drawn as arcs over the text */
  arcs?: readonly Arc[];
  /** a span target field other than the text: its key, which the page and the arcs across fields find it by */
  field?: string;
  /** where the keyboard selects, when the item has more than one span target */
  keyTarget?: KeyTarget;
}

/**
 * An item with several span targets makes each a tab stop named for its field; the one `s` selects in is outlined
 * (and named under the text), so the annotator sees and chooses where the keys act.
 */
export interface KeyTarget {
  name: string;
  active: boolean;
  onFocus(): void;
}

/** The attributes of a span target's element: found by the keys as `[data-span-root]` (empty for the text). */
export function keyTargetProps(field: string | undefined, target: KeyTarget | undefined) {
  return {
    'data-span-root': field ?? '',
    ...(target && {
      tabIndex: 0,
      role: 'group',
      'aria-label': `${target.name}: press s to select words`,
      'data-keyboard-target': target.active || undefined,
      onFocus: target.onFocus,
    }),
  };
}

const NO_ARCS: readonly Arc[] = [];

const excerpt = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/** The text cut into runs under the same marks: spans as a background with the label after their last run. */
export function MarkedRuns({ text, marks }: { text: string; marks: Mark[] }) {
  const runs = useMemo(() => cutRuns(text, marks), [text, marks]);
  return (
    <>
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
    </>
  );
}

export function AnnotatedText({ text, marks, onSelect, arcs = NO_ARCS, field, keyTarget }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const touch = useTouchSelection(root, text);
  const picked = touch.range;

  const onMouseUp = () => {
    const range = root.current && selectedRange(root.current, text);
    if (range) onSelect(range.start, range.end);
  };

  // the arcs are a sibling of the text, not inside it, so the text's DOM holds exactly the instance text
  return (
    <div className="instance-text-wrap">
      <div
        ref={root}
        className={`instance-text${arcs.length ? ' has-arcs' : ''}`}
        data-testid={field === undefined ? 'instance-text' : 'field-text'}
        data-span-field={field}
        {...keyTargetProps(field, keyTarget)}
        dir="auto"
        onMouseUp={onMouseUp}
      >
        <MarkedRuns text={text} marks={marks} />
      </div>
      <LinkArcs root={root} arcs={arcs} text={text} />
      {picked && (
        <button
          type="button"
          className="label-selection"
          onClick={() => {
            touch.clear();
            onSelect(picked.start, picked.end);
          }}
        >
          Label selected text: “{excerpt(text.slice(picked.start, picked.end))}”
        </button>
      )}
    </div>
  );
}
