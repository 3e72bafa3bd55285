/**
 * Suggestions from a large language model: the prompt asks for one JSON object, and the reply is checked before
 * anything is passed on. A reply that is not JSON, or names a label the scheme does not have, is refused as an
 * upstream failure (502) rather than shown to an annotator. The wire protocols live in server/io/llm-clients.ts.
 */
import { DomainError } from '../errors.js';
import type { Instance, Scheme } from '../task.js';
import { offers } from '../schemes/kinds.js';
import {
  noSuggestion,
  suggestTarget,
  type AiProvider,
  type Choice,
  type Suggestion,
  type SuggestTarget,
} from './provider.js';

/** Bump when the prompt changes: cached replies to older prompts are then not reused. */
const PROMPT_VERSION = '1';
/** longest text sent, so one huge item cannot blow the model's context */
const MAX_TEXT = 8000;

export interface LlmRequest {
  system: string;
  user: string;
  /** earlier turns of a conversation (chat), oldest first, sent between the system prompt and `user` */
  history?: readonly { role: 'user' | 'assistant'; content: string }[];
  /** a free-text reply (chat) rather than the one JSON object suggestions ask for */
  freeText?: boolean;
  /** the reply needs at least this many tokens; a lower configured max_tokens is raised to it */
  minTokens?: number;
}

/** Sends a prompt and returns the model's reply text; throws DomainErrors upstream_failed / upstream_timeout. */
export interface LlmClient {
  readonly name: string;
  readonly model: string;
  complete(request: LlmRequest): Promise<string>;
}

export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);
export const upstreamTimeout = (message: string) => new DomainError('upstream_timeout', message);

