/**
 * The boundary lab over real HTTP, with Potato's paths: probes for a label (curated ones first, rules filling
 * the rest), shared by annotators and kept with their ids over a restart; verdicts with their checks; the admin's
 * read-outs, contrast set and page; 503 while off.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  {
    id: 'b1',
    text: 'Could you water the plants while I am away?',
    counterfactuals: [
      { text: 'Water the plants while I am away.', kind: 'flip', edit_hint: 'removed could you' },
      { text: 'Could you water the plants right now?', kind: 'flip', edit_hint: 'added urgency' },
      { text: 'While I am away, could you water the plants?', kind: 'invariance', edit_hint: 'reordered' },
    ],
  },
  { id: 'b2', text: 'Fix the <i>numbers</i> in this spreadsheet.' },
];
const schemes = [{ annotation_type: 'radio', name: 'politeness', labels: ['Polite', 'Neutral', 'Impolite'] }];
const on = {
  annotation_schemes: schemes,
  boundary_probing: { enabled: true, schema: 'politeness', probes_per_item: 3, sources: ['precomputed', 'rules'] },
};

describe('boundary probing', () => {
  it('makes probes once per label, records verdicts, and reads them out', async () => {
    const t = await startServer({ items, config: on });
    const ask = { instance_id: 'b1', schema: 'politeness', label: 'Polite' };
    expect((await t.client().post('/boundary/api/probe', ask)).status).toBe(401);
    const ann = await t.client().login('ann');

    const first = await ann.post('/boundary/api/probe', ask);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      original_label: 'Polite',
      labels: ['Polite', 'Neutral', 'Impolite'],
      responses: {},
    });
    expect(first.body.probes.map((p: { kind: string; source: string }) => [p.kind, p.source])).toEqual([
      ['flip', 'precomputed'],
      ['flip', 'precomputed'],
      ['invariance', 'precomputed'],
    ]);
    // b2 has no curated probes: the rules make them, one of them a paraphrase
    const ruled = await ann.post('/boundary/api/probe', { ...ask, instance_id: 'b2', label: 'Impolite' });
    expect(ruled.body.probes.map((p: { text: string }) => p.text)).toEqual([
      'Please fix the <i>numbers</i> in this spreadsheet.',
      'Fix the <i>numbers</i> in this spreadsheet!!!',
      'Hi, fix the <i>numbers</i> in this spreadsheet.',
    ]);

    expect((await ann.post('/boundary/api/probe', { ...ask, instance_id: 'nope' })).status).toBe(404);
    const badLabel = await ann.post('/boundary/api/probe', { ...ask, label: 'Sarcastic' });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.error).toMatch(/^label: /);
    expect((await ann.post('/boundary/api/probe', { ...ask, schema: 'other' })).body.error).toMatch(/^schema: /);

    const [flip1, , para] = first.body.probes;
    const noLabel = await ann.post('/boundary/api/respond', { probe_id: flip1.probe_id, verdict: 'flips' });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.error).toMatch(/^new_label: /);
    const sameLabel = await ann.post('/boundary/api/respond', {
      probe_id: flip1.probe_id,
      verdict: 'flips',
      new_label: 'Polite',
    });
    expect(sameLabel.body.error).toMatch(/^new_label: "Polite" is the label the probe started from/);
    const badVerdict = await ann.post('/boundary/api/respond', { probe_id: flip1.probe_id, verdict: 'perhaps' });
    expect(badVerdict.body.error).toBe('verdict: must be holds, flips, unsure');
    expect((await ann.post('/boundary/api/respond', { probe_id: 'deadbeef', verdict: 'holds' })).status).toBe(404);
    const wrongItem = await ann.post('/boundary/api/respond', {
      probe_id: flip1.probe_id,
      instance_id: 'b2',
      verdict: 'holds',
    });
    expect(wrongItem.body.error).toMatch(/^instance_id: /);

    const flipped = await ann.post('/boundary/api/respond', {
      probe_id: flip1.probe_id,
      verdict: 'flips',
      new_label: 'Neutral',
      rationale: ' no please ',
    });
    expect(flipped.status).toBe(200);
    expect(flipped.body).toMatchObject({
      success: true,
      response: { verdict: 'flips', new_label: 'Neutral', rationale: 'no please' },
    });
    await ann.post('/boundary/api/respond', { probe_id: para.probe_id, verdict: 'flips', new_label: 'Neutral' });

    // another annotator gets the same probes, without ann's answers; their paraphrase verdict holds
    const bea = await t.client().login('bea');
    const theirs = await bea.post('/boundary/api/probe', ask);
    expect(theirs.body.probes).toEqual(first.body.probes);
    expect(theirs.body.responses).toEqual({});
    await bea.post('/boundary/api/respond', { probe_id: para.probe_id, verdict: 'holds' });
    const restored = await ann.post('/boundary/api/probe', ask);
    expect(restored.body.responses[flip1.probe_id]).toEqual({
      verdict: 'flips',
      new_label: 'Neutral',
      rationale: 'no please',
    });

    expect((await t.client().get('/boundary/api/stats')).status).toBe(401);
    expect((await ann.get('/boundary/api/stats')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'nope' }).get('/boundary/api/export')).status).toBe(403);
    const stats = (await t.admin().get('/boundary/api/stats')).body;
    expect(stats.totals).toEqual({ probes_generated: 6, probes_answered: 3, holds: 1, flips: 2, unsure: 0 });
    expect(stats.by_label.Polite).toEqual({ flip_probes_answered: 1, flipped: 1, flip_rate: 1 });
    expect(stats.annotators.ann).toMatchObject({ consistency: 0, flagged: true });
    expect(stats.annotators.bea).toMatchObject({ consistency: 1, flagged: false });

    const exported = await t.admin().get('/boundary/api/export');
    expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      instance_id: 'b1',
      original_text: items[0].text,
      counterfactual_text: 'Water the plants while I am away.',
      original_label: 'Polite',
      counterfactual_label: 'Neutral',
      flipped: true,
      annotator: 'ann',
      probe_source: 'precomputed',
    });
    expect(typeof lines[0].timestamp).toBe('number');

    await ann.post('/boundary/api/respond', {
      probe_id: ruled.body.probes[0].probe_id,
      verdict: 'flips',
      new_label: 'Neutral',
    });
    const page = await t.admin().get('/boundary/dashboard');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Boundary Lab</h1>');
    expect(page.text).toContain('Please fix the &lt;i&gt;numbers');
    expect(page.text).not.toContain('<i>numbers');

    const again = await t.restart();
    const ann2 = await again.client().login('ann');
    const afterRestart = await ann2.post('/boundary/api/probe', ask);
    expect(afterRestart.body.probes).toEqual(first.body.probes);
    expect(afterRestart.body.responses[flip1.probe_id].verdict).toBe('flips');
    expect((await again.admin().get('/boundary/api/stats')).body.totals.probes_answered).toBe(4);
    await again.close();
  });

  it('answers 503 while off, and reads its config keys', async () => {
    const t = await startServer({ items, config: { annotation_schemes: schemes } });
    const ann = await t.client().login('ann');
    const off = await ann.post('/boundary/api/probe', { instance_id: 'b1', schema: 'politeness', label: 'Polite' });
    expect(off.status).toBe(503);
    expect((await t.admin().get('/boundary/dashboard')).status).toBe(503);

    const llm = loadConfig(
      writeProject({ items, config: { ...on, boundary_probing: { enabled: true, sources: ['llm', 'rules'] } } }),
    );
    expect(llm.boundary).toMatchObject({ enabled: true, schema: 'politeness', sources: ['rules'], debounceMs: 900 });
    const slow = loadConfig(
      writeProject({ items, config: { ...on, boundary_probing: { ...on.boundary_probing, debounce_ms: 250 } } }),
    );
    expect(slow.boundary.debounceMs).toBe(250);
    expect(slow.warnings.join('\n')).not.toMatch(/debounce/);
    expect(llm.warnings.join('\n')).toMatch(/the llm source .* is not acted on/);
    const onlyLlm = writeProject({ items, config: { ...on, boundary_probing: { enabled: true, sources: ['llm'] } } });
    expect(() => loadConfig(onlyLlm)).toThrow(/boundary_probing\.sources: with llm alone/);
    const badSource = writeProject({
      items,
      config: { ...on, boundary_probing: { enabled: true, sources: ['magic'] } },
    });
    expect(() => loadConfig(badSource)).toThrow(/boundary_probing\.sources/);
  });
});
