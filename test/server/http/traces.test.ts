/**
 * Potato's trace webhook over real HTTP: a pushed trace becomes an ordinary item that annotators get and exports
 * hold, the shared key is checked (401 / 403), bad bodies are refused naming the field, a retry adds nothing, and a
 * project that does not turn it on answers 503 naming the key. Runs on PostgreSQL too (POSTGRES_HTTP_SUITES).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';

const KEY = 'trace-shared-secret';

const genericTrace = (id: string) => ({
  id,
  task_description: 'Which river flows through Vienna?',
  trace: [
    { speaker: 'Agent (Thought)', text: 'A map will settle it.' },
    { speaker: 'Agent (Action)', text: "lookup(place='Vienna')" },
    { speaker: 'Environment', text: 'The Danube flows through Vienna.' },
  ],
  steps: [
    { type: 'thought', thought: 'A map will settle it.' },
    { action_type: 'lookup', observation: 'The Danube flows through Vienna.' },
  ],
  status: 'success',
});

// what LangChain's callback and Potato's tracing SDK send: the run tree, root first
const langSmithRuns = (rootId: string) => ({
  project_name: 'roundtrip',
  runs: [
    {
      id: rootId,
      parent_run_id: null,
      run_type: 'chain',
      name: 'agent',
      inputs: { task: 'weather' },
      outputs: { output: 'sunny' },
      status: 'success',
    },
    {
      id: `${rootId}-tool`,
      parent_run_id: rootId,
      run_type: 'tool',
      name: 'search',
      inputs: { input: 'weather' },
      outputs: { output: 'results for weather' },
      status: 'success',
    },
  ],
});

describe('trace webhook', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      items: sampleItems(2),
      config: { trace_ingestion: { enabled: true, api_key: KEY } },
    });
  });
  const sender = () => t.client({ authorization: `Bearer ${KEY}` });

  it('adds a trace as an item that annotators get, old and new, and the export holds', async () => {
    const early = await t.client().login('early');
    expect((await early.get('/api/current_instance')).body.total_instances).toBe(2);

    const r = await sender().post('/api/traces/webhook', genericTrace('evt001'));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'accepted', trace_id: 'webhook_evt001', steps: 2, duplicate: false });

    for (const who of [early, await t.client().login('late')]) {
      expect((await who.get('/api/current_instance')).body.total_instances).toBe(3);
      const at = await who.post('/go_to', { go_to: 'webhook_evt001' });
      expect(at.status).toBe(200);
      expect(at.body.instance_id).toBe('webhook_evt001');
      expect(at.body.text).toBe('Which river flows through Vienna?');
    }
    await early.post('/updateinstance', {
      instance_id: 'webhook_evt001',
      annotations: { 'sentiment:positive': 'true' },
    });
    const exported = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const row = exported
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.instance_id === 'webhook_evt001');
    expect(row).toMatchObject({ annotator: 'early', labels: { sentiment: 'positive' } });
  });

  it('keeps what Potato keeps: steps normalized, the speaker/text list, signals, metadata', async () => {
    await sender().post('/api/traces/webhook', genericTrace('evt-shape'));
    const view = await (await t.client().login('viewer')).post('/go_to', { go_to: 'webhook_evt-shape' });
    const data = view.body.data as Record<string, any>;
    expect(data.task_description).toBe('Which river flows through Vienna?');
    expect(data.trace[0]).toEqual({ speaker: 'Agent (Thought)', text: 'A map will settle it.' });
    expect(data.steps[0]).toMatchObject({ step_index: 0, action_type: 'thought', thought: 'A map will settle it.' });
    expect(data.steps[1]).toMatchObject({ action_type: 'lookup', observation: 'The Danube flows through Vienna.' });
    expect(data.status).toBe('success');
    expect(data.metadata).toMatchObject({ source: 'webhook', format: 'generic', original_id: 'evt-shape' });
  });

  it('answers a retry of the same trace as a duplicate and adds nothing', async () => {
    const first = await sender().post('/api/traces/webhook', genericTrace('evt-retry'));
    expect(first.body.duplicate).toBe(false);
    const again = await sender().post('/api/traces/webhook', { ...genericTrace('evt-retry'), status: 'changed' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'accepted', trace_id: 'webhook_evt-retry', duplicate: true });
    // a trace without an id is named by its content: the same body twice is one item
    const body = { task_description: 'no id here', steps: [{ type: 'thought', thought: 'hm' }] };
    const a = await sender().post('/api/traces/webhook', body);
    const b = await sender().post('/api/traces/webhook', body);
    expect(a.body.trace_id).toMatch(/^webhook_h[0-9a-f]{16}$/);
    expect(b.body).toMatchObject({ trace_id: a.body.trace_id, duplicate: true });
    const total = (await (await t.client().login('counter')).get('/api/current_instance')).body.total_instances;
    const status = await (await t.client().login('counter')).get('/api/traces/status');
    expect(status.status).toBe(200);
    expect(status.body.stats.processed).toBe(total - 2);
  });

  it('takes LangSmith run trees at /api/traces/langsmith and, detected, at /api/traces/webhook', async () => {
    const r = await sender().post('/api/traces/langsmith', langSmithRuns('run-1'));
    expect(r.body).toEqual({ status: 'accepted', trace_id: 'langsmith_run-1', steps: 2, duplicate: false });
    const detected = await t.client({ 'x-api-key': KEY }).post('/api/traces/webhook', langSmithRuns('run-2'));
    expect(detected.body.trace_id).toBe('langsmith_run-2');
  });

  it('takes an OTLP JSON export at /api/traces/otel, one item per trace id, a retry adding nothing', async () => {
    const span = (traceId: string, spanId: string, parent: string, attrs: Record<string, string>) => ({
      traceId,
      spanId,
      parentSpanId: parent,
      name: spanId === 'root' ? 'Answer a question' : 'LLM',
      startTimeUnixNano: spanId === 'root' ? '1700000000000000000' : '1700000000500000000',
      attributes: Object.entries(attrs).map(([key, v]) => ({ key, value: { stringValue: v } })),
    });
    const otlp = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span('t1', 'llm', 'root', {
                  'input.value': 'What is RLHF?',
                  'output.value': 'Learning from feedback.',
                  'llm.model_name': 'gpt-4o',
                }),
                span('t1', 'root', '', {}),
                span('t2', 'tool', '', { 'tool.name': 'search', 'tool.input': 'rlhf', 'tool.output': '3 results' }),
              ],
            },
          ],
        },
      ],
    };
    const r = await sender().post('/api/traces/otel', otlp);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'accepted', ingested: 2, duplicates: 0, trace_ids: ['otel_t1', 'otel_t2'] });
    const view = await (await t.client().login('otel-reader')).post('/go_to', { go_to: 'otel_t1' });
    expect(view.body.text).toBe('Answer a question');
    expect(view.body.data.conversation).toEqual([
      { speaker: 'User', text: 'What is RLHF?', run_id: 'llm' },
      { speaker: 'Agent', text: 'Learning from feedback.', run_id: 'llm' },
    ]);
    expect(view.body.data.agent_name).toBe('gpt-4o');
    const tool = await (await t.client().login('otel-reader')).post('/go_to', { go_to: 'otel_t2' });
    expect(tool.body.data.conversation).toEqual([
      { speaker: 'Agent (Action)', text: 'search(rlhf)', run_id: 'tool' },
      { speaker: 'Environment', text: '3 results', run_id: 'tool' },
    ]);
    expect((await sender().post('/api/traces/otel', otlp)).body).toMatchObject({ ingested: 0, duplicates: 2 });
    expect((await sender().post('/api/traces/otel', { resourceSpans: [] })).body).toMatchObject({ ingested: 0 });
    const bad = await sender().post('/api/traces/otel', {
      resourceSpans: [{ scopeSpans: [{ spans: [{ name: 5 }] }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.name:/);
    expect((await t.client().post('/api/traces/otel', otlp)).status).toBe(401);
  });

  it('refuses a request without the key (401) and with a wrong one (403), before reading its body', async () => {
    const none = await t.client().post('/api/traces/webhook', genericTrace('evt-nokey'));
    expect(none.status).toBe(401);
    expect(none.body.error).toContain('trace_ingestion.api_key');
    const wrong = await t.client({ authorization: 'Bearer not-the-key' }).post('/api/traces/webhook', [1]);
    expect(wrong.status).toBe(403);
    const wrongHeader = await t.client({ 'x-api-key': 'nope' }).post('/api/traces/langsmith', langSmithRuns('x'));
    expect(wrongHeader.status).toBe(403);
    expect((await sender().post('/go_to', { go_to: 'webhook_evt-nokey' })).status).not.toBe(200);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ id: 'bad1', steps: 'not a list' }, 'steps'],
      [{ id: 'bad2', steps: [{ thought: 'x' }, 7] }, 'steps[1]'],
      [{ id: { nested: true }, task_description: 'x' }, 'id'],
      [{ id: 'bad\u0007bell', task_description: 'x' }, 'id'],
      [{ id: 'x'.repeat(201), task_description: 'x' }, 'id'],
      [{ id: 'bad3' }, 'steps'],
      [[genericTrace('in-a-list')], 'body'],
      [{ resourceSpans: [] }, 'resourceSpans'],
      [{ runs: [] }, 'runs'],
      [{ runs: [{ id: 'r', inputs: 'text' }] }, 'runs[0].inputs'],
    ];
    for (const [body, field] of cases) {
      const r = await sender().post('/api/traces/webhook', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.startsWith(`${field}:`), r.body.error).toBe(true);
    }
    // a body that is not JSON would read as an empty LangSmith run and become an item
    const itemsBefore = (await t.admin().get('/admin/api/overview')).body.total_instances;
    for (const path of ['/api/traces/langsmith', '/api/traces/webhook', '/api/traces/otel']) {
      const text = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: 'not json',
      });
      expect(text.status, path).toBe(400);
      expect((await text.json()).error).toMatch(/^body: send the trace as JSON/);
    }
    expect((await t.admin().get('/admin/api/overview')).body.total_instances).toBe(itemsBefore);
    const format = await sender().post('/api/traces/webhook?format=otel', genericTrace('fmt'));
    expect(format.status).toBe(400);
    expect(format.body.error).toMatch(/^format:.*\/api\/traces\/otel/);
  });
});

describe('trace webhook switched off', () => {
  it('answers 503 naming trace_ingestion.enabled, and the status likewise', async () => {
    const t = await startServer({ items: sampleItems(2) });
    const r = await t.client().post('/api/traces/webhook', genericTrace('off'));
    expect(r.status).toBe(503);
    expect(r.body.error).toContain('trace_ingestion: {enabled: true}');
    expect((await (await t.client().login('u')).get('/api/traces/status')).status).toBe(503);
  });

  it('lets anyone in when api_key is empty, as Potato does (start-up warns: config/trace-ingestion.test.ts)', async () => {
    const t = await startServer({ items: sampleItems(2), config: { trace_ingestion: { enabled: true, api_key: '' } } });
    const r = await t.client().post('/api/traces/webhook', genericTrace('open'));
    expect(r.status).toBe(200);
    expect(r.body.trace_id).toBe('webhook_open');
  });
});
