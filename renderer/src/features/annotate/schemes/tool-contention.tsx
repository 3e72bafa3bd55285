/**
 * tool_contention: a card per contention region (calls of different agents on one resource at overlapping times,
 * found as the server finds them), listing its calls with their times; the number row classifies the focused
 * region with the n-th contention label and moves on, Delete clears it.
 */
import type { CurrentInstance, Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import { Options, extraOf } from './options.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { StepList, asText, setAnswer, stepKeys, storedAnswer, type TraceKeys, type TraceStep } from './trace-steps.js';

interface ContentionKeys {
  resource_key: string;
  contention_labels: string[];
}

type Labels = { contentions: Record<string, string> };
interface Call {
  i: number;
  resource: string;
  start: number;
  end: number;
  agent: string;
  tool: string;
}

const labelsOf = (a: Answers, scheme: Scheme) => storedAnswer<Labels>(a, scheme, { contentions: {} }).contentions;
const humanize = (s: string) => s.replace(/_/g, ' ');

/** The regions: runs of overlapping calls on one resource, two calls or more, by start time. */
function regionsOf(scheme: Scheme, instance: CurrentInstance | undefined): TraceStep[] | null {
  const k = extraOf<TraceKeys & ContentionKeys>(scheme);
  const list = instance?.data[k.steps_key];
  if (!Array.isArray(list)) return null;
  const calls: Call[] = list.flatMap((c: unknown, i) => {
    if (typeof c !== 'object' || c === null) return [];
    const r = c as Record<string, unknown>;
    const start = Number(r.start);
    const end = Number(r.end);
    const resource = r[k.resource_key];
    if (typeof resource !== 'string' || !resource || !Number.isFinite(start) || !Number.isFinite(end)) return [];
    return [{ i, resource, start, end, agent: asText(r[k.agent_key] ?? r.agent), tool: asText(r.tool ?? r.name) }];
  });
  const regions: Call[][] = [];
  for (const resource of new Set(calls.map((c) => c.resource))) {
    const on = calls.filter((c) => c.resource === resource).sort((a, b) => a.start - b.start || a.i - b.i);
    let run = [on[0]];
    let until = on[0].end;
    for (const c of [...on.slice(1), null]) {
      if (c && c.start < until) {
        run.push(c);
        until = Math.max(until, c.end);
        continue;
      }
      if (run.length > 1) regions.push([...run].sort((a, b) => a.i - b.i));
      if (c) {
        run = [c];
        until = c.end;
      }
    }
  }
  regions.sort((a, b) => Math.min(...a.map((c) => c.start)) - Math.min(...b.map((c) => c.start)) || a[0].i - b[0].i);
  return regions.map((calls, index) => ({
    index,
    agent: calls[0].resource,
    text: calls.map((c) => `${c.agent}: ${c.tool} (${c.start}–${c.end})`).join('\n'),
    raw: calls,
  }));
}

function ContentionField({ scheme, answers, update, instance }: FieldProps) {
  const k = extraOf<ContentionKeys>(scheme);
  const regions = regionsOf(scheme, instance);
  const labels = labelsOf(answers, scheme);
  const set = (region: number, label: string) =>
    update((a) => {
      const all = { ...labelsOf(a, scheme) };
      if (label) all[region] = label;
      else delete all[region];
      const keys = Object.keys(all).sort((x, y) => Number(x) - Number(y));
      return setAnswer(
        a,
        scheme,
        keys.length ? { contentions: Object.fromEntries(keys.map((r) => [r, all[r]])) } : null,
      );
    });
  return (
    <StepList
      scheme={scheme}
      steps={regions}
      unit="Region"
      className="scheme-tool_contention"
      head={
        regions && !regions.length ? <p className="trace-hint">No two calls touch a resource at once here.</p> : null
      }
      stepClass={(s) => (labels[s.index] ? 'tagged' : '')}
      onDigit={(s, n) => {
        const label = k.contention_labels[n];
        if (!label) return false;
        set(s.index, labels[s.index] === label ? '' : label);
        return true;
      }}
      onClear={(s) => set(s.index, '')}
    >
      {(s) => (
        <Options
          name={`scheme-${scheme.name}-${s.index}`}
          label={`Region ${s.index + 1} (${s.agent})`}
          chosen={labels[s.index] ?? ''}
          options={k.contention_labels.map((l, i) => ({
            value: l,
            text: humanize(l),
            binding: i < 10 ? String((i + 1) % 10) : undefined,
          }))}
          keyOf={(b) => b}
          onPick={(l) => set(s.index, l)}
        />
      )}
    </StepList>
  );
}

export const toolContention: SchemeUi = {
  kind: 'value',
  Field: ContentionField,
  fieldKeys: (s) =>
    stepKeys(
      s.name,
      `classify the focused contention region (${extraOf<ContentionKeys>(s).contention_labels.slice(0, 10).map(humanize).join(', ')})`,
    ),
  applyAnswer: (a, scheme, value) => {
    const c = value && typeof value === 'object' ? (value as Labels).contentions : null;
    return setAnswer(a, scheme, c && Object.keys(c).length ? { contentions: c } : null);
  },
};
