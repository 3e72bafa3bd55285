/**
 * The agent-trace types that give each step (or tool call) one verdict: gui_trajectory (the step's screenshot,
 * with a marker where a click landed), multimodal_reasoning (text, image and action steps) and tool_call_review
 * (each tool call's name and arguments). The number row gives the focused card the n-th verdict; Tab reaches its
 * notes.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, asText, setAnswer, stepKeys, storedAnswer, traceSteps, type TraceStep } from './trace-steps.js';

interface Verdict {
  index: number;
  verdict: string;
  notes: string;
}

interface VerdictKeys {
  verdict_options: string[];
  screenshot_key?: string;
  action_key?: string;
  coord_space?: 'normalized' | 'pixels';
  type_key?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const humanize = (s: string) => s.replace(/_/g, ' ');
const verdictsOf = (a: Answers, scheme: Scheme) => storedAnswer<Verdict[]>(a, scheme, []);

/** The trace's tool calls as cards, read where the server reads them. */
function callCards(steps: TraceStep[] | null): TraceStep[] | null {
  if (!steps) return null;
  const out: TraceStep[] = [];
  for (const s of steps) {
    const raw = s.raw;
    if (!isObject(raw)) continue;
    const calls = Array.isArray(raw.tool_calls) ? raw.tool_calls : raw.tool_call ? [raw.tool_call] : null;
    const add = (tool: unknown, args: unknown) =>
      out.push({
        index: out.length,
        text: `${asText(tool ?? 'tool')}(${JSON.stringify(args ?? {}, null, 1)})`,
        agent: `in step ${s.index + 1}`,
        raw,
      });
    if (calls?.length)
      for (const c of calls) {
        const call = isObject(c) ? c : {};
        add(call.name ?? call.tool, call.args ?? call.arguments ?? call.input);
      }
    else if (raw.tool || raw.action_type === 'tool') add(raw.tool ?? raw.name, raw.args ?? raw.arguments ?? raw.input);
  }
  return out;
}

/** An image a step carries inline (a data: URL): the page's policy lets those show, not remote ones. */
function picture(scheme: Scheme, step: TraceStep) {
  const k = extraOf<VerdictKeys>(scheme);
  if (!isObject(step.raw)) return null;
  const raw = step.raw;
  const src = [k.screenshot_key, 'screenshot', 'image']
    .map((f) => (f ? raw[f] : undefined))
    .find((v) => typeof v === 'string');
  if (typeof src !== 'string') return null;
  if (!src.startsWith('data:image/')) return <p className="trace-hint">Image: {src}</p>;
  const x = Number(raw.x);
  const y = Number(raw.y);
  const marked = k.coord_space === 'normalized' && Number.isFinite(x) && Number.isFinite(y);
  const caption = typeof raw.caption === 'string' ? raw.caption : '';
  return (
    <div className="trace-picture">
      <img src={src} alt={caption || `Step ${step.index + 1} screenshot`} />
      {marked && (
        <span
          className="trace-click"
          style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
          title={`click at ${x}, ${y}`}
        />
      )}
    </div>
  );
}

/** The step's text: the action for a GUI step, the step's kind before it for interleaved reasoning. */
function withKind(scheme: Scheme, steps: TraceStep[] | null): TraceStep[] | null {
  const k = extraOf<VerdictKeys>(scheme);
  if (!steps) return null;
  return steps.map((s) => {
    if (!isObject(s.raw)) return s;
    const action = k.action_key ? s.raw[k.action_key] : undefined;
    const kind = k.type_key ? s.raw[k.type_key] : undefined;
    const caption = typeof s.raw.caption === 'string' ? s.raw.caption : '';
    const text = action !== undefined ? asText(action) : kind === 'image' && caption ? caption : s.text;
    return { ...s, text: typeof kind === 'string' ? `[${kind}] ${text}` : text };
  });
}

function verdictField(calls: boolean) {
  return function VerdictField({ scheme, answers, update, instance }: FieldProps) {
    const k = extraOf<VerdictKeys>(scheme);
    const steps = traceSteps(scheme, instance);
    const cards = calls ? callCards(steps) : withKind(scheme, steps);
    const list = verdictsOf(answers, scheme);
    const of = (i: number) => list.find((v) => v.index === i);
    const change = (i: number, patch: Partial<Verdict>) =>
      update((a) => {
        const all = verdictsOf(a, scheme);
        const was = all.find((v) => v.index === i) ?? { index: i, verdict: '', notes: '' };
        const next = { ...was, ...patch };
        const rest = all.filter((v) => v.index !== i);
        if (next.verdict || next.notes.trim()) rest.push(next);
        rest.sort((x, y) => x.index - y.index);
        return setAnswer(a, scheme, rest.length ? rest : null);
      });
    const unit = calls ? 'Call' : 'Step';
    return (
      <StepList
        scheme={scheme}
        steps={cards}
        unit={unit}
        className={`scheme-${scheme.annotation_type}`}
        picture={calls ? undefined : (s) => picture(scheme, s)}
        stepClass={(s) => (of(s.index)?.verdict ? 'tagged' : '')}
        onDigit={(s, n) => {
          const v = k.verdict_options[n];
          if (!v) return false;
          change(s.index, { verdict: of(s.index)?.verdict === v ? '' : v });
          return true;
        }}
        onClear={(s) => change(s.index, { verdict: '', notes: '' })}
      >
        {(s) => (
          <>
            <Options
              name={`scheme-${scheme.name}-${s.index}`}
              label={`${unit} ${s.index + 1} verdict`}
              chosen={of(s.index)?.verdict ?? ''}
              options={k.verdict_options.map((v, i) => ({
                value: v,
                text: humanize(v),
                binding: i < 10 ? '1234567890'[i] : undefined,
              }))}
              keyOf={(b) => b}
              onPick={(v) => change(s.index, { verdict: v })}
            />
            <input
              className="trace-notes"
              aria-label={`${unit} ${s.index + 1} notes`}
              placeholder="Notes"
              value={of(s.index)?.notes ?? ''}
              onChange={(e) => change(s.index, { notes: e.target.value })}
            />
          </>
        )}
      </StepList>
    );
  };
}

const verdictUi = (calls: boolean): SchemeUi => ({
  kind: 'value',
  Field: verdictField(calls),
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      `give the focused ${calls ? 'call' : 'step'} a verdict (${extraOf<VerdictKeys>(s).verdict_options.slice(0, 9).map(humanize).join(', ')})`,
      [{ keys: ['Tab'], label: `${s.name}: the ${calls ? 'call' : 'step'}'s notes` }],
    ),
  applyAnswer: (a, scheme, value) => setAnswer(a, scheme, Array.isArray(value) && value.length ? value : null),
});

export const guiTrajectory = verdictUi(false);
export const multimodalReasoning = verdictUi(false);
export const toolCallReview = verdictUi(true);
