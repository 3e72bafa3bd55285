/**
 * Potato's interactive agent chat over real HTTP: an echo agent's replies in turn, the step limit, finishing a
 * conversation, sessions, each annotator's conversation apart; an openai agent through a local OpenAI-compatible
 * receiver, and one that fails leaving the conversation as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import type { TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmServer } from '../../helpers/llm-server.js';
import { startSignedIn } from '../../helpers/model-project.js';

const ITEMS = [
  { id: 't1', text: 'Book a table for two.', conversation: null },
  { id: 't2', text: 'Find a train to the coast.', conversation: null },
];
const SCHEMES = [{ annotation_type: 'radio', name: 'task_success', labels: ['success', 'failure'] }];
const agentConfig = (agent: Record<string, unknown>) => ({
  annotation_schemes: SCHEMES,
  agent_proxy: agent,
  instance_display: {
    fields: [
      { key: 'text', type: 'text', label: 'Task' },
      { key: 'conversation', type: 'interactive_chat', label: 'Chat' },
    ],
  },
});

describe('an echo agent', () => {
  let t: TestServer;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    ({
      t,
      clients: [alice, bob],
    } = await startSignedIn(
      {
        items: ITEMS,
        config: agentConfig({
          type: 'echo',
          responses: ['one', 'two'],
          sandbox: { max_steps: 3, rate_limit_per_minute: 100 },
        }),
      },
      ['alice', 'bob'],
    ));
  });

  it('needs a session for every path', async () => {
    const anon = t.client();
    expect((await anon.post('/agent_chat/send', { message: 'hi' })).status).toBe(401);
    expect((await anon.post('/agent_chat/finish', {})).status).toBe(401);
    expect((await anon.get('/agent_chat/status')).status).toBe(401);
  });

  it('is inactive before the first message, then answers in turn and counts steps', async () => {
    expect((await alice.get('/agent_chat/status')).body).toMatchObject({ active: false, step_count: 0, max_steps: 3 });
    const replies = [];
    for (const m of ['a', 'b', 'c']) replies.push((await alice.post('/agent_chat/send', { message: m })).body);
    expect(replies).toEqual([
      { content: 'one', role: 'agent', step_count: 1, max_steps: 3 },
      { content: 'two', role: 'agent', step_count: 2, max_steps: 3 },
      { content: 'one', role: 'agent', step_count: 3, max_steps: 3 },
    ]);
    const over = await alice.post('/agent_chat/send', { message: 'd' });
    expect(over.status).toBe(400);
    expect(over.body.error).toContain('Step limit');
    const status = await alice.get('/agent_chat/status?instance_id=t1');
    expect(status.body.active).toBe(true);
    expect(status.body.messages.map((m: { role: string; content: string }) => `${m.role}:${m.content}`)).toEqual([
      'user:a',
      'agent:one',
      'user:b',
      'agent:two',
      'user:c',
      'agent:one',
    ]);
  });

  it('keeps each annotator and item apart', async () => {
    expect((await bob.get('/agent_chat/status')).body.step_count).toBe(0);
    await bob.post('/agent_chat/send', { message: 'other item', instance_id: 't2' });
    expect((await bob.get('/agent_chat/status?instance_id=t2')).body.step_count).toBe(1);
    expect((await alice.get('/agent_chat/status?instance_id=t2')).body.step_count).toBe(0);
  });

  it('refuses bad input by field', async () => {
    for (const body of [{}, { message: ' \n\t ' }, { message: ['x'] }]) {
      const r = await bob.post('/agent_chat/send', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^message: /);
    }
    const raw = await bob.request('POST', '/agent_chat/send', {
      raw: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect((await bob.post('/agent_chat/send', { message: 'x', instance_id: 'missing' })).status).toBe(404);
  });

  it('finishes once: the conversation is kept as the dialogue and takes no more messages', async () => {
    expect((await bob.post('/agent_chat/finish', {})).status).toBe(400); // nothing said on t1 yet
    const done = await alice.post('/agent_chat/finish', {});
    expect(done.body).toEqual({ success: true, message_count: 6 });
    const status = (await alice.get('/agent_chat/status')).body;
    expect(status).toMatchObject({ active: false, finished: true });
    expect(status.conversation.slice(0, 2)).toEqual([
      { speaker: 'User', text: 'a' },
      { speaker: 'Agent', text: 'one' },
    ]);
    expect((await alice.post('/agent_chat/finish', {})).status).toBe(400);
    expect((await alice.post('/agent_chat/send', { message: 'more' })).status).toBe(400);
    // bob's conversation on t2 goes on
    expect((await bob.post('/agent_chat/send', { message: 'still', instance_id: 't2' })).status).toBe(200);
  });
});

describe('an openai agent', () => {
  let llm: LlmServer;
  let alice: Client;
  beforeAll(async () => {
    llm = await startLlmServer();
    ({
      clients: [alice],
    } = await startSignedIn(
      {
        items: ITEMS,
        config: agentConfig({
          type: 'openai',
          model: 'agent-model',
          base_url: llm.url,
          system_prompt: 'You book things.',
        }),
      },
      ['alice'],
    ));
  });

  it('sends the conversation through the OpenAI-compatible endpoint', async () => {
    llm.reply = () => ({ content: 'Booked.' });
    const r = await alice.post('/agent_chat/send', { message: 'Table for two' });
    expect(r.body).toMatchObject({ content: 'Booked.', step_count: 1, max_steps: 20 });
    await alice.post('/agent_chat/send', { message: 'Thanks' });
    const call = llm.calls.at(-1)!;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.body.model).toBe('agent-model');
    expect(call.body.messages).toEqual([
      { role: 'system', content: 'You book things.' },
      { role: 'user', content: 'Table for two' },
      { role: 'assistant', content: 'Booked.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('answers a failing agent with 502 and keeps the conversation as it was', async () => {
    llm.reply = () => ({ status: 503 });
    const r = await alice.post('/agent_chat/send', { message: 'Again?' });
    expect(r.status).toBe(502);
    expect((await alice.get('/agent_chat/status')).body.step_count).toBe(2);
  });
});

describe('without an agent', () => {
  it('answers 503 naming agent_proxy', async () => {
    const {
      clients: [alice],
    } = await startSignedIn({ items: ITEMS, config: { annotation_schemes: SCHEMES } }, ['alice']);
    const r = await alice.post('/agent_chat/send', { message: 'hi' });
    expect(r.status).toBe(503);
    expect(r.body.error).toContain('agent_proxy');
    expect((await alice.get('/agent_chat/status')).body.active).toBe(false);
  });
});
