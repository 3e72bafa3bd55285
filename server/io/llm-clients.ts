/**
 * The wire protocols of the LLM providers, over Node's fetch:
 * - ollama: POST {base_url}/api/chat (non-streaming, `format: "json"`), default base_url http://127.0.0.1:11434
 * - openai: POST {base_url}/v1/chat/completions, `Authorization: Bearer <api_key>` when a key is set; any
 *   OpenAI-compatible server (vLLM, LM Studio, llama.cpp, OpenRouter) works with its base_url
 * - anthropic: POST {base_url}/v1/messages with `x-api-key` and `anthropic-version`
 * A provider that cannot be reached or answers with an error → upstream_failed (502); no answer within the
 * configured timeout → upstream_timeout (504). Messages never contain the API key.
 */
import type { AiSettings } from '../config/sections/ai.js';
import { upstreamFailed, upstreamTimeout, type LlmClient, type LlmRequest } from '../domain/ai/llm.js';

const ANTHROPIC_VERSION = '2023-06-01';

interface Wire {
  path: string;
  headers: Record<string, string>;
  body: (request: LlmRequest) => unknown;
  /** the reply text from the response body, or undefined when the body does not have the expected shape */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each client reads its own provider's JSON
  text: (body: any) => unknown;
}

function wireFor(s: AiSettings): Wire {
  // a request whose reply must be long (a verdict per step) raises the configured max_tokens, as Potato's judge does
  const maxTokens = (r: LlmRequest) => Math.max(s.maxTokens, r.minTokens ?? 0);
  const options = (r: LlmRequest) => ({ temperature: s.temperature, max_tokens: maxTokens(r) });
  const turns = (r: LlmRequest) => [...(r.history ?? []), { role: 'user', content: r.user }];
  const messages = (r: LlmRequest) => [{ role: 'system', content: r.system }, ...turns(r)];
  switch (s.endpointType) {
    case 'ollama':
      return {
        path: '/api/chat',
        headers: {},
        body: (r) => ({
          model: s.model,
          messages: messages(r),
          stream: false,
          ...(!r.freeText && { format: 'json' }),
          options: { temperature: s.temperature, num_predict: maxTokens(r) },
        }),
        text: (b) => b?.message?.content,
      };
    case 'openai':
      return {
        // base_url may be given with or without the /v1 that OpenAI-compatible servers document
        path: /\/v1$/.test(s.baseUrl) ? '/chat/completions' : '/v1/chat/completions',
        headers: s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {},
        body: (r) => ({ model: s.model, messages: messages(r), ...options(r) }),
        text: (b) => b?.choices?.[0]?.message?.content,
      };
    case 'anthropic':
      return {
        path: /\/v1$/.test(s.baseUrl) ? '/messages' : '/v1/messages',
        headers: { 'x-api-key': s.apiKey ?? '', 'anthropic-version': ANTHROPIC_VERSION },
        body: (r) => ({ model: s.model, system: r.system, messages: turns(r), ...options(r) }),
        text: (b) =>
          Array.isArray(b?.content)
            ? b.content
                .filter((c: { type?: string }) => c?.type === 'text')
                .map((c: { text?: string }) => c.text ?? '')
                .join('')
            : undefined,
      };
    default:
      throw new Error(`no LLM client for endpoint_type ${s.endpointType}`);
  }
}

/** The error message a provider put in its body, in any of the usual shapes, shortened. */
function upstreamMessage(body: string): string {
  let message = body;
  try {
    const json = JSON.parse(body);
    message = typeof json?.error === 'string' ? json.error : (json?.error?.message ?? json?.message ?? body);
  } catch {
    /* not JSON: the text itself */
  }
  message = String(message).replace(/\s+/g, ' ').trim();
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** `timeoutKey` is the config key a timed-out call points at. */
export function createLlmClient(settings: AiSettings, timeoutKey = 'ai_support.ai_config.timeout'): LlmClient {
  const wire = wireFor(settings);
  const url = settings.baseUrl + wire.path;
  const who = `the ${settings.endpointType} server at ${settings.baseUrl}`;
  const scrub = (m: string) => (settings.apiKey ? m.split(settings.apiKey).join('***') : m);
  return {
    name: settings.endpointType,
    model: settings.model,
    async complete(request) {
      let response: Response;
      let raw: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...wire.headers },
          body: JSON.stringify(wire.body(request)),
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        raw = await response.text();
      } catch (e) {
        const err = e as Error & { cause?: { code?: string; message?: string } };
        if (err.name === 'TimeoutError' || err.name === 'AbortError')
          throw upstreamTimeout(
            `${who} did not answer within ${settings.timeoutMs / 1000} s; try again, or raise ${timeoutKey}`,
          );
        const reason = err.cause?.code ?? err.cause?.message ?? err.message;
        throw upstreamFailed(scrub(`could not reach ${who} (${reason}); is it running?`));
      }
      if (!response.ok) {
        const detail = upstreamMessage(raw);
        throw upstreamFailed(scrub(`${who} answered ${response.status}${detail ? `: ${detail}` : ''}`));
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw upstreamFailed(`${who} sent a response that is not JSON`);
      }
      const text = wire.text(body);
      if (typeof text !== 'string')
        throw upstreamFailed(
          `${who} sent a response without the reply text where the ${settings.endpointType} protocol puts it`,
        );
      return text;
    },
  };
}
