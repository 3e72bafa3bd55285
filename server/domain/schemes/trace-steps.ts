/**
 * What the agent-trace types share (process_reward, consensus_tracking, trajectory_eval, trajectory_edit,
 * failure_attribution): the item holds a trace, a list of steps (or turns) under a configured key, and the
 * annotator answers about its steps. The answer is one JSON value under `"<scheme>:<scheme>"`, as Potato's hidden
 * input stores it; the type parses it into a canonical stored form (so an answer read and sent back is
 * unchanged), the stored form is checked against the item's steps once accepted (a step index past the trace is
 * refused), and agreement compares the answers step by step (the share of steps two annotators answered
 * differently).
 */
import { z } from 'zod';
import type { Instance, Scheme } from '../task.js';
import { AnswerError, type AnswerValue, type SchemeTypeModule } from './module.js';
import { isRecord } from './answer-fields.js';
import { acceptJsonText } from './json-answer.js';
import { nodeDistance, nodeKey } from './structure-agreement.js';
import { stepAgent, type TraceKeys } from '../../../shared/schemes/agent-trace.js';

export { stepAgent };

export const traceOf = (scheme: Scheme) => scheme.extra as unknown as TraceKeys;

/** The item's steps, or undefined when the field is missing or not a list. */
export function stepsOf(data: Readonly<Record<string, unknown>>, key: string): readonly unknown[] | undefined {
  const value = data[key];
  return Array.isArray(value) ? value : undefined;
}

/** The agents the trace names, each once, in the order they first act. */
export function traceAgents(steps: readonly unknown[], agentKey: string): string[] {
  return [...new Set(steps.map((s) => stepAgent(s, agentKey)).filter(Boolean))];
}

/** A step index as answers give it: a whole number from 0 (bounded by the trace when checked in the item). */
export const stepIndex = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Refusal of an index past the item's trace, naming where it was given. */
export function pastTrace(where: string, index: number, count: number): AnswerError {
  return new AnswerError(
    `${where}: step ${index} is past the trace (the item has ${count} step${count === 1 ? '' : 's'}, numbered from 0)`,
  );
}

/** The steps key with Potato's default; `turns` types read the same field under another name. */
export const traceKeys = z.object({
  steps_key: z.string().min(1).optional(),
  step_text_key: z.string().min(1).optional(),
  agent_key: z.string().min(1).optional(),
});

type TraceParts = Pick<SchemeTypeModule, 'type' | 'config' | 'keys'> & {
  /** the type's own completion of the scheme; the trace keys are set already */
  normalize(
    scheme: Scheme,
    keys: Record<string, unknown>,
    fail: (key: string, reason: string) => never,
    warn: (message: string) => void,
  ): void;
  /** where the steps are by default, and the config key naming it (consensus_tracking's `turns_key`) */
  stepsDefault?: { key: string; field: string };
  /** the stored form of a submitted or imported value, or an AnswerError; null for "no answer" */
  parse(scheme: Scheme, value: unknown): AnswerValue | AnswerError | null;
  /** checks the stored form against the item's steps */
  checkSteps(scheme: Scheme, stored: AnswerValue, steps: readonly unknown[], instance: Instance): AnswerError | null;
  /** the stored answer step by step (step → its answer), for agreement */
  perStep(scheme: Scheme, stored: AnswerValue): Record<string, unknown>;
  answerShape: z.ZodType;
  stored: string;
  /** a valid answer about the first step of `item`'s trace, for scripts that try a config out */
  example(scheme: Scheme, item: Readonly<Record<string, unknown>>): AnswerValue;
};

