/**
 * Iterative BWS over HTTP: an annotator who always prefers the lower-numbered item answers whatever the normal
 * assignment hands out; the rounds follow one another until the ranking is resolved, and a server killed with
 * SIGKILL between rounds comes back in the same round with the same tuples.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../helpers/client.js';
import { Client as HttpClient } from '../../helpers/client.js';
import { writeProject } from '../../helpers/project.js';
import { spawnServer, startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const POOL = Array.from({ length: 12 }, (_, i) => ({
  id: `s${String(i + 1).padStart(3, '0')}`,
  text: `Item ${i + 1}`,
}));
const CONFIG = {
  annotation_schemes: [{ annotation_type: 'bws', name: 'rank', description: 'Rank', tuple_size: 4 }],
  ibws_config: { tuple_size: 4, seed: 42, scoring_method: 'counting', tuples_per_item_per_round: 2, max_rounds: 3 },
};

type TupleItem = { source_id: string; position: string };

/** Answers the caller's current instance, preferring the lower-numbered item; the id answered, or null at the end. */
async function answerCurrent(c: Client): Promise<string | null> {
  const current = (await c.post('/go_to', { action: 'jump_to_unannotated' })).body;
  if (current.annotated) return null;
  const items = [...(current.data._bws_items as TupleItem[])].sort((a, b) => (a.source_id < b.source_id ? -1 : 1));
  const r = await c.post('/updateinstance', {
    instance_id: current.instance_id,
    annotations: { 'rank:best': items[0].position, 'rank:worst': items[items.length - 1].position },
  });
  expect(r.status, r.text).toBe(200);
  return current.instance_id as string;
}

async function answerRound(c: Client, round: number): Promise<string[]> {
  const answered: string[] = [];
  for (let id = await answerCurrent(c); id !== null; id = await answerCurrent(c)) {
    answered.push(id);
    if (!id.startsWith(`ibws_r${round}_`)) break;
  }
  return answered;
}

