/**
 * allow_skip and required schemes over real HTTP: a skip is its own record, and moving on waits for required answers.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'stance', labels: ['for', 'against'], label_requirement: { required: true } },
  {
    annotation_type: 'multiselect',
    name: 'consent',
    labels: ['agree', 'later'],
    label_requirement: { required_label: ['agree'] },
  },
  { annotation_type: 'text', name: 'note' },
];
const ITEMS = [
  { id: 'a', text: 'First.' },
  { id: 'b', text: 'Second.' },
  { id: 'c', text: 'Third.' },
];

describe('required schemes', () => {
  it('next_instance and jump_to_unannotated are refused, naming the schemes, until they are answered; going back is not', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const c = await t.client().login('ann', 'pw-123456');
    const first = await c.get('/api/current_instance');
    expect(first.body.required).toEqual(['stance', 'consent']);
    expect(first.body.skip).toBeUndefined();

    const refused = await c.post('/go_to', { action: 'next_instance' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('action: answer the required questions "stance", "consent" before moving on');
    expect((await c.post('/go_to', { action: 'jump_to_unannotated' })).status).toBe(409);
    expect((await c.post('/go_to', { go_to: 'c' })).status).toBe(409);
    // Potato's navigation post says 400 for the same refusal, as Potato does
    const potato = await c.post('/annotate', { action: 'next_instance' });
    expect([potato.status, potato.body.error]).toEqual([
      400,
      'action: answer the required questions "stance", "consent" before moving on',
    ]);

    await c.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'stance:for': 'true', 'consent:later': 'true' },
    });
    const still = await c.post('/go_to', { action: 'next_instance' });
    expect(still.body.error).toBe('action: answer the required question "consent" before moving on');
    expect((await c.get('/api/current_instance')).body.instance_id).toBe('a');

    await c.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'stance:for': 'true', 'consent:agree': 'true' },
    });
    const moved = await c.post('/go_to', { action: 'next_instance' });
    expect(moved.status).toBe(200);
    expect(moved.body.instance_id).toBe('b');
    expect((await c.post('/go_to', { action: 'prev_instance' })).body.instance_id).toBe('a');
  });

  it('a task without required schemes moves on unanswered as before', async () => {
    const t = await startServer({ items: ITEMS });
    const c = await t.client().login('ann', 'pw-123456');
    const next = (await c.post('/go_to', { action: 'next_instance' })).body;
    expect(next.instance_id).toBe('b');
    expect(next.required).toBeUndefined();
  });
});

describe('allow_skip', () => {
  it('records a skip with its reason apart from answers, lets the annotator move on, and answering takes it back', async () => {
    const t = await startServer({
      config: { annotation_schemes: SCHEMES, allow_skip: true, skip_reason_required: true },
      items: ITEMS,
    });
    const c = await t.client().login('ann', 'pw-123456');
    const noReason = await c.post('/api/skip', { instance_id: 'a' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatch(/^reason: say why you skip this instance/);
    expect((await c.post('/api/skip', { instance_id: 'a', reason: '   ' })).status).toBe(400);
    expect((await c.post('/api/skip', { instance_id: 'zzz', reason: 'x' })).status).toBe(404);

    const skipped = await c.post('/api/skip', { instance_id: 'a', reason: 'Not in English' });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({
      status: 'success',
      skip: { instance_id: 'a', annotator: 'ann', reason: 'Not in English' },
      skipped_count: 1,
    });
    const here = (await c.get('/api/current_instance')).body;
    expect(here.skip).toMatchObject({
      allowed: true,
      reason_required: true,
      skipped: true,
      reason: 'Not in English',
      skipped_count: 1,
    });
    expect(here.required).toEqual([]);
    expect(here.annotated).toBe(false);
    expect(here.annotated_count).toBe(0);

    const next = await c.post('/go_to', { action: 'next_instance' });
    expect(next.body.instance_id).toBe('b');
    expect(next.body.skip).toMatchObject({ skipped: false, skipped_count: 1 });

    // skips are listed apart, and never appear in the annotation export
    const listed = await t.admin().get('/admin/api/skips');
    expect(listed.body).toEqual({
      count: 1,
      skips: [{ instance_id: 'a', annotator: 'ann', reason: 'Not in English', skipped_at: expect.any(String) }],
    });
    expect((await t.admin().get('/admin/api/export?format=jsonl')).text).toBe('');
    expect((await c.get('/admin/api/skips')).status).toBe(403);

    // the skip survives a restart
    const again = await t.restart();
    const c2 = await again.client().login('ann', 'pw-123456');
    expect((await again.admin().get('/admin/api/skips')).body.count).toBe(1);

    // answering the skipped instance takes the skip back
    await c2.post('/go_to', { go_to: 'a' });
    expect(
      (
        await c2.post('/updateinstance', {
          instance_id: 'a',
          annotations: { 'stance:against': 'true', 'consent:agree': 'true' },
        })
      ).status,
    ).toBe(200);
    const back = (await c2.get('/api/current_instance')).body;
    expect(back.skip).toMatchObject({ skipped: false, skipped_count: 0 });
    expect(back.annotated_count).toBe(1);
    expect((await again.admin().get('/admin/api/skips')).body.count).toBe(0);
    const answered = await c2.post('/api/skip', { instance_id: 'a', reason: 'changed my mind' });
    expect(answered.status).toBe(409);
  });

  it('is refused when allow_skip is off, and skip_reason_required alone is warned about', async () => {
    const t = await startServer({ config: { skip_reason_required: true }, items: ITEMS });
    const c = await t.client().login('ann', 'pw-123456');
    const r = await c.post('/api/skip', { instance_id: 'a' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/allow_skip is off/);
    expect(t.server.services.config.warnings.join('\n')).toMatch(
      /skip_reason_required is not acted on: allow_skip is off/,
    );
  });
});
