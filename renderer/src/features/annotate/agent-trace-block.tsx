/**
 * Potato's agent_trace display: each turn as a step card with its type as a badge, thoughts and actions
 * numbered, a summary of the steps by type, observations that fold away, and, when the item has a run tree, a
 * sidebar of runs: picking one keeps the steps of that run and its sub-runs in view, dims the rest and scrolls
 * to the first. What the page draws under a turn (turn-level questions) stays under its card.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { DisplayBlock } from '../../shared/api/types.js';
import { EvalTracePanes } from './eval-trace-panes.js';
import { childrenOf, RunTree, subtree } from './run-tree.js';
import { onStepRequest } from './step-requests.js';
import { StepParts } from './trace-parts.js';
import { WebAgentViewer } from './web-agent-viewer.js';
import './agent-trace.css';

type Dialogue = Extract<DisplayBlock, { type: 'dialogue' }>;
type Trace = NonNullable<Dialogue['trace']>;
type Turn = Dialogue['turns'][number];

const NUMBERED = new Set(['thought', 'action']);
const SUMMARY_ORDER = ['thought', 'action', 'observation'];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Step types go into class names; anything but letters, digits and dashes is left out of them. */
const classSafe = (s: string) => s.replace(/[^a-z0-9-]/gi, '');

interface Props {
  block: Dialogue;
  trace: Trace;
  slot?: (turn: Turn, index: number) => ReactNode;
}

function Summary({ steps }: { steps: Trace['steps'] }) {
  const counts = new Map<string, number>();
  for (const s of steps) counts.set(s.type, (counts.get(s.type) ?? 0) + 1);
  const types = [
    ...SUMMARY_ORDER.filter((t) => counts.has(t)),
    ...[...counts.keys()].filter((t) => !SUMMARY_ORDER.includes(t)),
  ];
  return (
    <p className="trace-summary">
      {steps.length} {steps.length === 1 ? 'step' : 'steps'}:{' '}
      {types.map((t) => (
        <span key={t} className={`step-badge badge-${classSafe(t)}`}>
          {counts.get(t)} {t}
          {counts.get(t) === 1 ? '' : 's'}
        </span>
      ))}
    </p>
  );
}

