/**
 * Potato's eval trace: one trace in three side-by-side panes under their headers (`pane_labels`): the reasoning,
 * the function calls with each call's results nested under it, and the final answer. With `link_steps`, each card's
 * Link button (or a click on the card) lights the cards of its cycle in every pane; Escape, a second press or a
 * click beside the cards clears it. The panes stack when the trace's column is narrow.
 */
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import type { DisplayBlock } from '../../shared/api/types.js';
import { StepParts } from './trace-parts.js';
import './eval-trace.css';

type Dialogue = Extract<DisplayBlock, { type: 'dialogue' }>;
type Trace = NonNullable<Dialogue['trace']>;
type Turn = Dialogue['turns'][number];
type Place = NonNullable<Trace['panes']>[number];

const PANES = ['reasoning', 'calls', 'answer'] as const;
const DEFAULT_LABELS = ['Reasoning', 'Function Calls', 'Final Answer'];
const NUMBERED = new Set(['thought', 'action']);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const classSafe = (s: string) => s.replace(/[^a-z0-9-]/gi, '');
/** The called tool's name: the turn's own, else the name before `(` in its text. */
const toolOf = (turn: Turn) => turn.tool ?? /^\s*([\w.-]+)\s*\(/.exec(turn.text)?.[1];
/** Clicks on these inside a card are theirs, not the card's. */
const OWN_CLICK = 'button, a, input, select, textarea, summary, label';

interface Props {
  block: Dialogue;
  trace: Trace;
  slot?: (turn: Turn, index: number) => ReactNode;
}

function Result({ turn, trace }: { turn: Turn; trace: Trace }) {
  const { options } = trace;
  const lines = turn.text.split('\n');
  const text = (
    <pre className="eval-result-text" dir="auto">
      ↳ {turn.text}
    </pre>
  );
  if (!options.collapse_long_outputs || lines.length <= (options.max_output_lines ?? Infinity)) return text;
  return (
    <details className="part-fold">
      <summary>Show all {lines.length} lines of the result</summary>
      {text}
    </details>
  );
}

export function EvalTracePanes({ block, trace, slot }: Props) {
  const { options, steps } = trace;
  const places: Place[] = trace.panes ?? steps.map(() => ({ pane: 'calls' }));
  const labels = options.pane_labels ?? DEFAULT_LABELS;
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [turnsSeen, setTurnsSeen] = useState(block.turns);
  // another item's cycles are not this one's
  if (turnsSeen !== block.turns) {
    setTurnsSeen(block.turns);
    setPicked(null);
  }
  const linking = options.link_steps === true;
  const toggle = (link: number | undefined) => setPicked((p) => (link === undefined || p === link ? null : link));
  // results sit inside their call's card, so the cards lit are the cycle's steps that are not results
  const lit = picked === null ? 0 : places.filter((p) => p.link === picked && p.result_of === undefined).length;

  const numbers: (number | undefined)[] = [];
  let n = 0;
  steps.forEach((s) => numbers.push(NUMBERED.has(s.type) ? ++n : undefined));

  const card = (i: number) => {
    const turn = block.turns[i];
    const step = steps[i];
    const place = places[i];
    const link = place.link;
    const on = picked !== null && link === picked;
    const results = places.flatMap((p, j) => (p.result_of === i ? [j] : []));
    const tool = place.pane === 'calls' ? toolOf(turn) : undefined;
    const onClick = (e: MouseEvent) => {
      e.stopPropagation();
      if (!linking || (e.target as Element).closest(OWN_CLICK) || !window.getSelection()?.isCollapsed) return;
      toggle(link);
    };
    return (
      <article
        key={i}
        className={`trace-step eval-card step-type-${classSafe(step.type)}${on ? ' eval-linked' : ''}`}
        data-step={i}
        data-link={link}
        aria-label={`Step ${i + 1}: ${step.type}${turn.speaker ? `, ${turn.speaker}` : ''}`}
        onClick={onClick}
      >
        <header className="step-header">
          {place.pane !== 'answer' && (
            <span className={`step-badge badge-${classSafe(step.type)}`}>{capital(step.type)}</span>
          )}
          {options.show_step_numbers && numbers[i] !== undefined && <span className="step-number">#{numbers[i]}</span>}
          {tool && <code className="eval-tool-badge">{tool}</code>}
          {turn.speaker && <span className="step-speaker">{turn.speaker}</span>}
          {linking && link !== undefined && (
            <button
              type="button"
              className="eval-link-button"
              aria-pressed={on}
              aria-label={`Link step ${i + 1} across the panes`}
              onClick={() => toggle(link)}
            >
              Link
            </button>
          )}
        </header>
        <div className="step-text" dir="auto">
          {turn.text}
        </div>
        {step.parts && <StepParts parts={step.parts} options={options} />}
        {slot?.(turn, i)}
        {results.map((j) => (
          <div key={j} className="eval-result" data-step={j}>
            <Result turn={block.turns[j]} trace={trace} />
            {slot?.(block.turns[j], j)}
          </div>
        ))}
      </article>
    );
  };

  return (
    <div
      className={`eval-trace${options.compact ? ' compact' : ''}`}
      onClick={() => setPicked(null)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && picked !== null) {
          e.stopPropagation();
          setPicked(null);
        }
      }}
    >
      <div className="eval-panes">
        {PANES.map((pane, p) => {
          const shown = places.flatMap((pl, i) => (pl.pane === pane && pl.result_of === undefined ? [i] : []));
          return (
            <section key={pane} className={`eval-pane eval-pane-${pane}`} aria-labelledby={`${id}-${pane}`}>
              <h2 className="eval-pane-header" id={`${id}-${pane}`}>
                {labels[p]}
              </h2>
              {shown.map(card)}
              {shown.length === 0 && (
                <p className="eval-pane-empty">
                  {pane === 'answer' ? 'No final answer' : pane === 'calls' ? 'No function calls' : 'No reasoning'}
                </p>
              )}
            </section>
          );
        })}
      </div>
      {linking && (
        <p className="visually-hidden" role="status">
          {picked === null ? '' : `${lit} linked ${lit === 1 ? 'card' : 'cards'} lit across the panes`}
        </p>
      )}
    </div>
  );
}
