/**
 * What the agent-trace types share on the annotate screen: the steps of the trace the item holds (read as the
 * server reads them: the configured field of each step, else its content, text or action), and a list of step
 * cards the keyboard moves through. In the list ↑/↓ go to the previous/next step, the number row answers the
 * focused step (its type says how), and Delete clears it; Tab reaches a step's other controls.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CurrentInstance, Scheme } from '../../../shared/api/types.js';
import type { Command } from '../../../shared/keymap/keymap.js';
import { setValue, type Answers } from '../answers.js';
import { focusChosen } from '../question-focus.js';
import { extraOf, fieldOf } from './options.js';
import { Legend } from './parts.js';
import { asText, stepAgent, type TraceKeys } from '../../../../../shared/schemes/agent-trace.js';
import './trace-steps.css';

export { asText, type TraceKeys };

export interface TraceStep {
  index: number;
  text: string;
  agent: string;
  /** the step as the item gives it (a string or an object) */
  raw: unknown;
}

const TEXT_FIELDS = ['content', 'text', 'action', 'reasoning', 'thought'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The item's steps, or null when it holds no list under the scheme's steps key. */
export function traceSteps(scheme: Scheme, instance: CurrentInstance | undefined): TraceStep[] | null {
  const k = extraOf<TraceKeys>(scheme);
  const list = instance?.data[k.steps_key];
  if (!Array.isArray(list)) return null;
  return list.map((raw, index) => {
    let text = asText(raw);
    let agent = '';
    if (isObject(raw)) {
      const textField = [k.step_text_key, ...TEXT_FIELDS].find((f) => raw[f] !== undefined && raw[f] !== '');
      text = textField ? asText(raw[textField]) : JSON.stringify(raw);
      agent = stepAgent(raw, k.agent_key);
    }
    return { index, text, agent, raw };
  });
}

/** The scheme's stored answer, parsed; `empty` when there is none. */
export function storedAnswer<T>(answers: Answers, scheme: Scheme, empty: T): T {
  const raw = fieldOf(answers, scheme.name, scheme.name);
  return raw ? (JSON.parse(raw) as T) : empty;
}

/** Sets (or, with null, clears) the scheme's answer. */
export const setAnswer = (a: Answers, scheme: Scheme, value: unknown): Answers =>
  setValue(a, scheme.name, scheme.name, value === null ? '' : JSON.stringify(value));

/** The in-list keys, for the `?` overlay; `answer` says what the number row does in this type. */
export const stepKeys = (scheme: string, answer: string, more: Command[] = []): Command[] => [
  { keys: ['↑', '↓'], label: `${scheme}: previous / next step` },
  { keys: ['1–9'], label: `${scheme}: ${answer}` },
  { keys: ['Delete'], label: `${scheme}: clear the focused step` },
  ...more,
];

const DIGITS = '1234567890';
const typing = (el: EventTarget) =>
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  (el instanceof HTMLInputElement && el.type !== 'radio' && el.type !== 'checkbox');

/** Focuses a step card's first control (its chosen one when it has one). */
function focusStep(card: Element | null) {
  focusChosen(card, 'input, button, select, textarea')?.scrollIntoView({ block: 'nearest' });
}

/**
 * The step cards. `onDigit` answers the step with the n-th option (0-based) and says whether to go on to the
 * next step; `onClear` clears it.
 */
export function StepList({
  scheme,
  steps,
  className,
  head,
  foot,
  children,
  onDigit,
  onClear,
  stepClass,
  unit = 'Step',
  picture,
}: {
  scheme: Scheme;
  steps: TraceStep[] | null;
  className: string;
  head?: ReactNode;
  foot?: ReactNode;
  children: (step: TraceStep) => ReactNode;
  onDigit?: (step: TraceStep, n: number) => boolean;
  onClear?: (step: TraceStep) => void;
  stepClass?: (step: TraceStep) => string;
  /** what a card is called ("Step", "Call") */
  unit?: string;
  /** an image the step shows above its controls (a screenshot) */
  picture?: (step: TraceStep) => ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !steps || typing(e.target)) return;
    const card = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[data-step]') : null;
    if (!card) return;
    const step = steps[Number(card.dataset.step)];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusStep(e.key === 'ArrowDown' ? card.nextElementSibling : card.previousElementSibling);
      return;
    }
    const digit = DIGITS.indexOf(e.key);
    if (digit >= 0 && onDigit) {
      e.preventDefault();
      // The answer is rendered before the focus moves (it lands on the chosen option), and both happen before
      // this key's event ends, so a key typed right after goes where the focus is shown. The last card keeps it.
      let onward = false;
      flushSync(() => {
        onward = onDigit(step, digit);
      });
      focusStep(onward ? (card.nextElementSibling ?? card) : card);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && onClear) {
      e.preventDefault();
      flushSync(() => onClear(step));
      focusStep(card);
    }
  };
  const k = extraOf<TraceKeys>(scheme);
  return (
    <fieldset className={`scheme scheme-trace ${className}`} data-scheme={scheme.name} onKeyDown={onKeyDown}>
      <Legend scheme={scheme} />
      {head}
      {steps ? (
        <ol className="trace-steps">
          {steps.map((s) => (
            <li
              key={s.index}
              data-step={s.index}
              className={`trace-step ${stepClass?.(s) ?? ''}`}
              aria-label={`${unit} ${s.index + 1}${s.agent ? ` (${s.agent})` : ''}`}
            >
              <div className="trace-step-head">
                <span className="trace-step-number">
                  {unit} {s.index + 1}
                </span>
                {s.agent && <span className="trace-step-agent">{s.agent}</span>}
              </div>
              <div className="trace-step-text">{s.text}</div>
              {picture?.(s)}
              {children(s)}
            </li>
          ))}
        </ol>
      ) : (
        <p className="trace-none">
          No steps yet: this item holds none under “{k.steps_key}”. No agent is run here, so a session’s steps come with
          the item’s data.
        </p>
      )}
      {foot}
    </fieldset>
  );
}
