/**
 * Truth serum over real HTTP, with Potato's paths: annotators post a label and a predicted share, read their own
 * back; admins read the surprisingly-popular verdicts and the calibration (JSON, export, page); predictions are
 * kept over a restart; bad input is a 400 naming the field; off is a 503; a bad scheme stops start-up.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 't1', text: 'Wonderful, the printer jammed again.' },
  { id: 't2', text: 'The wifi <b>actually</b> worked this year.' },
];
const schemes = [
  { annotation_type: 'radio', name: 'sarcasm', labels: ['Sarcastic', 'Sincere'] },
  { annotation_type: 'text', name: 'why' },
];
const on = { annotation_schemes: schemes, truth_serum: { enabled: true, schema: 'sarcasm', min_annotators: 3 } };

describe('truth serum', () => {
  it('keeps predictions, gives verdicts and calibration, and refuses bad input by field', async () => {
    const t = await startServer({ items, config: on });
    const predict = { instance_id: 't1', label: 'Sarcastic', predicted_pct: 80 };
    expect((await t.client().post('/truth_serum/api/predict', predict)).status).toBe(401);

    const alice = await t.client().login('alice');
    const first = await alice.post('/truth_serum/api/predict', predict);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, prediction: { label: 'Sarcastic', predicted_pct: 80 } });
    // a revision replaces the earlier prediction
    await alice.post('/truth_serum/api/predict', { ...predict, predicted_pct: 75 });
    const mine = await alice.get('/truth_serum/api/mine?instance_id=t1');
    expect(mine.body.prediction).toMatchObject({ instance_id: 't1', annotator: 'alice', predicted_pct: 75 });
    expect(mine.body.schema).toBe('sarcasm');
    expect((await alice.get('/truth_serum/api/mine?instance_id=t2')).body.prediction).toBeNull();

    const badLabel = await alice.post('/truth_serum/api/predict', { ...predict, label: 'Ironic' });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.error).toMatch(/^label: "Ironic" is not a label of sarcasm/);
    const badPct = await alice.post('/truth_serum/api/predict', { ...predict, predicted_pct: 150 });
    expect(badPct.status).toBe(400);
    expect(badPct.body.error).toMatch(/^predicted_pct: /);
    const noId = await alice.post('/truth_serum/api/predict', { label: 'Sincere', predicted_pct: 5 });
    expect(noId.body.error).toMatch(/^instance_id: /);
    expect((await alice.post('/truth_serum/api/predict', { ...predict, instance_id: 'nope' })).status).toBe(404);
    const foreign = await alice.post('/truth_serum/api/predict', predict, { origin: 'https://evil.example.com' });
    expect(foreign.status).toBe(403);

    // t2: the confident majority says Sincere, the minority knows it is one
    await alice.post('/truth_serum/api/predict', { instance_id: 't2', label: 'Sincere', predicted_pct: 95 });
    const bob = await t.client().login('bob');
    await bob.post('/truth_serum/api/predict', { instance_id: 't2', label: 'Sincere', predicted_pct: 90 });
    const carol = await t.client().login('carol');
    await carol.post('/truth_serum/api/predict', { instance_id: 't2', label: 'Sarcastic', predicted_pct: 20 });

    expect((await t.client().get('/truth_serum/api/stats')).status).toBe(401);
    expect((await alice.get('/truth_serum/api/stats')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/truth_serum/api/stats')).status).toBe(403);
    const stats = (await t.admin().get('/truth_serum/api/stats')).body;
    expect(stats).toMatchObject({ schema: 'sarcasm', n_predictions: 4, n_items: 2, n_verdicts: 1, n_disagreements: 1 });
    expect(stats.items.map((i: { instance_id: string }) => i.instance_id)).toEqual(['t2', 't1']);
    expect(stats.items[0]).toMatchObject({
      majority_label: 'Sincere',
      sp_label: 'Sarcastic',
      disagrees: true,
      text: items[1].text,
    });
    expect(stats.items[1]).toMatchObject({ sp_label: null, disagrees: false, n_predictions: 1 });
    expect(stats.annotators.carol).toEqual({ n_predictions: 1, calibration_error: 20, bias: 20, sp_alignment: 1 });
    expect(stats.annotators.alice.n_predictions).toBe(2);

    const exported = (await t.admin().get('/truth_serum/api/export')).body;
    expect(exported.predictions).toHaveLength(4);
    expect(exported.predictions[0]).toMatchObject({ instance_id: 't1', annotator: 'alice', predicted_pct: 75 });

    const page = await t.admin().get('/truth_serum/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>Truth Serum</h1>');
    // the item's text is shown as text
    expect(page.text).toContain('The wifi &lt;b&gt;actually&lt;/b&gt; worked');
    expect(page.text).not.toContain('<b>actually');
    expect((await t.client().get('/truth_serum/dashboard')).status).toBe(401);

    const again = await t.restart();
    const after = (await again.admin().get('/truth_serum/api/stats')).body;
    expect(after).toEqual(stats);
    await again.close();
  });

  it('answers 503 while off, and refuses a scheme that is not single-choice at start-up', async () => {
    const t = await startServer({ items, config: { annotation_schemes: schemes } });
    const alice = await t.client().login('alice');
    const off = await alice.post('/truth_serum/api/predict', { instance_id: 't1', label: 'Sincere', predicted_pct: 1 });
    expect(off.status).toBe(503);
    expect(off.body.error).toMatch(/truth_serum: \{enabled: true\}/);
    expect((await t.admin().get('/truth_serum/api/stats')).status).toBe(503);

    const bad = writeProject({ items, config: { ...on, truth_serum: { enabled: true, schema: 'why' } } });
    expect(() => loadConfig(bad)).toThrow(/truth_serum\.schema: "why" is a text scheme/);
    const floor = loadConfig(
      writeProject({ items, config: { ...on, truth_serum: { enabled: true, min_annotators: 1 } } }),
    );
    expect(floor.truthSerum).toMatchObject({ schema: 'sarcasm', minAnnotators: 2 });
    expect(floor.warnings.join('\n')).toMatch(/truth_serum\.min_annotators: 1 is below the floor of 2/);
  });
});
