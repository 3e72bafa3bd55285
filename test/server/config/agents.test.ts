/** chat_support and agent_proxy: read with Potato's defaults, refused by key when they cannot work here. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>) => loadConfig(writeProject({ config }), {});

describe('chat_support', () => {
  it('is off without the section or with enabled not true, and then checks nothing', () => {
    expect(load({}).chat.settings.enabled).toBe(false);
    expect(load({ chat_support: { endpoint_type: 'nonsense' } }).chat.settings.enabled).toBe(false);
  });

  it("reads Potato's keys with its defaults", () => {
    const c = load({
      chat_support: {
        enabled: true,
        endpoint_type: 'vllm',
        ai_config: { model: 'm', base_url: 'http://127.0.0.1:9/v1' },
      },
    });
    expect(c.chat.settings).toMatchObject({ enabled: true, title: 'Ask AI', sidebarWidth: 380, maxHistory: 50 });
    expect(c.chat.llm).toMatchObject({ endpointType: 'openai', model: 'm', temperature: 0.7, maxTokens: 500 });
  });

  it('refuses a chat without a model endpoint, naming the key', () => {
    expect(() => load({ chat_support: { enabled: true } })).toThrow(
      /chat_support.endpoint_type: a chat needs a model endpoint/,
    );
    expect(() => load({ chat_support: { enabled: true, endpoint_type: 'ollama' } })).toThrow(
      /chat_support.ai_config.model/,
    );
    expect(() => load({ chat_support: { enabled: true, endpoint_type: 'gemini', ai_config: { model: 'g' } } })).toThrow(
      /chat_support.endpoint_type: must be one of/,
    );
    expect(() => load({ chat_support: { enabled: true, ui: { sidebar_width: 5000 } } })).toThrow(/sidebar_width/);
  });
});

describe('agent_proxy', () => {
  it('reads an echo agent and its sandbox', () => {
    const c = load({
      agent_proxy: { type: 'echo', responses: ['a'], sandbox: { max_steps: 4, max_session_seconds: 60 } },
    });
    expect(c.agentProxy?.settings).toMatchObject({ type: 'echo', responses: ['a'], maxSteps: 4, maxSessionMs: 60_000 });
    expect(c.agentProxy?.llm).toBeUndefined();
    expect(load({}).agentProxy).toBeUndefined();
  });

  it('reads an openai agent as an OpenAI-compatible endpoint with the sandbox timeout', () => {
    const c = load({ agent_proxy: { type: 'openai', model: 'gpt-x', sandbox: { request_timeout_seconds: 5 } } });
    expect(c.agentProxy?.llm).toMatchObject({
      endpointType: 'openai',
      model: 'gpt-x',
      timeoutMs: 5000,
      maxTokens: 1024,
    });
  });

  it('refuses the agents it does not run, by name', () => {
    expect(() => load({ agent_proxy: { type: 'http', url: 'http://example.org/agent' } })).toThrow(
      /agent_proxy.type: "http" is not run here/,
    );
    expect(() => load({ agent_proxy: { type: 'coding' } })).toThrow(/agent_proxy.type: "coding" is not run here/);
    expect(() => load({ agent_proxy: { type: 'telepathy' } })).toThrow(/agent_proxy.type: must be echo or openai/);
  });
});