export function AgentTraceBlock({ block, trace, slot }: Props) {
  const { options, steps } = trace;
  const rows = trace.run_tree;
  const [picked, setSelected] = useState<string | null>(null);
  // a run picked on another item's tree is no run here
  const selected = picked !== null && rows?.some((r) => r.id === picked) ? picked : null;
  const cards = useRef<(HTMLElement | null)[]>([]);
  const children = useMemo(() => childrenOf(rows ?? []), [rows]);
  const runs = selected ? subtree(children, selected) : null;
  const shown = runs
    ? block.turns.map((t, i) => (t.run !== undefined && runs.has(t.run) ? i : -1)).filter((i) => i >= 0)
    : [];
  const first = shown[0];
  // a web agent trace shows one step at a time; another item starts again at its first
  const web = options.kind === 'web_agent';
  const [current, setCurrent] = useState(0);
  const [turnsSeen, setTurnsSeen] = useState(block.turns);
  if (turnsSeen !== block.turns) {
    setTurnsSeen(block.turns);
    setCurrent(0);
  }
  const at = Math.min(current, steps.length - 1);
  // the submit check asks for a step whose question still needs an answer: show it before the focus moves there
  const field = block.key ?? '';
  useEffect(() => (web ? onStepRequest(field, (i) => flushSync(() => setCurrent(i))) : undefined), [web, field]);

  useEffect(() => {
    if (first !== undefined) cards.current[first]?.scrollIntoView({ block: 'nearest' });
  }, [selected, first]);

  if (options.kind === 'eval') return <EvalTracePanes block={block} trace={trace} slot={slot} />;
  let number = 0;
  const selectedName = rows?.find((r) => r.id === selected)?.name;
  return (
    <div className={`agent-trace${rows ? ' with-run-tree' : ''}${options.compact ? ' compact' : ''}`}>
      {rows && (
        <aside className="agent-trace-sidebar">
          <RunTree rows={rows} selected={selected} onSelect={(id) => setSelected((s) => (s === id ? null : id))} />
          <p className="trace-filter-status" role="status">
            {runs
              ? `Showing ${shown.length} of ${block.turns.length} steps: run ${selectedName ?? selected} and its sub-runs`
              : ''}
          </p>
        </aside>
      )}
      <div className="agent-trace-steps">
        {options.show_summary && <Summary steps={steps} />}
        {web && steps.length > 0 && <WebAgentViewer trace={trace} current={at} onStep={setCurrent} />}
        {options.show_rail && (
          <nav className="trace-rail" aria-label="Reasoning step navigation">
            {steps.map((s, i) => (
              <button
                key={i}
                type="button"
                className={`step-badge badge-${classSafe(s.type)}`}
                aria-label={`Go to step ${i + 1}`}
                onClick={() => cards.current[i]?.scrollIntoView({ block: 'nearest' })}
              >
                {i + 1}
              </button>
            ))}
          </nav>
        )}
        {trace.files && trace.files.length > 0 && (
          <ul className="trace-files" aria-label="Files touched">
            {trace.files.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        {block.turns.map((turn, i) => {
          const step = steps[i] ?? { type: 'observation' };
          const type = step.type;
          const n = NUMBERED.has(type) ? ++number : undefined;
          const color = options.step_type_colors[type];
          if (type === 'thought' && options.show_reasoning === false) return null;
          const dimmed = runs !== null && !(turn.run !== undefined && runs.has(turn.run));
          const text = (
            <div className="step-text" dir="auto">
              {turn.text}
            </div>
          );
          return (
            <section
              key={i}
              ref={(el) => {
                cards.current[i] = el;
              }}
              className={`trace-step step-type-${classSafe(type)}${dimmed ? ' dimmed' : ''}${runs && !dimmed ? ' in-run' : ''}`}
              style={color ? ({ '--step-bg': color } as CSSProperties) : undefined}
              data-step={i}
              data-step-type={type}
              data-run={turn.run}
              hidden={web && i !== at}
              aria-label={`Step ${i + 1}: ${type}${turn.speaker ? `, ${turn.speaker}` : ''}`}
            >
              <header className="step-header">
                {options.show_types !== false && (
                  <span className={`step-badge badge-${classSafe(type)}`}>{capital(type)}</span>
                )}
                {options.show_step_numbers && n !== undefined && <span className="step-number">#{n}</span>}
                {turn.speaker && <span className="step-speaker">{turn.speaker}</span>}
                {step.timestamp && <span className="step-timestamp">{step.timestamp}</span>}
              </header>
              {options.collapse_observations && type === 'observation' ? (
                <details className="step-collapse">
                  <summary>Show observation</summary>
                  {text}
                </details>
              ) : options.collapse_long_steps && turn.text.split('\n').length > (options.clamp_lines ?? Infinity) ? (
                <details className="step-collapse">
                  <summary>Show all {turn.text.split('\n').length} lines</summary>
                  {text}
                </details>
              ) : (
                text
              )}
              {step.parts && <StepParts parts={step.parts} options={options} />}
              {!web && step.screenshot?.src && (
                <div className="step-shot">
                  <img
                    className="step-screenshot"
                    src={step.screenshot.src}
                    alt={`Step ${i + 1} screenshot`}
                    loading="lazy"
                    style={{ maxWidth: options.screenshot_max_width, maxHeight: options.screenshot_max_height }}
                  />
                  {step.pointer && (
                    <span
                      className="step-pointer"
                      aria-hidden="true"
                      style={{ left: `${step.pointer.x}%`, top: `${step.pointer.y}%` }}
                    />
                  )}
                </div>
              )}
              {slot?.(turn, i)}
            </section>
          );
        })}
      </div>
    </div>
  );
}