/** A scheme type answering about the steps of the trace the item holds. */
export function traceType({
  parse,
  checkSteps,
  perStep,
  answerShape,
  stored,
  example,
  ...parts
}: TraceParts): SchemeTypeModule {
  const toStored = (scheme: Scheme, value: unknown): string | null | AnswerError => {
    const parsed = parse(scheme, value);
    return parsed === null || parsed instanceof AnswerError ? parsed : JSON.stringify(parsed);
  };
  const read = (scheme: Scheme, chosen: Readonly<Record<string, string>>) =>
    JSON.parse(chosen[scheme.name]) as AnswerValue;
  return {
    type: parts.type,
    config: parts.config,
    keys: parts.keys,
    normalize(scheme, keys, fail, warn = () => {}) {
      const k = keys as z.infer<typeof traceKeys> & Record<string, unknown>;
      if (scheme.labels.length)
        warn(`labels is not acted on: a ${scheme.annotation_type} scheme answers about the steps of the item's trace`);
      const where = parts.stepsDefault;
      const stepsKey = where ? k[where.key] : k.steps_key;
      Object.assign(scheme.extra, {
        steps_key: typeof stepsKey === 'string' ? stepsKey : (where?.field ?? 'steps'),
        step_text_key: k.step_text_key ?? 'action',
        agent_key: k.agent_key ?? 'agent',
      } satisfies TraceKeys);
      parts.normalize(scheme, keys, fail, warn);
      // the one label answers go under, as Potato's hidden input names it
      scheme.labels = [{ name: scheme.name }];
    },
    storage: 'labels',
    single: true,
    accept: (scheme, label, value) => acceptJsonText(scheme, label, value, toStored),
    answer: read,
    fromAnswer(scheme, answer) {
      const value = toStored(scheme, answer);
      if (value instanceof AnswerError) return value;
      return value === null ? {} : { [scheme.name]: value };
    },
    checkInText(scheme, chosen, context) {
      const key = traceOf(scheme).steps_key;
      const steps = stepsOf(context.instance.data, key);
      if (!steps)
        return new AnswerError(
          `the item has no steps yet: nothing is under "${key}" (steps_key), so there is nothing to answer about (no agent is run here: a session's steps come with the item's data)`,
        );
      return checkSteps(scheme, read(scheme, chosen), steps, context.instance);
    },
    spacy: 'values',
    agreement: {
      level: 'per_node',
      column: 'value',
      value: (scheme, chosen) => nodeKey(perStep(scheme, read(scheme, chosen)), undefined),
      distance: nodeDistance,
    },
    suggestable: false,
    shape: { stored, answer: answerShape },
    example: (scheme, item = {}) => ({ [scheme.name]: JSON.stringify(example(scheme, item)) }),
  };
}

/**
 * Sets a type's own keys on the scheme, each as configured or its default; a list key named in `unique` must not
 * name the same thing twice (the message says what it names).
 */
export function ownKeys<T extends object>(
  scheme: Scheme,
  given: Record<string, unknown>,
  defaults: T,
  fail: (key: string, reason: string) => never,
  unique: Partial<Record<keyof T & string, string>> = {},
): void {
  for (const [key, fallback] of Object.entries(defaults)) {
    const value: unknown = given[key] ?? fallback;
    const what = unique[key as keyof T & string];
    if (what && Array.isArray(value) && new Set(value).size !== value.length) fail(key, `a ${what} is named twice`);
    scheme.extra[key] = value;
  }
}

/** A list of objects, each checked by `one`; the message names the entry. */
export function eachEntry<T>(
  list: unknown,
  what: string,
  one: (entry: Record<string, unknown>, where: string) => T | AnswerError,
): T[] | AnswerError {
  if (!Array.isArray(list)) return new AnswerError(`${what} must be a list`);
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const where = `${what}[${i}]`;
    if (!isRecord(list[i])) return new AnswerError(`${where} must be an object`);
    const r = one(list[i] as Record<string, unknown>, where);
    if (r instanceof AnswerError) return r;
    out.push(r);
  }
  return out;
}

/** Refuses a second answer about the same step; `keyOf` says which entries are about the same thing. */
export function noRepeats<T>(
  entries: readonly T[],
  keyOf: (e: T) => string,
  what: string,
  name: (e: T) => string,
): AnswerError | null {
  const seen = new Set<string>();
  for (const e of entries) {
    const k = keyOf(e);
    if (seen.has(k)) return new AnswerError(`${what}: ${name(e)} is answered twice`);
    seen.add(k);
  }
  return null;
}
