/**
 * Potato's `thinkaloud` section: `enabled`, the `schema` whose labels can be spoken (default: the first radio
 * scheme), `stt`, `model`, `language`, `chunk_seconds`, `require_spoken_label`, `stems` (regexes of the accepted
 * phrasings) and `fillers`. Potato runs faster-whisper in its own process; here speech is transcribed by an
 * OpenAI-compatible server (faster-whisper-server, LocalAI, ...) at our `base_url` (with `api_key` and `timeout`
 * in seconds), so `stt: auto` and `faster_whisper` mean that server, and `stt: mock` takes each chunk's transcript
 * from the page's `mock_text` field (Potato's test backend), warned about at start-up.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { singleChoiceScheme } from './truth-serum.js';
import type { ThinkAloudSettings } from '../../domain/think-aloud/think-aloud.js';
import type { SttServer } from '../../io/stt-client.js';

const url = z.string().refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// URL');

export const thinkAloudSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schema: z.string().min(1).optional(),
    stt: z.enum(['auto', 'faster_whisper', 'mock', 'openai']).optional(),
    model: z.string().min(1).optional(),
    language: z.string().min(1).max(20).optional(),
    chunk_seconds: looseUnsignedNumber.pipe(z.number().min(1).max(60)).optional(),
    require_spoken_label: looseBoolean.optional(),
    stems: z.array(z.string().min(1)).min(1).optional(),
    fillers: z.array(z.string()).optional(),
    base_url: url.optional(),
    api_key: z.string().optional(),
    /** seconds */
    timeout: z.number().positive().max(600).optional(),
  }),
);

export interface ThinkAloudConfig {
  settings: ThinkAloudSettings;
  /** the speech-to-text server, or null (mock, off, or no base_url) */
  server: SttServer | null;
}

export function readThinkAloud(
  raw: z.output<typeof thinkAloudSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string }[],
  warn: (m: string) => void,
  fail: (m: string) => never,
): ThinkAloudConfig {
  const settings: ThinkAloudSettings = {
    enabled: false,
    schema: '',
    stt: 'server',
    sttMissing: null,
    model: raw?.model ?? 'tiny.en',
    language: raw?.language ?? null,
    chunkSeconds: raw?.chunk_seconds ?? 6,
    requireSpokenLabel: raw?.require_spoken_label ?? true,
  };
  if (raw?.enabled !== true) return { settings, server: null };
  settings.enabled = true;
  settings.schema = singleChoiceScheme('thinkaloud', raw.schema, schemes, fail);
  if (raw.stems) {
    for (const [i, stem] of raw.stems.entries()) {
      try {
        new RegExp(stem, 'iu');
      } catch (e) {
        fail(`thinkaloud.stems[${i}]: not a regular expression (${(e as Error).message})`);
      }
    }
    settings.stems = raw.stems;
  }
  if (raw.fillers) settings.fillers = raw.fillers;
  if (raw.stt === 'mock') {
    settings.stt = 'mock';
    warn(
      "thinkaloud.stt: mock transcribes nothing: each audio chunk's transcript is the page's mock_text field (Potato's test backend)",
    );
    return { settings, server: null };
  }
  if (!raw.base_url) {
    settings.sttMissing =
      'thinkaloud.base_url: no speech-to-text server is configured; name an OpenAI-compatible one ' +
      '(faster-whisper-server, LocalAI, ...), e.g. base_url: http://127.0.0.1:8001/v1';
    warn(
      `${settings.sttMissing}. Until then recorded chunks are refused with 503; text sent to /thinkaloud/api/text is kept`,
    );
    return { settings, server: null };
  }
  return {
    settings,
    server: {
      baseUrl: raw.base_url.replace(/\/+$/, ''),
      apiKey: raw.api_key || null,
      model: settings.model,
      language: settings.language,
      timeoutMs: (raw.timeout ?? 60) * 1000,
    },
  };
}
