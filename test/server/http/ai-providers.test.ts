/**
 * The LLM providers over real HTTP, each against a local receiver that speaks its wire protocol (Ollama /api/chat,
 * OpenAI /v1/chat/completions, Anthropic /v1/messages): success, caching, invalid replies, errors, timeouts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmCall, type LlmServer } from '../../helpers/llm-server.js';

const SCHEMES = [
  {
    annotation_type: 'radio',
    name: 'sentiment',
    description: 'How does the reviewer feel?',
    labels: [{ name: 'positive', tooltip: 'happy with it' }, 'negative', 'neutral'],
  },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'quality'] },
  { annotation_type: 'text', name: 'note' },
];
const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  id: `r${i + 1}`,
  text: `Review ${i + 1}: great quality for the price, I love it.`,
}));
const KEY = 'sk-test-secret-123';

/** the user prompt, wherever the protocol puts it */
const promptOf = (call: LlmCall): string =>
  call.path.endsWith('/messages')
    ? call.body.messages[0].content
    : call.body.messages.find((m: { role: string }) => m.role === 'user').content;

const good = (call: LlmCall) => ({
  content: promptOf(call).includes('Question (topics)')
    ? JSON.stringify({
        labels: ['price', 'Quality'],
        confidence: 80,
        rationale: 'mentions both',
        keywords: ['price', 'not in text'],
      })
    : '```json\n' +
      JSON.stringify({
        label: 'positive',
        confidence: 0.9,
        rationale: 'it sounds happy',
        keywords: ['great', 'love it'],
      }) +
      '\n```',
});

const PROVIDERS = [
  { type: 'ollama', path: '/api/chat', key: false },
  { type: 'openai', path: '/v1/chat/completions', key: true },
  { type: 'anthropic', path: '/v1/messages', key: true },
] as const;

