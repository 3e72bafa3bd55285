/**
 * Speech-to-text over the OpenAI-compatible transcription call, POST {base_url}/v1/audio/transcriptions (multipart:
 * `file`, `model`, `language`, `response_format=json`, answered `{"text": ...}`), which faster-whisper-server
 * (speaches), LocalAI, vLLM and OpenAI itself speak: Potato's local faster-whisper, reached as a server. A server
 * that cannot be reached or answers with an error → upstream_failed (502); no answer in time → upstream_timeout
 * (504). Messages never contain the API key.
 */
import { upstreamFailed, upstreamTimeout } from '../domain/ai/llm.js';
import type { AudioChunk, SpeechToText } from '../domain/think-aloud/think-aloud.js';

export interface SttServer {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  language: string | null;
  timeoutMs: number;
}

export function createSttClient(s: SttServer): SpeechToText {
  const url = s.baseUrl + (/\/v1$/.test(s.baseUrl) ? '' : '/v1') + '/audio/transcriptions';
  const who = `the speech-to-text server at ${s.baseUrl}`;
  const scrub = (m: string) => (s.apiKey ? m.split(s.apiKey).join('***') : m);
  return {
    async transcribe(audio: AudioChunk) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.type }), audio.filename);
      form.append('model', s.model);
      form.append('response_format', 'json');
      if (s.language) form.append('language', s.language);
      let response: Response;
      let raw: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { accept: 'application/json', ...(s.apiKey && { authorization: `Bearer ${s.apiKey}` }) },
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(s.timeoutMs),
        });
        raw = await response.text();
      } catch (e) {
        const err = e as Error & { cause?: { code?: string; message?: string } };
        if (err.name === 'TimeoutError' || err.name === 'AbortError')
          throw upstreamTimeout(
            `${who} did not answer within ${s.timeoutMs / 1000} s; try again, or raise thinkaloud.timeout`,
          );
        throw upstreamFailed(
          scrub(`could not reach ${who} (${err.cause?.code ?? err.cause?.message ?? err.message}); is it running?`),
        );
      }
      if (!response.ok)
        throw upstreamFailed(scrub(`${who} answered ${response.status}: ${raw.replace(/\s+/g, ' ').slice(0, 200)}`));
      let text: unknown;
      try {
        text = (JSON.parse(raw) as { text?: unknown })?.text;
      } catch {
        throw upstreamFailed(`${who} sent a response that is not JSON`);
      }
      if (typeof text !== 'string') throw upstreamFailed(`${who} sent a response without "text"`);
      return text;
    },
  };
}