describe('iterative BWS', () => {
  it('makes round after round from the answers until the ranking is resolved, and reads them out', async () => {
    const t = await startServer({ items: POOL, config: CONFIG });
    const admin = t.admin();
    const status = async () => (await admin.get('/admin/api/ibws_status')).body;
    expect(await status()).toMatchObject({ current_round: 1, total_items: 12, completed: false, max_rounds: 3 });
    expect((await status()).total_tuples_this_round).toBe(6);
    expect((await admin.get('/admin/api/ibws_ranking')).body.ranking).toHaveLength(12);
    // every pool item is in round 1 at least twice
    const seen = new Map<string, number>();
    for (const i of t.server.services.task.instances)
      for (const it of i.data._bws_items as TupleItem[]) seen.set(it.source_id, (seen.get(it.source_id) ?? 0) + 1);
    expect(seen.size).toBe(12);
    expect(Math.min(...seen.values())).toBeGreaterThanOrEqual(2);

    const ann = await t.client().login('ann');
    // the annotator's current instance carries the round for the page's banner
    expect((await ann.get('/api/current_instance')).body.ibws).toEqual({
      current_round: 1,
      max_rounds: 3,
      terminal_items: 0,
      total_items: 12,
    });
    const first = await answerRound(ann, 1);
    expect(first.slice(0, 6).every((id) => id.startsWith('ibws_r1_b0_'))).toBe(true);
    // the round's last answer made round 2, and the assignment handed its first tuple out at once
    expect(first).toHaveLength(7);
    expect(first[6]).toMatch(/^ibws_r2_b[0-2]_\d{4}$/);
    expect(await status()).toMatchObject({ current_round: 2, active_buckets: 3, total_tuples_this_round: 6 });

    const second = await answerRound(ann, 2);
    expect(second.every((id) => id.startsWith('ibws_r2_'))).toBe(true);
    expect(await status()).toMatchObject({ current_round: 2, completed: true, active_buckets: 0, terminal_items: 12 });
    expect((await ann.get('/api/current_instance')).body.ibws).toMatchObject({ current_round: 2, terminal_items: 12 });
    const ranking = (await admin.get('/admin/api/ibws_ranking')).body;
    expect(ranking.completed).toBe(true);
    const ids = ranking.ranking.map((r: { item_id: string }) => r.item_id);
    expect(new Set(ids).size).toBe(12);
    // always best and always worst: first and last
    expect(ids[0]).toBe('s001');
    expect(ids[11]).toBe('s012');
    expect(ranking.ranking[0]).toMatchObject({ rank: 1, bucket_position: 0, text: 'Item 1' });
  });

  it('refuses the read-outs without the admin key (401) and with a wrong one (403), and 404s without ibws', async () => {
    const t = await startServer({ items: POOL, config: CONFIG });
    expect((await t.client().get('/admin/api/ibws_status')).status).toBe(401);
    const wrong = await t.client().get('/admin/api/ibws_ranking', { 'X-API-Key': 'wrong' });
    expect(wrong.status).toBe(403);
    const plain = await startServer({ items: POOL, config: { annotation_schemes: CONFIG.annotation_schemes } });
    const r = await plain.admin().get('/admin/api/ibws_status');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/ibws_config/);
  });

  it('keeps the older first round (bws_tuple_…) of a project begun before later rounds were made', async () => {
    const t = await startServer({ items: POOL, config: CONFIG });
    await (await t.client().login('ann')).get('/current_instance');
    // what an older server stored: ann's list on the plain BWS tuples it made for round 1
    const older = Array.from({ length: 6 }, (_, i) => `bws_tuple_000${i + 1}`);
    const at = new Date().toISOString();
    await t.server.services.store.write([
      { table: 'assignments', key: 'ann', value: { username: 'ann', instance_ids: older, created_at: at } },
    ]);
    const again = await t.restart();
    const round1 = again.server.services.task.instances;
    expect(round1.map((i) => i.id)).toEqual(older);
    const seen = new Map<string, number>();
    for (const i of round1)
      for (const it of i.data._bws_items as TupleItem[]) seen.set(it.source_id, (seen.get(it.source_id) ?? 0) + 1);
    // plain BWS sampled with repeats, so not every item need be in it: the pool is what the round holds
    const status = (await again.admin().get('/admin/api/ibws_status')).body;
    expect(status).toMatchObject({ current_round: 1, total_tuples_this_round: 6, total_items: seen.size });
    // ann carries on through the older round, whose answers the ranking counts
    const ann = await again.client().login('ann');
    const answered: string[] = [];
    for (let id = await answerCurrent(ann); id !== null; id = await answerCurrent(ann)) answered.push(id);
    expect(answered.slice(0, 6).sort()).toEqual(older);
    const after = (await again.admin().get('/admin/api/ibws_status')).body;
    expect(after).toMatchObject({ current_round: 1, completed_tuples_this_round: 6, round_complete: true });
    const ranking = (await again.admin().get('/admin/api/ibws_ranking')).body.ranking;
    expect(ranking.map((r: { item_id: string }) => r.item_id).sort()).toEqual([...seen.keys()].sort());
  });

  it(
    'comes back in the same round with the same tuples after SIGKILL between rounds',
    { timeout: 120_000 },
    async () => {
      const config = writeProject({ items: POOL, config: { ...CONFIG, admin_api_key: 'ibws-admin-key' } });
      const args = ['--config', config, '--data-dir', tempDir('marginalia-ibws-')];
      const first = await spawnServer(args);
      const ann = await new HttpClient(first.url).login('ann');
      await answerRound(ann, 1);
      const read = async (url: string) => {
        const admin = new HttpClient(url);
        const status = (await admin.get('/admin/api/ibws_status', { 'X-API-Key': 'ibws-admin-key' })).body;
        const ranking = (await admin.get('/admin/api/ibws_ranking', { 'X-API-Key': 'ibws-admin-key' })).body;
        return { status, ranking };
      };
      const before = await read(first.url);
      expect(before.status.current_round).toBe(2);
      await first.kill('SIGKILL');
      const again = await spawnServer(args);
      expect(await read(again.url)).toEqual(before);
      // the annotator carries on in round 2 where the assignment left them
      const annAgain = await new HttpClient(again.url).login('ann');
      expect(await answerCurrent(annAgain)).toMatch(/^ibws_r2_/);
      await again.kill('SIGKILL');
    },
  );
});