describe.each(PROVIDERS)('the $type provider', ({ type, path, key }) => {
  let llm: LlmServer;
  let t: TestServer;
  let alice: Client;
  /** a server asking this provider at `llm`, giving up on it after `timeout` seconds */
  const serve = (timeout: number) =>
    startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        ai_support: {
          enabled: true,
          endpoint_type: type,
          ai_config: {
            model: 'test-model',
            base_url: llm.url,
            ...(key ? { api_key: '${TEST_LLM_KEY}' } : {}),
            temperature: 0.2,
            max_tokens: 123,
            timeout,
          },
        },
      },
      options: { env: { TEST_LLM_KEY: KEY } },
    });
  beforeAll(async () => {
    llm = await startLlmServer();
    // room for a loaded machine: a model that answers is never waited on for the whole timeout
    t = await serve(30);
    alice = await t.client().login('alice');
  });

  it('sends a JSON-asking prompt in the protocol and returns validated suggestions', async () => {
    llm.reply = good;
    llm.calls.length = 0;
    const r = await alice.get('/get_ai_suggestion?instance_id=r1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      instance_id: 'r1',
      provider: type,
      model: 'test-model',
      suggestions: {
        sentiment: { label: 'positive', confidence: 0.9, rationale: 'it sounds happy' },
        topics: { label: 'price', labels: ['price', 'quality'], confidence: 0.8, rationale: 'mentions both' },
      },
    });
    expect(llm.calls).toHaveLength(2); // one per label scheme; the text scheme is not asked about
    const call = llm.calls.find((c) => promptOf(c).includes('Question (sentiment)'))!;
    expect(call.path).toBe(path);
    expect(call.body.model).toBe('test-model');
    const prompt = promptOf(call);
    expect(prompt).toContain('Review 1: great quality for the price, I love it.');
    expect(prompt).toContain('- positive: happy with it');
    expect(prompt).toContain('How does the reviewer feel?');
    expect(prompt).toMatch(/Answer as: \{"label"/);
    if (type === 'ollama') {
      expect(call.body).toMatchObject({
        stream: false,
        format: 'json',
        options: { temperature: 0.2, num_predict: 123 },
      });
      expect(call.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    } else if (type === 'openai') {
      expect(call.body).toMatchObject({ temperature: 0.2, max_tokens: 123 });
      expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(call.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    } else {
      expect(call.body).toMatchObject({ temperature: 0.2, max_tokens: 123, system: expect.stringContaining('JSON') });
      expect(call.headers['x-api-key']).toBe(KEY);
      expect(call.headers['anthropic-version']).toBe('2023-06-01');
      expect(call.body.messages.map((m: { role: string }) => m.role)).toEqual(['user']);
    }
  });

  it('serves repeated views from the cache without calling the model again', async () => {
    llm.reply = good;
    await alice.get('/get_ai_suggestion?instance_id=r2');
    const calls = llm.calls.length;
    const again = await alice.get('/api/get_ai_suggestion?instance_id=r2');
    expect(again.status).toBe(200);
    const help = await alice.get('/api/ai_assistant?instance_id=r2&schema=sentiment');
    expect(help.status).toBe(200);
    expect(llm.calls.length).toBe(calls);
    expect(help.body).toMatchObject({
      instance_id: 'r2',
      schema: 'sentiment',
      provider: type,
      suggested_label: 'positive',
      confidence: 0.9,
      hint: 'Suggested: positive (90% confident). it sounds happy',
    });
    const text = ITEMS[1].text;
    expect(help.body.keywords).toEqual([
      {
        text: 'great',
        start: text.indexOf('great'),
        end: text.indexOf('great') + 5,
        label: 'positive',
        source: 'evidence',
      },
      {
        text: 'love it',
        start: text.indexOf('love it'),
        end: text.indexOf('love it') + 7,
        label: 'positive',
        source: 'evidence',
      },
    ]);
    // the cache is in the data folder: it survives a restart
    t = await t.restart();
    alice = await t.client().login('alice');
    expect((await alice.get('/get_ai_suggestion?instance_id=r2')).status).toBe(200);
    expect(llm.calls.length).toBe(calls);
  });

  it('refuses a reply that is not JSON or names a label outside the scheme (502), and does not cache failures', async () => {
    llm.reply = () => ({ content: 'I think it is positive!' });
    const notJson = await alice.get('/api/ai_assistant?instance_id=r3&schema=sentiment');
    expect(notJson.status).toBe(502);
    expect(notJson.body.error).toMatch(/did not answer with a JSON object/);
    llm.reply = () => ({ content: JSON.stringify({ label: 'ecstatic', confidence: 0.99 }) });
    const outside = await alice.get('/api/ai_assistant?instance_id=r3&schema=sentiment');
    expect(outside.status).toBe(502);
    expect(outside.body.error).toMatch(/"ecstatic", which is not a label of "sentiment"/);
    llm.reply = () => ({ raw: '{"unexpected": true}' });
    const wrongShape = await alice.get('/api/ai_assistant?instance_id=r3&schema=sentiment');
    expect(wrongShape.status).toBe(502);
    expect(wrongShape.body.error).toMatch(/without the reply text/);
    llm.reply = good;
    const ok = await alice.get('/api/ai_assistant?instance_id=r3&schema=sentiment');
    expect(ok.status).toBe(200);
    expect(ok.body.suggested_label).toBe('positive');
    // nothing the model said became an annotation
    expect((await alice.get('/get_annotations?instance_id=r3')).body.annotations).toEqual({});
  });

  it('answers 502 when the model server fails, without leaking the key', async () => {
    llm.reply = () => ({ status: 500 });
    const failed = await alice.get('/get_ai_suggestion?instance_id=r4');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(
      new RegExp(`the ${type} server at http://127\\.0\\.0\\.1:\\d+ answered 500: scripted failure 500`),
    );
    if (!key) return; // ollama is configured without a key here
    llm.reply = () => ({
      status: 401,
      raw: JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }),
    });
    const denied = await alice.get('/get_ai_suggestion?instance_id=r4');
    expect(denied.status).toBe(502);
    expect(denied.body.error).toMatch(/answered 401: Incorrect API key provided: \*\*\*/);
    expect(denied.text).not.toContain(KEY);
  });

  it('answers 504 when the model does not answer within the timeout', async () => {
    llm.reply = () => ({
      ...good({ path, body: { messages: [{ role: 'user', content: '' }] }, headers: {} }),
      delayMs: 1500,
    });
    // a server of its own with a short timeout: a loaded machine only makes the late answer later
    const impatient = await serve(0.5);
    const slow = await (
      await impatient.client().login('alice')
    ).get('/api/ai_assistant?instance_id=r5&schema=sentiment');
    expect(slow.status).toBe(504);
    expect(slow.body.error).toMatch(/did not answer within 0\.5 s/);
  });
});

describe('an LLM provider that is not running', () => {
  it('answers 502 saying it could not be reached', async () => {
    const llm = await startLlmServer();
    const url = llm.url;
    await llm.close();
    const t = await startServer({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        ai_support: { endpoint_type: 'ollama', ai_config: { model: 'llama3.2', base_url: url } },
      },
    });
    const alice = await t.client().login('alice');
    const r = await alice.get('/get_ai_suggestion?instance_id=r1');
    expect(r.status).toBe(502);
    expect(r.body.error).toMatch(
      new RegExp(
        `could not reach the ollama server at ${url.replace(/\./g, '\\.')} \\(ECONNREFUSED\\); is it running\\?`,
      ),
    );
  });
});
