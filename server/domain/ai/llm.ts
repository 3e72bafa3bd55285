/**
 * Suggestions from a large language model: the prompt asks for one JSON object, and the reply is checked before
 * anything is passed on. A reply that is not JSON, or names a label the schema does not have, is refused as an
 * upstream failure (502) rather than shown to an annotator. The wire protocols live in server/io/llm-clients.ts.
 */
import { DomainError } from '../errors.js';
import type { Instance, Scheme } from '../task.js';
import { noSuggestion, type AiProvider, type Suggestion } from './provider.js';

/** Bump when the prompt changes: cached replies to older prompts are then not reused. */
const PROMPT_VERSION = '1';
/** longest text sent, so one huge item cannot blow the model's context */
const MAX_TEXT = 8000;

export interface LlmRequest {
  system: string;
  user: string;
}

/** Sends a prompt and returns the model's reply text; throws DomainErrors upstream_failed / upstream_timeout. */
export interface LlmClient {
  readonly name: string;
  readonly model: string;
  complete(request: LlmRequest): Promise<string>;
}

export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);
export const upstreamTimeout = (message: string) => new DomainError('upstream_timeout', message);

export function buildPrompt(instance: Instance, scheme: Scheme, taskName: string): LlmRequest {
  const multi = scheme.annotation_type === 'multiselect';
  const labels = scheme.labels.map((l) => `- ${l.name}${l.tooltip ? `: ${l.tooltip}` : ''}`).join('\n');
  const scale =
    scheme.annotation_type === 'likert' && (scheme.min_label || scheme.max_label)
      ? `\nThe scale runs from ${scheme.labels[0]?.name} (${scheme.min_label}) to ${scheme.labels[scheme.labels.length - 1]?.name} (${scheme.max_label}).`
      : '';
  const text = instance.text.length > MAX_TEXT ? `${instance.text.slice(0, MAX_TEXT)} […]` : instance.text;
  const shape = multi
    ? '{"labels": ["<label>", ...], "confidence": <number from 0 to 1>, "rationale": "<one sentence>", "keywords": ["<words copied from the text that support the answer>"]}'
    : '{"label": "<label>", "confidence": <number from 0 to 1>, "rationale": "<one sentence>", "keywords": ["<words copied from the text that support the answer>"]}';
  return {
    system:
      'You help people annotate texts. You answer with one JSON object and nothing else: no prose, no code fences.',
    user: [
      `Task: ${taskName}`,
      `Question (${scheme.name}): ${scheme.description || `which ${multi ? 'labels apply' : 'label applies'}?`}${scale}`,
      `Choose ${multi ? 'every label that applies' : 'exactly one label'}, spelled exactly as listed:`,
      labels,
      '',
      'Text:',
      '"""',
      text,
      '"""',
      '',
      `Answer as: ${shape}`,
    ].join('\n'),
  };
}

/** The first JSON object in a reply, tolerating code fences or a sentence around it. */
function extractJson(reply: string): unknown {
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

/** Checks a model's reply against the schema; refuses (502) anything that is not one of its labels. */
export function parseReply(reply: string, scheme: Scheme, text: string, provider: string): Suggestion {
  const json = extractJson(reply);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw upstreamFailed(`the ${provider} model did not answer with a JSON object, so its suggestion was discarded`);
  const o = json as Record<string, unknown>;
  const canonical = new Map(scheme.labels.map((l) => [l.name.toLowerCase(), l.name]));
  const asLabel = (value: unknown): string => {
    const name = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
    const found = name === undefined ? undefined : canonical.get(name.toLowerCase());
    if (!found)
      throw upstreamFailed(
        `the ${provider} model suggested ${JSON.stringify(value ?? null)}, which is not a label of "${scheme.name}" (${scheme.labels.map((l) => l.name).join(', ')}); the suggestion was discarded`,
      );
    return found;
  };
  let labels: string[];
  if (scheme.annotation_type === 'multiselect') {
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
  if (scheme.annotation_type === 'multiselect') suggestion.labels = labels;
  return suggestion;
}

/** An AiProvider backed by a chat model. Span schemas get no model call: the service suggests keyword spans. */
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
    if (scheme.annotation_type === 'span')
      return noSuggestion(
        `the ${this.name} provider does not suggest spans; keyword highlights show the words to look at`,
      );
    const reply = await this.client.complete(buildPrompt(instance, scheme, this.taskName()));
    return parseReply(reply, scheme, instance.text, this.name);
  }
}
