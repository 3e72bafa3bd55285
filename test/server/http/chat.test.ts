/**
 * Potato's chat support over real HTTP, the model a local receiver speaking Ollama's and OpenAI's protocols: the
 * sidebar's settings, a conversation per annotator and item sent with its history and the item in the system
 * prompt, bad input, sessions, and a model that fails or is too slow leaving the conversation as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import type { TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmServer } from '../../helpers/llm-server.js';
import { startSignedIn } from '../../helpers/model-project.js';

const ITEMS = [
  { id: 'c1', text: 'The soup was cold and the waiter rude.' },
  { id: 'c2', text: 'Lovely garden, friendly staff.' },
];
const SCHEMES = [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }];

describe('chat support', () => {
  let llm: LlmServer;
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    llm = await startLlmServer();
    ({
      t,
      clients: [alice, bob],
    } = await startSignedIn(
      {
        items: ITEMS,
        config: {
          annotation_task_name: 'Restaurant reviews',
          annotation_schemes: SCHEMES,
          chat_support: {
            enabled: true,
            endpoint_type: 'ollama',
            ai_config: { model: 'chat-model', base_url: llm.url, timeout: 3 },
            system_prompt: {
              template: 'Task {task_name}; labels {annotation_labels}; item {instance_id}: {instance_text} {kept}',
            },
            ui: { title: 'Ask the model', max_history_per_instance: 4 },
          },
        },
      },
      ['alice', 'bob'],
    ));
  });

  it('answers its settings to a signed-in annotator, and nothing without a session', async () => {
    const r = await alice.get('/api/chat/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enabled: true, title: 'Ask the model', sidebar_width: 380, model: 'chat-model' });
    expect((await t.client().get('/api/chat/config')).status).toBe(401);
    expect((await t.client().post('/api/chat/send', { message: 'hi', instance_id: 'c1' })).status).toBe(401);
    expect((await t.client().get('/api/chat/history?instance_id=c1')).status).toBe(401);
  });

  it('sends the item in the system prompt and the conversation so far, and keeps both sides', async () => {
    llm.calls.length = 0;
    llm.reply = (call) => ({ content: `reply ${call.body.messages.length}` });
    const first = await alice.post('/api/chat/send', { message: 'Is this sarcastic?', instance_id: 'c1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ content: 'reply 2', instance_id: 'c1' });
    expect(first.body.response_time_ms).toBeGreaterThan(0);
    const second = await alice.post('/api/chat/send', { message: 'Why?', instance_id: 'c1' });
    expect(second.body.content).toBe('reply 4');
    const call = llm.calls[1];
    expect(call.path).toBe('/api/chat');
    expect(call.body.format).toBeUndefined(); // a chat reply is free text, not the JSON suggestions ask for
    expect(call.body.options).toMatchObject({ temperature: 0.7, num_predict: 500 });
    expect(call.body.messages).toEqual([
      {
        role: 'system',
        content:
          'Task Restaurant reviews; labels sentiment (positive, negative); item c1: The soup was cold and the waiter rude. {kept}',
      },
      { role: 'user', content: 'Is this sarcastic?' },
      { role: 'assistant', content: 'reply 2' },
      { role: 'user', content: 'Why?' },
    ]);
    const history = await alice.get('/api/chat/history?instance_id=c1');
    expect(history.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Is this sarcastic?'],
      ['assistant', 'reply 2'],
      ['user', 'Why?'],
      ['assistant', 'reply 4'],
    ]);
  });

  it('keeps conversations apart per annotator and per item, and means the current item without an id', async () => {
    llm.reply = () => ({ content: 'ok' });
    expect((await bob.get('/api/chat/history?instance_id=c1')).body.messages).toEqual([]);
    const r = await bob.post('/api/chat/send', { message: 'About this one' });
    expect(r.status).toBe(200);
    expect(r.body.instance_id).toBe('c1');
    expect((await bob.get('/api/chat/history')).body.messages).toHaveLength(2);
    expect((await bob.get('/api/chat/history?instance_id=c2')).body.messages).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, and unknown items with a 404', async () => {
    for (const body of [{}, { message: '   ' }, { message: 7 }, { message: 'x'.repeat(4001) }]) {
      const r = await alice.post('/api/chat/send', { instance_id: 'c2', ...body });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^message: /);
    }
    expect((await alice.post('/api/chat/send', { message: 'hi', instance_id: 'nope' })).status).toBe(404);
    expect((await alice.get('/api/chat/history?instance_id=c2')).body.messages).toEqual([]);
  });

  it('refuses a full conversation by its limit', async () => {
    const r = await alice.post('/api/chat/send', { message: 'third', instance_id: 'c1' });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('max_history_per_instance');
  });

  it('answers a failing or slow model with 502/504 and keeps the conversation as it was', async () => {
    llm.reply = () => ({ status: 500 });
    const failed = await bob.post('/api/chat/send', { message: 'again', instance_id: 'c2' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toContain('answered 500');
    llm.reply = () => ({ content: 'late', delayMs: 60_000 }); // never in time: the answer is the timeout's
    const slow = await bob.post('/api/chat/send', { message: 'again', instance_id: 'c2' });
    expect(slow.status).toBe(504);
    expect(slow.body.error).toContain('chat_support.ai_config.timeout');
    expect((await bob.get('/api/chat/history?instance_id=c2')).body.messages).toEqual([]);
  });

  it('keeps conversations across a restart', async () => {
    t = await t.restart();
    const again = await t.client().login('alice');
    expect((await again.get('/api/chat/history?instance_id=c1')).body.messages).toHaveLength(4);
  });
});

describe('chat support turned off', () => {
  it('says enabled: false, and a message is a 503 naming the section', async () => {
    const {
      clients: [alice],
    } = await startSignedIn({ items: ITEMS, config: { annotation_schemes: SCHEMES } }, ['alice']);
    expect((await alice.get('/api/chat/config')).body.enabled).toBe(false);
    const r = await alice.post('/api/chat/send', { message: 'hi', instance_id: 'c1' });
    expect(r.status).toBe(503);
    expect(r.body.error).toContain('chat_support');
  });
});
