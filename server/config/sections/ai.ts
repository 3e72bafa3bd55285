/**
 * The `ai_support` section of the config. Owned by the AI-assistant feature.
 *
 * Potato's spelling is accepted as it is (`enabled`, `endpoint_type`, `ai_config: {model, api_key, base_url,
 * temperature, max_tokens}`; its other keys such as `include` or `cache_config` are ignored). Potato's other
 * OpenAI-compatible endpoint types (`vllm`, `open_router`) map to `openai`. Without the section the embedded
 * offline provider is used: it needs no network, no key and no download.
 */
import { z } from 'zod';

const ENDPOINT_TYPES = ['embedded', 'ollama', 'openai', 'anthropic'] as const;
type EndpointType = (typeof ENDPOINT_TYPES)[number];

/** Potato's names for endpoints that speak one of our wire protocols. */
const ALIASES: Record<string, EndpointType> = {
  embedded: 'embedded',
  local: 'embedded',
  ollama: 'ollama',
  openai: 'openai',
  open_ai: 'openai',
  vllm: 'openai',
  open_router: 'openai',
  openrouter: 'openai',
  lmstudio: 'openai',
  llamacpp: 'openai',
  anthropic: 'anthropic',
  claude: 'anthropic',
};

const DEFAULT_BASE_URL: Record<Exclude<EndpointType, 'embedded'>, string> = {
  ollama: 'http://127.0.0.1:11434',
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
};

const url = z.string().refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'must be an http:// or https:// URL');

export const aiConfigSchema = z.lazy(() =>
  z.looseObject({
    model: z.string().min(1).optional(),
    base_url: url.optional(),
    /** spellings other tools use for the same thing */
    host: url.optional(),
    api_base: url.optional(),
    api_key: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().min(1).max(100_000).optional(),
    /** seconds */
    timeout: z.number().positive().max(3600).optional(),
    timeout_seconds: z.number().positive().max(3600).optional(),
  }),
);

export const aiSupportSchema = z.lazy(() =>
  z
    .looseObject({
      enabled: z.boolean().optional(),
      endpoint_type: z
        .string()
        .transform((v) => v.trim().toLowerCase().replace(/-/g, '_'))
        .refine((v) => v in ALIASES, {
          message: `must be one of ${ENDPOINT_TYPES.join(', ')} (Potato's vllm and open_router are accepted as openai; for other services use openai with an OpenAI-compatible base_url)`,
        })
        .optional(),
      ai_config: aiConfigSchema.optional(),
      /** embedded provider: labelled examples of a scheme needed before it suggests anything */
      min_examples: z.number().int().min(1).max(10_000).optional(),
    })
    .superRefine((raw, ctx) => {
      const type = raw.endpoint_type ? ALIASES[raw.endpoint_type] : 'embedded';
      if (type === 'embedded') return;
      if (!raw.ai_config?.model)
        ctx.addIssue({
          code: 'custom',
          path: ['ai_config', 'model'],
          message: `required when endpoint_type is ${raw.endpoint_type}`,
        });
      if (type === 'anthropic' && !raw.ai_config?.api_key)
        ctx.addIssue({
          code: 'custom',
          path: ['ai_config', 'api_key'],
          message: 'required for anthropic (write "${ANTHROPIC_API_KEY}" to take it from the environment)',
        });
    }),
);

export type RawAiSupport = z.infer<typeof aiSupportSchema>;

/** The section with defaults applied, as the AI feature uses it. */
export interface AiSettings {
  enabled: boolean;
  endpointType: EndpointType;
  model: string;
  baseUrl: string;
  apiKey?: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  minExamples: number;
}

export function aiSettingsFrom(raw: RawAiSupport | undefined): AiSettings {
  const endpointType = raw?.endpoint_type ? ALIASES[raw.endpoint_type] : 'embedded';
  const c = raw?.ai_config ?? {};
  const baseUrl =
    endpointType === 'embedded' ? '' : (c.base_url ?? c.host ?? c.api_base ?? DEFAULT_BASE_URL[endpointType]);
  return {
    enabled: raw?.enabled ?? true,
    endpointType,
    model: endpointType === 'embedded' ? 'naive-bayes' : c.model!,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: c.api_key || undefined,
    temperature: c.temperature ?? 0,
    maxTokens: c.max_tokens ?? 300,
    timeoutMs: Math.round((c.timeout ?? c.timeout_seconds ?? 30) * 1000),
    minExamples: raw?.min_examples ?? 5,
  };
}

/** Why ai_support gives the features that need a language model (ICL labelling, the judge) none, or null. */
export function llmMissing(ai: RawAiSupport | undefined): string | null {
  if (ai?.enabled === false) return 'ai_support.enabled is false; the model is the one ai_support names';
  if (aiSettingsFrom(ai).endpointType === 'embedded')
    return 'ai_support names no LLM (the offline learner is not one): set ai_support.endpoint_type (ollama, openai, anthropic) and ai_support.ai_config.model';
  return null;
}

/**
 * Marks the process_reward schemes asking for AI pre-labels where ai_support names no model, so the page shows no
 * button that could only fail, and warns about each.
 */
export function prelabelWithoutModel(
  schemes: readonly { name: string; annotation_type: string; extra: Record<string, unknown> }[],
  ai: RawAiSupport | undefined,
  warn: (m: string) => void,
): void {
  const missing = llmMissing(ai);
  if (!missing) return;
  for (const s of schemes)
    if (s.annotation_type === 'process_reward' && s.extra.ai_prelabel) {
      s.extra.ai_prelabel_ready = false;
      warn(
        `annotation_schemes "${s.name}": ai_prelabel has no model to ask (${missing}); the AI pre-label button is not shown and the annotator rewards each step`,
      );
    }
}
