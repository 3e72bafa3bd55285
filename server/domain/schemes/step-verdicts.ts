/**
 * What the agent-trace types that give each step (or each tool call) one verdict share: gui_trajectory,
 * multimodal_reasoning and tool_call_review. Stored as Potato stores them: `"<scheme>:<scheme>"` → JSON
 * [{"index", "verdict", "notes"}] (tool calls also carry their "step" and "tool"), only the judged entries, in
 * order. A verdict must be one of the scheme's `verdict_options`.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { AnswerError, type SchemeTypeModule } from './module.js';
import { isRecord } from './answer-fields.js';
import { eachEntry, noRepeats, pastTrace, stepIndex, traceKeys, traceType } from './trace-steps.js';

const names = z.array(z.union([z.string().min(1), z.number().transform(String)])).min(1);

/** One tool call of a trace: the step it is in, the tool's name and its arguments. */
interface ToolCall {
  step: number;
  tool: string;
  args: unknown;
}

/** The tool calls of a trace's steps, in order, read where Potato reads them. */
function toolCalls(steps: readonly unknown[]): ToolCall[] {
  const out: ToolCall[] = [];
  steps.forEach((s, step) => {
    if (!isRecord(s)) return;
    const calls = Array.isArray(s.tool_calls) ? s.tool_calls : s.tool_call ? [s.tool_call] : null;
    if (calls?.length) {
      for (const c of calls) {
        const call = isRecord(c) ? c : {};
        out.push({
          step,
          tool: String(call.name ?? call.tool ?? 'tool'),
          args: call.args ?? call.arguments ?? call.input ?? {},
        });
      }
    } else if (s.tool || s.action_type === 'tool') {
      out.push({ step, tool: String(s.tool ?? s.name ?? 'tool'), args: s.args ?? s.arguments ?? s.input ?? {} });
    }
  });
  return out;
}

type Verdict = { index: number; verdict: string; notes: string; step?: number; tool?: string };

const optionsOf = (scheme: Scheme) => (scheme.extra as { verdict_options: string[] }).verdict_options;

export function stepVerdictType(parts: {
  type: string;
  /** the verdicts Potato offers by default */
  verdicts: string[];
  /** the type's own keys beyond the trace's and verdict_options, passed through to the form with their defaults */
  keys?: Record<string, { schema: z.ZodType; default: unknown }>;
  /** tool_call_review: the entries are the trace's tool calls rather than its steps */
  calls?: boolean;
  /** a short description of what is judged, for the docs and errors */
  what: string;
}): SchemeTypeModule {
  const own = parts.keys ?? {};
  const config = z.looseObject({
    ...traceKeys.shape,
    verdict_options: names.optional(),
    ...Object.fromEntries(Object.entries(own).map(([k, v]) => [k, v.schema.optional()])),
  });
  const unit = parts.calls ? 'tool call' : 'step';
  return traceType({
    type: parts.type,
    config,
    keys: Object.keys(config.shape),
    normalize(scheme, parsed, fail) {
      const k = parsed as Record<string, unknown> & { verdict_options?: string[] };
      const verdicts = k.verdict_options ?? parts.verdicts;
      if (new Set(verdicts).size !== verdicts.length) fail('verdict_options', 'a verdict is named twice');
      scheme.extra.verdict_options = verdicts;
      for (const [key, v] of Object.entries(own)) scheme.extra[key] = k[key] ?? v.default;
    },
    parse(scheme, value) {
      const options = optionsOf(scheme);
      const entries = eachEntry(value, 'verdicts', (e, where): Verdict | null | AnswerError => {
        if (!stepIndex(e.index)) return new AnswerError(`${where}.index must be a whole number from 0 (the ${unit})`);
        const verdict = e.verdict ?? '';
        const notes = e.notes ?? '';
        if (typeof verdict !== 'string' || (verdict && !options.includes(verdict)))
          return new AnswerError(`${where}.verdict: ${JSON.stringify(verdict)} is not one of ${options.join(', ')}`);
        if (typeof notes !== 'string') return new AnswerError(`${where}.notes must be text`);
        if (!verdict && !notes.trim()) return null;
        return { index: e.index, verdict, notes };
      });
      if (entries instanceof AnswerError) return entries;
      const judged = entries.filter((e): e is Verdict => e !== null).sort((a, b) => a.index - b.index);
      const twice = noRepeats(
        judged,
        (e) => String(e.index),
        'verdicts',
        (e) => `${unit} ${e.index}`,
      );
      if (twice) return twice;
      return judged.length ? judged : null;
    },
    checkSteps(_scheme, stored, steps) {
      const list = stored as unknown as Verdict[];
      if (!parts.calls) {
        for (const v of list) if (v.index >= steps.length) return pastTrace('verdicts', v.index, steps.length);
        return null;
      }
      const calls = toolCalls(steps);
      for (const v of list)
        if (v.index >= calls.length)
          return new AnswerError(
            `verdicts: tool call ${v.index} is past the trace's tool calls (it has ${calls.length}, numbered from 0)`,
          );
      return null;
    },
    perStep: (_scheme, stored) =>
      Object.fromEntries((stored as unknown as Verdict[]).map((v) => [String(v.index), v.verdict])),
    stored: `"<scheme>:<scheme>" → JSON text of [{"index", "verdict", "notes"}], one entry per ${unit} judged`,
    answerShape: z.array(
      z.object({
        index: z.number().int().describe(`the ${unit}, numbered from 0`),
        verdict: z.string().describe(`${parts.what}: one of verdict_options, or "" with notes only`),
        notes: z.string(),
      }),
    ),
    example: (scheme) => [{ index: 0, verdict: optionsOf(scheme)[0], notes: '' }],
  });
}
