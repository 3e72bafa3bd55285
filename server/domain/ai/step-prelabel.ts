/**
 * AI pre-labels for a process_reward scheme (Potato's `GET /api/prm/prelabel`): a chat model judges each step of
 * the item's trace (1 correct, -1 incorrect, 0 neutral where the scheme allows it) with a short reason and a
 * confidence. They are suggestions only: the page shows them and nothing is saved until the annotator confirms or
 * overrides a step. A reply is checked before it is passed on (one entry per step, rewards the scheme allows);
 * anything else is an upstream failure, never a guess shown to an annotator. Replies are kept per item and scheme
 * (the most recent few thousand), so asking again costs no model call.
 */
import { asText } from '../../../shared/schemes/agent-trace.js';
import { invalid, notFound, unavailable } from '../errors.js';
import type { Instance, Scheme, Task } from '../task.js';
import { stepsOf, traceOf } from '../schemes/trace-steps.js';
import { extractJson, upstreamFailed, type LlmClient, type LlmRequest } from './llm.js';

export interface StepSuggestion {
  index: number;
  reward: 1 | 0 | -1;
  reasoning: string;
  /** 0..1, or null when the model gave none */
  confidence: number | null;
}

interface RewardKeys {
  mode: 'first_error' | 'per_step';
  allow_neutral: boolean;
  ai_prelabel: boolean;
}

export interface StepPrelabelDeps {
  task: Task;
  /** the model ai_support names; undefined when it names none (the embedded learner cannot judge steps) */
  llm: LlmClient | undefined;
  /** the instance if the annotator may see it (404 unknown, 403 not theirs) */
  instanceFor(username: string, instanceId: string): Promise<Instance>;
  /** whether the project's AI is on (an admin can turn it off while the server runs) */
  enabled: () => boolean;
}

/** how many items' suggestions are kept */
const CACHED_ITEMS = 2000;
/** longest step text sent, so one huge step cannot blow the model's context */
const MAX_STEP = 2000;
const TEXT_FIELDS = ['text', 'content', 'reasoning', 'thought', 'action'];

function stepText(step: unknown, textKey: string): string {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return asText(step);
  const s = step as Record<string, unknown>;
  for (const field of [textKey, ...TEXT_FIELDS]) if (typeof s[field] === 'string' && s[field]) return s[field];
  return JSON.stringify(step);
}

function prelabelPrompt(scheme: Scheme, steps: readonly unknown[], question: string): LlmRequest {
  const k = scheme.extra as unknown as RewardKeys;
  const allowed = k.allow_neutral ? '1 (correct), 0 (neutral) or -1 (incorrect)' : '1 (correct) or -1 (incorrect)';
  const clip = (t: string) => (t.length > MAX_STEP ? `${t.slice(0, MAX_STEP)} […]` : t);
  const listed = steps.map((s, i) => `[${i}] ${clip(stepText(s, traceOf(scheme).step_text_key))}`).join('\n');
  return {
    system:
      'You verify step-by-step reasoning. Judge whether the reasoning at each step is correct on its own terms, ' +
      'given the steps before it. Answer with one JSON object and nothing else.',
    user: [
      question ? `Task: ${question}` : '',
      `Steps (index in brackets):\n${listed}`,
      `Respond only as JSON: {"steps": [{"index": <int>, "reward": ${allowed}, "reasoning": <short phrase>, ` +
        '"confidence": <0.0-1.0>}]} with exactly one entry per step index above.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    minTokens: 64 + 48 * steps.length,
  };
}

/** The model's reply as suggestions, one per step in order; a reply that does not fit is a 502. */
function parsePrelabel(reply: string, scheme: Scheme, count: number, model: string): StepSuggestion[] {
  const k = scheme.extra as unknown as RewardKeys;
  const json = extractJson(reply) as { steps?: unknown } | undefined;
  const fail = (why: string) => upstreamFailed(`the ${model} model's step rewards were discarded: ${why}`);
  if (!json || !Array.isArray(json.steps)) throw fail('the reply is not {"steps": [...]}');
  const byIndex = new Map<number, StepSuggestion>();
  for (const e of json.steps as unknown[]) {
    const o = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    const index = o.index;
    if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= count)
      throw fail(`step index ${JSON.stringify(index)} is not one of 0..${count - 1}`);
    const reward = o.reward;
    if (reward !== 1 && reward !== -1 && !(reward === 0 && k.allow_neutral))
      throw fail(`step ${index as number}'s reward ${JSON.stringify(reward)} is not one this scheme takes`);
    const confidence = typeof o.confidence === 'number' && o.confidence >= 0 && o.confidence <= 1 ? o.confidence : null;
    const reasoning = typeof o.reasoning === 'string' ? o.reasoning.slice(0, 500) : '';
    byIndex.set(index as number, { index: index as number, reward, reasoning, confidence });
  }
  if (byIndex.size !== count) throw fail(`it judged ${byIndex.size} of the ${count} steps`);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

export class StepPrelabel {
  private readonly cache = new Map<string, StepSuggestion[]>();

  constructor(private readonly deps: StepPrelabelDeps) {}

  /** `{steps, cached}` as Potato answers; steps is empty (with `error`) when the item has no steps. */
  async prelabel(username: string, instanceId: string, schemeName: string) {
    const scheme = this.deps.task.schemeByName.get(schemeName);
    if (!scheme || scheme.annotation_type !== 'process_reward')
      throw notFound(`schema: no process_reward scheme named "${schemeName}"`);
    if (!(scheme.extra as unknown as RewardKeys).ai_prelabel)
      throw invalid(`schema: AI pre-labelling is not on for "${schemeName}" (ai_prelabel: true turns it on)`);
    const instance = await this.deps.instanceFor(username, instanceId);
    const key = traceOf(scheme).steps_key;
    const steps = stepsOf(instance.data, key) ?? [];
    if (!steps.length) return { steps: [], cached: false, error: `no steps found under "${key}" (steps_key)` };
    const llm = this.deps.llm;
    if (!this.deps.enabled()) throw unavailable('the AI is turned off for this project (ai_support.enabled is false)');
    if (!llm)
      throw unavailable(
        'no model to ask: AI pre-labelling needs ai_support with a model endpoint (endpoint_type openai, ollama, ...); the embedded learner does not judge steps',
      );
    const cacheKey = `${instance.id}\u0001${scheme.name}`;
    const known = this.cache.get(cacheKey);
    if (known) return { steps: known, cached: true };
    const question = typeof instance.text === 'string' ? instance.text.slice(0, MAX_STEP) : '';
    const reply = await llm.complete(prelabelPrompt(scheme, steps, question));
    const suggestions = parsePrelabel(reply, scheme, steps.length, llm.name);
    this.cache.set(cacheKey, suggestions);
    // the oldest asked go first: an annotator asks again for the items on screen, not for those long done
    if (this.cache.size > CACHED_ITEMS) this.cache.delete(this.cache.keys().next().value!);
    return { steps: suggestions, cached: false };
  }
}
