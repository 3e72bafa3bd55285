/**
 * tool_contention: the item lists the tool calls of several agents with the resource each touches and when
 * (`{agent, tool, resource, start, end}` under `calls_key`); a contention region is a run of calls on the same
 * resource whose times overlap, and the annotator classifies each region with one of `contention_labels`. Regions
 * are found in the item, numbered from 0 by start time. Stored as Potato stores it: `"<scheme>:<scheme>"` → JSON
 * {"contentions": {region: label}}, only the regions classified.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError } from '../module.js';
import { isRecord } from '../answer-fields.js';
import { ownKeys, stepIndex, stepsOf, traceKeys, traceOf, traceType } from '../trace-steps.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);
const config = z.looseObject({
  ...traceKeys.shape,
  calls_key: z.string().min(1).optional(),
  resource_key: z.string().min(1).optional(),
  contention_labels: names.optional(),
});

interface ContentionKeys {
  resource_key: string;
  contention_labels: string[];
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as ContentionKeys;

/** The calls of each region: indexes into the item's calls. */
function contentionRegions(calls: readonly unknown[], resourceKey: string): number[][] {
  const timed = calls.flatMap((c, i) => {
    if (!isRecord(c)) return [];
    const resource = c[resourceKey];
    const start = Number(c.start);
    const end = Number(c.end);
    if (typeof resource !== 'string' || !resource || !Number.isFinite(start) || !Number.isFinite(end)) return [];
    return [{ i, resource, start, end }];
  });
  const regions: { calls: number[]; start: number }[] = [];
  for (const resource of new Set(timed.map((c) => c.resource))) {
    const on = timed.filter((c) => c.resource === resource).sort((a, b) => a.start - b.start || a.i - b.i);
    let run = [on[0]];
    let until = on[0].end;
    const close = () => {
      if (run.length > 1) regions.push({ calls: run.map((c) => c.i).sort((a, b) => a - b), start: run[0].start });
    };
    for (const c of on.slice(1)) {
      if (c.start < until) {
        run.push(c);
        until = Math.max(until, c.end);
      } else {
        close();
        run = [c];
        until = c.end;
      }
    }
    close();
  }
  return regions.sort((a, b) => a.start - b.start || a.calls[0] - b.calls[0]).map((r) => r.calls);
}

type Labels = { contentions: Record<string, string> };

function parse(scheme: Scheme, value: unknown): Labels | AnswerError | null {
  const labels = keysOf(scheme).contention_labels;
  if (!isRecord(value) || !isRecord(value.contentions ?? {}))
    return new AnswerError('a tool contention answer is {"contentions": {region: label}}');
  const given = (value.contentions ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [region, label] of Object.entries(given)) {
    if (!stepIndex(Number(region)) || String(Number(region)) !== region)
      return new AnswerError(`contentions: ${JSON.stringify(region)} is not a region number (a whole number from 0)`);
    if (label === null || label === '') continue;
    if (typeof label !== 'string' || !labels.includes(label))
      return new AnswerError(`contentions.${region}: ${JSON.stringify(label)} is not one of ${labels.join(', ')}`);
    out[region] = label;
  }
  const regions = Object.keys(out).sort((a, b) => Number(a) - Number(b));
  return regions.length ? { contentions: Object.fromEntries(regions.map((r) => [r, out[r]])) } : null;
}

export const toolContention = traceType({
  type: 'tool_contention',
  config,
  keys: Object.keys(config.shape),
  stepsDefault: { key: 'calls_key', field: 'calls' },
  normalize: (scheme, parsed, fail) =>
    ownKeys<ContentionKeys>(
      scheme,
      parsed,
      { resource_key: 'resource', contention_labels: ['deadlock', 'circular_wait', 'race_condition', 'benign'] },
      fail,
      { contention_labels: 'label' },
    ),
  parse,
  checkSteps(scheme, stored, calls) {
    const count = contentionRegions(calls, keysOf(scheme).resource_key).length;
    for (const region of Object.keys((stored as unknown as Labels).contentions))
      if (Number(region) >= count)
        return new AnswerError(
          `contentions: region ${region} is past the item's contention regions (it has ${count}, numbered from 0)`,
        );
    return null;
  },
  perStep: (_scheme, stored) => (stored as unknown as Labels).contentions,
  stored: '"<scheme>:<scheme>" → JSON text of {"contentions": {region: label}}, one entry per region classified',
  answerShape: z.object({
    contentions: z.record(
      z.string().describe('a contention region, numbered from 0 by start time'),
      z.string().describe('one of contention_labels'),
    ),
  }),
  example(scheme, item) {
    const k = keysOf(scheme);
    const regions = contentionRegions(stepsOf(item, traceOf(scheme).steps_key) ?? [], k.resource_key);
    return regions.length ? { contentions: { 0: k.contention_labels[0] } } : { contentions: {} };
  },
});
