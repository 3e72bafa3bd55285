import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../../server/index.js';
import { writeProject } from '../../../../helpers/project.js';
import { csvOf, jsonlRoundTrip, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'bws',
  name: 'intensity',
  best_description: 'Most positive?',
  worst_description: 'Least positive?',
};
const POOL = ['love it', 'fine', 'hate it', 'meh', 'great', 'awful'].map((text, i) => ({ id: `s${i + 1}`, text }));
const BWS_CONFIG = { tuple_size: 3, num_tuples: 4, seed: 7 };

describe('bws', () => {
  it('makes tuples of the pool, the same ones on every start, and stores best and worst by position', () => {
    const spec = { items: POOL, config: { annotation_schemes: [SCHEME], bws_config: BWS_CONFIG } };
    const first = loadConfig(writeProject(spec));
    const again = loadConfig(writeProject(spec));
    expect(first.task.instances.map((i) => i.id)).toEqual([
      'bws_tuple_0001',
      'bws_tuple_0002',
      'bws_tuple_0003',
      'bws_tuple_0004',
    ]);
    expect(first.task.instances.map((i) => i.data)).toEqual(again.task.instances.map((i) => i.data));
    for (const tuple of first.task.instances) {
      const items = tuple.data._bws_items as { source_id: string; position: string; text: string }[];
      expect(items.map((i) => i.position)).toEqual(['A', 'B', 'C']);
      expect(new Set(items.map((i) => i.source_id)).size).toBe(3);
      expect(tuple.text).toBe(items.map((i) => `${i.position}. ${i.text}`).join('\n'));
    }
    const s = first.task.schemes[0];
    expect(s.labels).toEqual([{ name: 'best' }, { name: 'worst' }]);
    expect(s.extra).toMatchObject({ tuple_size: 3, best_description: 'Most positive?' });
  });

  it("makes the first round of Potato's iterative BWS, every item in tuples_per_item_per_round tuples", () => {
    const config = loadConfig(
      writeProject({
        items: POOL,
        config: { annotation_schemes: [SCHEME], ibws_config: { tuple_size: 3, tuples_per_item_per_round: 2, seed: 3 } },
      }),
    );
    expect(config.task.instances).toHaveLength(4); // 6 items × 2 appearances / 3 per tuple
    expect(config.task.instances[0].id).toBe('ibws_r1_b0_0001');
    expect(config.task.schemes[0].extra.tuple_size).toBe(3);
    expect(config.warnings.join('\n')).not.toMatch(/ibws_config/);
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, tuple_size: 1 })).toMatch(/annotation_schemes\[0\]\.tuple_size: must be at least 2/);
    expect(refusal({ ...SCHEME, labels: ['a'] })).toMatch(/\(intensity\)\.labels: a bws scheme has no labels/);
    expect(refusal(SCHEME, { items: POOL, config: { bws_config: { tuple_size: 9 } } })).toMatch(
      /bws_config\.tuple_size: tuple_size \(9\) is larger than the pool of 6 items/,
    );
    expect(refusal({ ...SCHEME, tuple_size: 4 }, { items: POOL, config: { bws_config: BWS_CONFIG } })).toMatch(
      /\(intensity\)\.tuple_size: 4 differs from bws_config\.tuple_size \(3\)/,
    );
  });

  it('stores picks, refuses bad ones, counts per-item scores, and round-trips its exports', async () => {
    const config = { bws_config: BWS_CONFIG };
    const t = await serve([SCHEME], POOL, config);
    const tuples = t.server.services.task.instances;
    expect(
      (await submitAndRead(t, 'ann', tuples[0].id, { 'intensity:best': 'A', 'intensity:worst': 'C' })).annotations,
    ).toEqual({ 'intensity:best': 'A', 'intensity:worst': 'C' });
    await submitAndRead(t, 'bob', tuples[0].id, { 'intensity:best': 'A', 'intensity:worst': 'B' });
    expect(await refusedAnswer(t, tuples[0].id, { 'intensity:best': 'D' })).toBe(
      'annotations["intensity:best"]: "D" is not a position of the tuple: give a letter A–C',
    );
    expect(await refusedAnswer(t, tuples[0].id, { 'intensity:best': 'B', 'intensity:worst': 'B' })).toBe(
      'annotations: scheme "intensity": best and worst are both B; pick two different items',
    );

    const items = tuples[0].data._bws_items as { source_id: string; text: string }[];
    const scores = (await t.admin().get('/admin/api/bws_scores')).body;
    expect(scores.schema).toBe('intensity');
    const byId = Object.fromEntries(scores.items.map((s: { item_id: string }) => [s.item_id, s]));
    expect(byId[items[0].source_id]).toMatchObject({
      score: 1,
      best_count: 2,
      worst_count: 0,
      appearances: 2,
      rank: 1,
      text: items[0].text,
    });
    expect(byId[items[1].source_id]).toMatchObject({ score: -0.5, best_count: 0, worst_count: 1, appearances: 2 });
    expect(byId[items[2].source_id]).toMatchObject({ score: -0.5, worst_count: 1 });
    expect((await t.admin().get('/admin/api/bws_scores?schema=nope')).body.error).toBe(
      'schema: "nope" is not a bws scheme of this project',
    );

    // the same scores as an export: a CSV row per pool item, highest first
    const exported = await t.admin().get('/admin/api/export?format=bws_scores');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="annotations.bws-scores.csv"');
    const rows = exported.text.trim().split('\n');
    expect(rows[0]).toBe('schema,item_id,text,score,best_count,worst_count,appearances,rank');
    expect(rows[1]).toBe(`intensity,${items[0].source_id},${items[0].text},1,2,0,2,1`);
    expect(rows).toHaveLength(1 + scores.items.length);
    expect((await t.admin().get('/admin/api/export?format=bws_scores&annotator=nobody')).text).toBe(
      'schema,item_id,text,score,best_count,worst_count,appearances,rank\n',
    );

    const lines = await jsonlRoundTrip(t, [SCHEME], POOL, config);
    expect(lines.map((l) => l.labels)).toEqual([
      { intensity: { best: 'A', worst: 'C' } },
      { intensity: { best: 'A', worst: 'B' } },
    ]);
    expect(await csvOf(t)).toContain('"{""best"":""A"",""worst"":""B""}"');
    // agreement: the (best, worst) pair as a category; ann and bob agree on best, not on worst
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.intensity).toMatchObject({
      level: 'nominal',
      items_evaluated: 1,
    });
  });

  it("answers Potato's scoring endpoints from the same counts: GET /admin/api/bws_scoring and POST …/generate", async () => {
    const t = await serve([SCHEME], POOL, { bws_config: BWS_CONFIG });
    const tuples = t.server.services.task.instances;
    // the pool items the tuples hold (num_tuples 4 × 3 leaves one of the six out)
    const pooled = new Set(
      tuples.flatMap((i) => (i.data._bws_items as { source_id: string }[]).map((x) => x.source_id)),
    );
    expect(pooled.size).toBeLessThan(POOL.length);
    const empty = await t.admin().get('/admin/api/bws_scoring');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ total_items: pooled.size, total_annotations: 0, method: 'counting', scores: [] });

    await submitAndRead(t, 'ann', tuples[0].id, { 'intensity:best': 'A', 'intensity:worst': 'C' });
    await submitAndRead(t, 'bob', tuples[0].id, { 'intensity:best': 'A', 'intensity:worst': 'B' });
    await submitAndRead(t, 'bob', tuples[1].id, { 'intensity:best': 'C', 'intensity:worst': 'A' });
    const ours = (await t.admin().get('/admin/api/bws_scores')).body.items as Record<string, unknown>[];
    const potatos = ours.map(({ rank, item_id, text, score, best_count, worst_count, appearances }) => ({
      rank,
      item_id,
      text,
      score,
      best_count,
      worst_count,
      appearances,
    }));
    const generated = await t.admin().post('/admin/api/bws_scoring/generate?method=counting');
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({
      status: 'success',
      total_items: pooled.size,
      total_annotations: 3,
      method: 'counting',
      scores: potatos,
    });
    expect((await t.admin().get('/admin/api/bws_scoring')).body).toEqual({
      total_items: pooled.size,
      total_annotations: 3,
      method: 'counting',
      scores: potatos,
    });
    // only counting is computed here; Potato's model-based methods are refused naming the parameter
    const bt = await t.admin().post('/admin/api/bws_scoring/generate?method=bradley_terry');
    expect(bt.status).toBe(400);
    expect(bt.body.error).toBe(
      'method: "bradley_terry" is not computed here: scores are counted (best − worst) / appearances; use method=counting',
    );
    expect((await t.client().get('/admin/api/bws_scoring')).status).toBe(401);
  });

  it("refuses Potato's scoring endpoints in a project without a bws scheme", async () => {
    const t = await serve([{ annotation_type: 'radio', name: 'sentiment', labels: ['a', 'b'] }], POOL, {});
    const r = await t.admin().post('/admin/api/bws_scoring/generate');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('schema: this project has no bws scheme');
  });
});
