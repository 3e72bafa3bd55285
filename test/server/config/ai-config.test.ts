/** The `ai_support` section: defaults, Potato's spellings, `${NAME}` keys, and refusals naming the key. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/load.js';
import { aiSettingsFrom } from '../../../server/config/sections/ai.js';
import { writeProject } from '../../helpers/project.js';

const RADIO = { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] };
const load = (ai_support: unknown, env: NodeJS.ProcessEnv = {}) =>
  loadConfig(
    writeProject({ config: { annotation_schemes: [RADIO], ...(ai_support === undefined ? {} : { ai_support }) } }),
    env,
  );
const settings = (ai_support: unknown, env: NodeJS.ProcessEnv = {}) =>
  aiSettingsFrom(load(ai_support, env).raw.ai_support);

function refusal(ai_support: unknown): string {
  try {
    load(ai_support);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('ai_support', () => {
  it('defaults to the embedded provider, on, with no network settings', () => {
    expect(settings(undefined)).toMatchObject({
      enabled: true,
      endpointType: 'embedded',
      model: 'naive-bayes',
      baseUrl: '',
      minExamples: 5,
    });
    expect(load(undefined).settings.ai_enabled).toBe(true);
    expect(load({ enabled: false }).settings.ai_enabled).toBe(false);
  });

  it("reads Potato's section as written, with ${NAME} keys and defaults per provider", () => {
    const potato = {
      enabled: true,
      endpoint_type: 'openai',
      ai_config: {
        model: 'gpt-4o-mini',
        api_key: '${OPENAI_API_KEY}',
        temperature: 0.3,
        max_tokens: 100,
        include: { all: true },
      },
      cache_config: { disk_cache: { enabled: true } },
    };
    expect(settings(potato, { OPENAI_API_KEY: 'sk-x' })).toEqual({
      enabled: true,
      endpointType: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com',
      apiKey: 'sk-x',
      temperature: 0.3,
      maxTokens: 100,
      timeoutMs: 30_000,
      minExamples: 5,
    });
    expect(settings({ endpoint_type: 'ollama', ai_config: { model: 'llama3.2' } })).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434',
      apiKey: undefined,
    });
    expect(
      settings({
        endpoint_type: 'vllm',
        ai_config: { model: 'q', base_url: 'http://127.0.0.1:8001/v1/', timeout: 2.5 },
      }),
    ).toMatchObject({ endpointType: 'openai', baseUrl: 'http://127.0.0.1:8001/v1', timeoutMs: 2500 });
    expect(settings({ endpoint_type: 'Anthropic', ai_config: { model: 'claude', api_key: 'k' } })).toMatchObject({
      endpointType: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
    });
  });

  it('refuses what cannot work, naming the key', () => {
    expect(refusal({ endpoint_type: 'gemini', ai_config: { model: 'x' } })).toMatch(
      /ai_support\.endpoint_type: must be one of embedded, ollama, openai, anthropic/,
    );
    expect(refusal({ endpoint_type: 'ollama' })).toMatch(
      /ai_support\.ai_config\.model: required when endpoint_type is ollama/,
    );
    expect(refusal({ endpoint_type: 'anthropic', ai_config: { model: 'c' } })).toMatch(
      /ai_support\.ai_config\.api_key: required for anthropic/,
    );
    expect(refusal({ endpoint_type: 'openai', ai_config: { model: 'm', base_url: 'localhost:8000' } })).toMatch(
      /ai_support\.ai_config\.base_url: must be an http/,
    );
    expect(refusal({ enabled: 'yes' })).toMatch(/ai_support\.enabled/);
    expect(refusal({ ai_config: { temperature: 7 } })).toMatch(/ai_support\.ai_config\.temperature/);
  });
});