/** The item as the model reads it: its text, or the two texts a pairwise scheme compares, each under its name. */
function itemText(instance: Instance, target: SuggestTarget, choices: Choice[]): string[] {
  const clip = (t: string) => (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT)} […]` : t);
  const pair = target.kind === 'value' ? target.pair?.(instance) : undefined;
  if (!pair) return ['Text:', '"""', clip(instance.text), '"""'];
  return pair.flatMap((t, i) => [`${choices[i].value} (${choices[i].text}):`, '"""', clip(t), '"""']);
}

export function buildPrompt(instance: Instance, scheme: Scheme, taskName: string): LlmRequest {
  const target = suggestTarget(scheme);
  if (!target || target.kind === 'spans')
    throw new Error(`no prompt for the ${scheme.annotation_type} scheme "${scheme.name}"`);
  const multi = target.kind === 'labels' && target.multi;
  const choices = target.choices;
  // the model is asked among the labels this item offers (dynamic_options), as the annotator is
  const labels = choices
    .filter((c) => offers(scheme, instance.data, c.value))
    .map((c) => {
      const about = [c.text !== c.value ? c.text : '', c.description ?? ''].filter(Boolean).join(' – ');
      return `- ${c.value}${about ? `: ${about}` : ''}`;
    })
    .join('\n');
  const scale =
    scheme.annotation_type === 'likert' && (scheme.min_label || scheme.max_label)
      ? `\nThe scale runs from ${scheme.labels[0]?.name} (${scheme.min_label}) to ${scheme.labels[scheme.labels.length - 1]?.name} (${scheme.max_label}).`
      : '';
  const shape = multi
    ? '{"labels": ["<label>", ...], "confidence": <number from 0 to 1>, "rationale": "<one sentence>", "keywords": ["<words copied from the text that support the answer>"]}'
    : '{"label": "<label>", "confidence": <number from 0 to 1>, "rationale": "<one sentence>", "keywords": ["<words copied from the text that support the answer>"]}';
  const fallback =
    target.kind === 'value' && target.pair
      ? 'which of the two texts is better?'
      : `which ${multi ? 'labels apply' : 'label applies'}?`;
  return {
    system:
      'You help people annotate texts. You answer with one JSON object and nothing else: no prose, no code fences.',
    user: [
      `Task: ${taskName}`,
      `Question (${scheme.name}): ${scheme.description || fallback}${scale}`,
      `Choose ${multi ? 'every label that applies' : 'exactly one label'}, spelled exactly as listed:`,
      labels,
      '',
      ...itemText(instance, target, choices),
      '',
      `Answer as: ${shape}`,
    ].join('\n'),
  };
}

/** The first JSON object in a reply, tolerating code fences or a sentence around it. */
export function extractJson(reply: string): unknown {
  const trimmed = reply
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(trimmed.slice(start, end + 1));
      } catch {
        /* fall through */
      }
    }
    return undefined;
  }
}

/** Checks a model's reply against the scheme; refuses (502) anything that is not one of its labels. */
export function parseReply(reply: string, scheme: Scheme, text: string, provider: string): Suggestion {
  const json = extractJson(reply);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw upstreamFailed(`the ${provider} model did not answer with a JSON object, so its suggestion was discarded`);
  const o = json as Record<string, unknown>;
  const target = suggestTarget(scheme);
  const choices = target && target.kind !== 'spans' ? target.choices : [];
  // a fixed value may come back as its button's text ("Keep" for accept)
  const canonical = new Map([
    ...choices.map((c) => [c.text.toLowerCase(), c.value] as const),
    ...choices.map((c) => [c.value.toLowerCase(), c.value] as const),
  ]);
  const asLabel = (value: unknown): string => {
    const name = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
    const found = name === undefined ? undefined : canonical.get(name.toLowerCase());
    if (!found)
      throw upstreamFailed(
        `the ${provider} model suggested ${JSON.stringify(value ?? null)}, which is not a label of "${scheme.name}" (${choices.map((c) => c.value).join(', ')}); the suggestion was discarded`,
      );
    return found;
  };
  let labels: string[];
  const multi = target?.kind === 'labels' && target.multi;
  if (multi) {
    const raw = Array.isArray(o.labels) ? o.labels : o.label !== undefined ? [o.label] : undefined;
    if (!raw)
      throw upstreamFailed(`the ${provider} model's answer has no "labels" list, so its suggestion was discarded`);
    labels = [...new Set(raw.map(asLabel))];
  } else labels = [asLabel(o.label)];
  if (!labels.length) return noSuggestion(`the ${provider} model found no label of "${scheme.name}" that applies`);

  let confidence: number | null =
    typeof o.confidence === 'number' && Number.isFinite(o.confidence) ? o.confidence : null;
  if (confidence !== null && confidence > 1 && confidence <= 100) confidence /= 100; // a percentage
  if (confidence !== null) confidence = Math.min(1, Math.max(0, Math.round(confidence * 1000) / 1000));
  const lower = text.toLowerCase();
  // only words that really occur in the text: they are highlighted there
  const words = Array.isArray(o.keywords)
    ? [
        ...new Set(
          o.keywords
            .filter((k): k is string => typeof k === 'string' && !!k.trim() && lower.includes(k.trim().toLowerCase()))
            .map((k) => k.trim()),
        ),
      ].slice(0, 10)
    : [];
  const suggestion: Suggestion = {
    label: labels[0],
    confidence,
    rationale: typeof o.rationale === 'string' ? o.rationale.slice(0, 1000) : '',
    words,
  };
  if (multi) suggestion.labels = labels;
  return suggestion;
}

/** An AiProvider backed by a chat model. Span schemes get no model call: the service suggests keyword spans. */
export class LlmProvider implements AiProvider {
  readonly promptVersion = PROMPT_VERSION;

  constructor(
    private readonly client: LlmClient,
    private readonly taskName: () => string,
  ) {}

  get name() {
    return this.client.name;
  }

  get model() {
    return this.client.model;
  }

  version(): string {
    return 'fixed';
  }

  async suggest(instance: Instance, scheme: Scheme): Promise<Suggestion> {
    if (suggestTarget(scheme)?.kind === 'spans')
      return noSuggestion(
        `the ${this.name} provider does not suggest spans; keyword highlights show the words to look at`,
      );
    const reply = await this.client.complete(buildPrompt(instance, scheme, this.taskName()));
    return parseReply(reply, scheme, instance.text, this.name);
  }
}
