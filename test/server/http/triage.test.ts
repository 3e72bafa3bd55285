/**
 * Triage over real HTTP: the admin's queue ranked by the rules over the items' data (JSON and page), the priority
 * strategy handing the most urgent item out first, items annotated enough leaving the queue, and the config read.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 't1', text: 'clean trace', status: 'ok', score: 0.9 },
  { id: 't2', text: 'errored <trace>', status: 'error' },
  { id: 't3', text: 'low score trace', score: 0.3 },
  { id: 't4', text: 'thumbs down', feedback: 'thumbs_down' },
];
const schemes = [{ annotation_type: 'radio', name: 'quality', labels: ['good', 'broken'] }];
const triage = {
  enabled: true,
  rules: [
    { name: 'Agent errored', badge: 'Errored', priority: 100, when: { field: 'status', equals: 'error' } },
    { name: 'Negative feedback', priority: 80, when: { field: 'feedback', equals: 'thumbs_down' } },
    { name: 'Low score', priority: 60, when: { field: 'score', lt: 0.5 } },
  ],
};

describe('triage', () => {
  it('ranks the queue, hands the most urgent item out first, and drops items once annotated', async () => {
    // no assignment_strategy: triage makes it priority, as in Potato
    const t = await startServer({ items, config: { annotation_schemes: schemes, triage } });
    expect((await t.client().get('/admin/triage-queue')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'nope' }).get('/admin/triage-queue')).status).toBe(403);

    const report = (await t.admin().get('/admin/triage-queue')).body;
    expect(report).toMatchObject({ enabled: true, strategy: 'priority', order: 'desc', n_items: 4, n_flagged: 3 });
    expect(report.items.map((i: { id: string }) => i.id)).toEqual(['t2', 't4', 't3', 't1']);
    expect(report.items[0]).toMatchObject({
      priority: 100,
      reason: 'Agent errored',
      badge: 'Errored',
      assigned: false,
    });
    expect(report.items[3]).toMatchObject({ priority: 0, reason: null, flagged: false });

    const page = await t.admin().get('/admin/triage-queue?format=html');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>Triage Queue</h1>');
    expect(page.text).toContain('Agent errored');
    expect(page.text).toContain('errored &lt;trace&gt;');
    const bad = await t.admin().get('/admin/triage-queue?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('format: must be json or html');

    const ann = await t.client().login('ann');
    const current = await ann.get('/api/current_instance');
    expect(current.body.instance_id).toBe('t2');
    // show_badge defaults to true, as in Potato: the flagged item carries its rule's badge and priority
    expect(current.body.triage).toEqual({ badge: 'Errored', priority: 100 });
    const submitted = await ann.post('/updateinstance', {
      instance_id: 't2',
      annotations: { 'quality:broken': 'true' },
    });
    expect(submitted.status).toBe(200);
    const next = await ann.get('/api/current_instance');
    expect(next.body.instance_id).toBe('t2');
    const after = (await t.admin().get('/admin/triage-queue')).body;
    expect(after.items.map((i: { id: string }) => i.id)).toEqual(['t4', 't3', 't1']);
    expect(after.items[0].assigned).toBe(true);
  });

  it('reads its config: asc order, signal field, refusals by key', async () => {
    const asc = loadConfig(
      writeProject({
        items,
        config: { annotation_schemes: schemes, assignment_strategy: 'random', triage: { ...triage, order: 'asc' } },
      }),
    );
    expect(asc.settings.assignment_strategy).toBe('random');
    expect(asc.triage.order).toBe('asc');
    const defaults = loadConfig(
      writeProject({ items, config: { annotation_schemes: schemes, triage: { enabled: true } } }),
    );
    expect(defaults.triage.rules.map((r) => r.priority)).toEqual([100, 80, 60]);
    expect(defaults.triage.showBadge).toBe(true);
    expect(defaults.warnings.join('\n')).not.toMatch(/triage/);
    const off = loadConfig(
      writeProject({ items, config: { annotation_schemes: schemes, assignment_strategy: 'priority' } }),
    );
    expect(off.settings.assignment_strategy).toBe('priority');
    expect(off.warnings.join('\n')).toMatch(/priority without triage enabled/);
    const noWhen = writeProject({
      items,
      config: { annotation_schemes: schemes, triage: { enabled: true, rules: [{ name: 'x', priority: 1 }] } },
    });
    expect(() => loadConfig(noWhen)).toThrow(/triage\.rules\[0\]\.when/);
  });
});
