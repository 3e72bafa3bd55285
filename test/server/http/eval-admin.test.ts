/**
 * Potato's eval-admin API over real HTTP: the overview and each instance's state, the ingested traces with their
 * figures and regression alerts, curating traces into a dataset, and the pause on handing out work: nobody gets
 * new work while it holds (across a restart), what annotators hold stays theirs. Bad input named, admin rules.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const items = [
  { id: 'plain-1', text: 'an ordinary item' },
  {
    id: 'webhook_7',
    text: 'a trace from a webhook',
    model: 'm1',
    usage: { total_tokens: 100 },
    latency_ms: 100,
    cost: 0.01,
  },
  {
    id: 'lf-1',
    text: 'a Langfuse trace',
    metadata: { source: 'langfuse', triage_priority: 3 },
    model: 'm1',
    latency_ms: 120,
    usage: { prompt_tokens: 20, completion_tokens: 30 },
    cost: 0.01,
  },
  {
    id: 'lf-2',
    text: 'a slow failing trace',
    metadata: { source: 'langfuse' },
    model: '<i>m2</i>',
    latency_ms: 900,
    status: 'error',
    cost: 0.05,
  },
];
const config = {
  datasets: { enabled: true },
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
};

describe('the eval-admin API', () => {
  it('shows the suite at a glance, each instance and the ingested traces with their figures', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    const ann = await t.client().login('ann');
    expect((await ann.post('/updateinstance', { instance_id: 'lf-1', annotations: { 'ok:yes': 'true' } })).status).toBe(
      200,
    );
    await admin.post('/datasets/api/datasets/d/examples', { examples: [{ id: 'a' }, { id: 'b' }] });
    await admin.post('/datasets/api/experiments/run', {
      dataset: 'd',
      name: 'first',
      evaluators: [{ name: 'json_valid' }],
    });

    const status = await admin.get('/admin/eval/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      storage: expect.any(String),
      assignment_paused: false,
      users: 1,
      datasets: { count: 1, total_examples: 2 },
      experiments: { count: 1, latest: { id: 'exp-0001', name: 'first', aggregate_scores: { json_valid: 1 } } },
      instances: { total: 4, annotated: 1, multi_annotated: 0, remaining: 3, ingested: 3 },
    });

    const progress = (await admin.get('/admin/eval/progress')).body;
    expect(progress).toMatchObject({ truncated: false, cap: 1000 });
    expect(progress.instances[2]).toEqual({
      instance_id: 'lf-1',
      source: 'langfuse',
      ingested: true,
      num_annotators: 1,
      saturated: true,
      triage_priority: 3,
    });
    expect(progress.instances[0]).toMatchObject({ source: 'instances', ingested: false, saturated: false });

    const traces = (await admin.get('/admin/eval/ingested_traces')).body;
    expect(traces.total).toBe(3);
    expect(traces.by_source).toEqual({ instances: 1, langfuse: 2 });

    const figures = (await admin.get('/admin/eval/analytics')).body;
    expect(figures.alerts).toEqual([]);
    expect(figures.analytics).toMatchObject({
      count: 3,
      total_tokens: 150,
      total_cost: 0.07,
      errors: 1,
      error_rate: 0.3333,
      avg_latency_ms: 373.3,
      p50_latency_ms: 120,
    });
    expect(figures.analytics.per_model['<i>m2</i>']).toEqual({
      count: 1,
      total_tokens: 0,
      cost: 0.05,
      errors: 1,
      avg_latency_ms: 900,
    });
    // the last trace against the two before it: dearer, slower, failing
    const recent = (await admin.get('/admin/eval/analytics?recent=1')).body.alerts;
    expect(recent.map((a: { metric: string; severity: string }) => [a.metric, a.severity])).toEqual([
      ['cost_per_trace', 'high'],
      ['avg_latency_ms', 'high'],
      ['error_rate', 'high'],
    ]);
    // Potato's page for a person in a browser: the same figures, a model's name shown as text
    const page = await admin.get('/admin/eval/analytics?format=html&recent=1');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.text).toContain('<h1>Trace analytics</h1>');
    expect(page.text).toContain('Traces: 3 · total tokens: 150 · total cost: 0.0700 · errors: 1 (33.3%)');
    expect(page.text).toContain(
      '<tr><td>&lt;i&gt;m2&lt;/i&gt;</td><td>1</td><td>0</td><td>0.0500</td><td>1</td><td>900</td></tr>',
    );
    expect(page.text).not.toContain('<i>m2');
    expect(page.text).toMatch(/<tr><td>error_rate<\/td><td>high<\/td>/);
    expect((await admin.get('/admin/eval/analytics?format=html')).text).toContain('No recent window asked for.');

    const fromTraces = await admin.post('/datasets/api/datasets/traces/import_traces', {
      source: 'langfuse',
      include_annotations: true,
    });
    expect(fromTraces.status).toBe(201);
    const examples = (await admin.get('/datasets/api/datasets/traces/examples')).body;
    expect(examples.map((e: { id: string }) => e.id)).toEqual(['lf-1', 'lf-2']);
    expect(examples[0].reference_outputs).toEqual({ ok: { yes: 'true' } });
    const none = await admin.post('/datasets/api/datasets/traces/import_traces', { source: 'langsmith' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^no ingested traces to import from source "langsmith"/);
  });

  it('pauses handing out work, across a restart, leaving held work alone, and resumes it', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    const early = await t.client().login('early');
    expect((await early.get('/api/current_instance')).body.instance_id).toBe('plain-1');

    const paused = await admin.post('/admin/eval/assignment', { action: 'PAUSE' });
    expect(paused.body).toEqual({ assignment_paused: true });
    const late = await t.client().login('late');
    const nothing = await late.get('/api/current_instance');
    expect(nothing.status).toBe(404);
    expect(nothing.body.error).toMatch(/handing out work is paused/);
    // what early holds is still theirs to annotate
    expect(
      (await early.post('/updateinstance', { instance_id: 'webhook_7', annotations: { 'ok:no': 'true' } })).status,
    ).toBe(200);

    const again = await t.restart();
    expect((await again.admin().get('/admin/eval/status')).body.assignment_paused).toBe(true);
    const later = await again.client().login('late');
    expect((await later.get('/api/current_instance')).status).toBe(404);

    expect((await again.admin().post('/admin/eval/assignment', { action: 'resume' })).body).toEqual({
      assignment_paused: false,
    });
    expect((await later.get('/api/current_instance')).body.instance_id).toBe('plain-1');
  });

  it('refuses a bad action by name, keeps the admin rules, and answers 503 while off', async () => {
    const t = await startServer({ items, config });
    const bad = await t.admin().post('/admin/eval/assignment', { action: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('action: must be pause or resume');
    expect((await t.admin().post('/admin/eval/assignment', {})).body.error).toBe(
      'action: give the action: pause or resume',
    );
    expect((await t.admin().get('/admin/eval/analytics?format=pdf')).body.error).toBe('format: must be json or html');
    expect((await t.client().get('/admin/eval/analytics?format=html')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/eval/analytics?format=html')).status).toBe(403);
    expect((await t.admin().get('/admin/eval/status')).body.assignment_paused).toBe(false);

    for (const path of [
      '/admin/eval/status',
      '/admin/eval/progress',
      '/admin/eval/ingested_traces',
      '/admin/eval/analytics',
    ])
      expect([path, (await t.client().get(path)).status]).toEqual([path, 401]);
    expect((await t.client({ 'x-api-key': 'wrong' }).post('/admin/eval/assignment', { action: 'pause' })).status).toBe(
      403,
    );
    const annotator = await t.client().login('eve');
    expect((await annotator.post('/admin/eval/assignment', { action: 'pause' })).status).toBe(403);

    const off = await startServer({ items });
    expect((await off.admin().get('/admin/eval/status')).status).toBe(503);
    expect((await off.admin().post('/admin/eval/assignment', { action: 'pause' })).status).toBe(503);
  });
});
