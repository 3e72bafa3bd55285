/**
 * Potato's datasets and experiments over real HTTP: versions, tags and as_of; experiments scoring a pinned
 * version; fine-tuning and optimizer exports; curation from the task with majority and Dawid–Skene references;
 * everything kept across a restart; bad input named; the admin rules; 503 while off; the config's warnings.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 'q1', text: 'one plus one', answer_hint: 'math' },
  { id: 'q2', text: 'two plus two' },
  { id: 'q3', text: 'three plus three' },
];
const config = {
  datasets: { enabled: true },
  annotation_schemes: [
    { annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] },
    { annotation_type: 'span', name: 'marks', labels: ['num'] },
  ],
};

async function answer(t: TestServer, who: string, id: string, label: string, spans: unknown[] = []) {
  const c = await t.client().login(who);
  const r = await c.post('/updateinstance', {
    instance_id: id,
    annotations: { [`ok:${label}`]: 'true' },
    span_annotations: spans,
  });
  expect(r.status).toBe(200);
}

describe('datasets and experiments', () => {
  it('versions examples, pins reads with tags, scores a pinned version and keeps it all across a restart', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    const created = await admin.post('/datasets/api/datasets', { name: 'arith', description: 'sums' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'arith', description: 'sums', versions: [] });
    // creating it again answers the one there
    expect((await admin.post('/datasets/api/datasets', { name: 'arith', description: 'other' })).body.description).toBe(
      'sums',
    );

    const v1 = await admin.post('/datasets/api/datasets/arith/examples', {
      examples: [
        { id: 'a', inputs: { q: '1+1' }, reference_outputs: { output: '2' }, metadata: { outputs: '2' } },
        {
          id: 'b',
          inputs: { q: '2+2' },
          reference_outputs: { output: '4' },
          metadata: { outputs: '5', rejected: '5' },
        },
      ],
    });
    expect(v1.status).toBe(201);
    expect(v1.body).toMatchObject({ version_id: 'v0001', example_count: 2, note: 'add 2 example(s)' });
    const v2 = await admin.post('/datasets/api/datasets/arith/examples', {
      examples: [
        { id: 'b', inputs: { q: '2+2' }, reference_outputs: '4', metadata: { outputs: '4' } },
        { inputs: 'x', split: 'train' },
      ],
      note: 'fix b',
    });
    expect(v2.body).toMatchObject({ version_id: 'v0002', example_count: 3, note: 'fix b' });

    expect((await admin.post('/datasets/api/datasets/arith/tag', { version_id: 'v0001', tag: 'prod' })).body).toEqual({
      tagged: true,
    });
    expect((await admin.post('/datasets/api/datasets/arith/tag', { version_id: 'v0009', tag: 'prod' })).body).toEqual({
      tagged: false,
    });
    const prod = await admin.get('/datasets/api/datasets/arith/examples?as_of=prod');
    expect(prod.body.map((e: { id: string }) => e.id)).toEqual(['a', 'b']);
    const latest = await admin.get('/datasets/api/datasets/arith/examples');
    expect(latest.body).toHaveLength(3);
    // the example without an id got one of its version
    expect(latest.body[2]).toMatchObject({ id: 'v0002-2', inputs: 'x', reference_outputs: null, split: 'train' });
    expect((await admin.get('/datasets/api/datasets/arith/examples?splits=train')).body).toHaveLength(1);

    const run = await admin.post('/datasets/api/experiments/run', {
      dataset: 'arith',
      as_of: 'prod',
      name: 'baseline',
      evaluators: [
        { name: 'exact_match' },
        { name: 'edit_distance' },
        { name: 'contains', params: { substring: '2' } },
      ],
    });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ id: 'exp-0001', dataset_version: 'v0001', example_count: 2, name: 'baseline' });
    // a: "2" = "2"; b: "5" against "4"
    expect(run.body.aggregate_scores).toEqual({ exact_match: 0.5, edit_distance: 0.5, contains: 0.5 });
    expect(run.body.results[1]).toMatchObject({ example_id: 'b', outputs: '5', scores: { exact_match: 0 } });

    // outputs given with the run win over the example's own
    const given = await admin.post('/datasets/api/experiments/run', {
      dataset: 'arith',
      evaluators: [{ name: 'exact_match', params: { case_sensitive: false } }],
      outputs_map: { 'v0002-2': 'X' },
      splits: ['train'],
    });
    expect(given.body.aggregate_scores).toEqual({ exact_match: 0 });
    expect(given.body.results[0].outputs).toBe('X');

    const sft = await admin.get('/datasets/api/datasets/arith/export?format=sft&as_of=prod');
    expect(sft.status).toBe(200);
    expect(sft.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(sft.headers.get('x-skipped-examples')).toBe('0');
    expect(sft.text).toBe(
      '{"prompt": "{\\"q\\": \\"1+1\\"}", "completion": "2"}\n{"prompt": "{\\"q\\": \\"2+2\\"}", "completion": "4"}\n',
    );
    const dpo = await admin.get('/datasets/api/datasets/arith/export?format=DPO');
    // only b has both a reference and a rejected output; the one without a reference is skipped too
    expect(dpo.text.trim().split('\n')).toEqual([
      '{"prompt": "{\\"q\\": \\"1+1\\"}", "chosen": "2", "rejected": "2"}',
      '{"prompt": "{\\"q\\": \\"2+2\\"}", "chosen": "4", "rejected": "4"}',
    ]);
    expect(dpo.headers.get('x-skipped-examples')).toBe('1');

    const opt = await admin.get('/datasets/api/datasets/arith/optimize_export?fmt=gepa&prompt=Answer');
    expect(opt.body).toMatchObject({ format: 'gepa', seed_prompt: 'Answer', n: 3 });
    expect(opt.body.trainset[0]).toEqual({ inputs: { q: '1+1' }, expected: { output: '2' } });

    const again = await t.restart();
    const back = again.admin();
    const detail = await back.get('/datasets/api/datasets/arith');
    expect(detail.body.versions.map((v: { version_id: string; tags: string[] }) => [v.version_id, v.tags])).toEqual([
      ['v0001', ['prod']],
      ['v0002', []],
    ]);
    expect((await back.get('/datasets/api/datasets/arith/examples?as_of=v0002')).body).toHaveLength(3);
    const listed = await back.get('/datasets/api/experiments');
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual(['exp-0001', 'exp-0002']);
    expect(listed.body[0]).not.toHaveProperty('results');
    expect((await back.get('/datasets/api/experiments/exp-0001')).body.results).toHaveLength(2);
    expect((await back.get('/datasets/api/experiments?dataset=other')).body).toEqual([]);
    const rewards = await back.get('/datasets/api/experiments/exp-0001/export_rewards');
    expect(rewards.body).toMatchObject({ experiment: 'exp-0001', count: 0, rows: [] });

    expect((await back.request('DELETE', '/datasets/api/datasets/arith')).body).toEqual({ deleted: true });
    expect((await back.get('/datasets/api/datasets/arith')).status).toBe(404);
    expect((await back.get('/datasets/api/datasets')).body).toEqual([]);
  });

  it("curates the task's items, with the majority or the Dawid–Skene answer as reference", async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    const plain = await admin.post('/datasets/api/datasets/all/import_instances', {});
    expect(plain.status).toBe(201);
    expect(plain.body.example_count).toBe(3);
    const examples = (await admin.get('/datasets/api/datasets/all/examples')).body;
    expect(examples[0]).toMatchObject({
      id: 'q1',
      inputs: { id: 'q1', text: 'one plus one', answer_hint: 'math' },
      reference_outputs: null,
      metadata: { source: 'instances' },
    });

    // ann and bob say yes on q1, cid says no; only ann answered q2
    await answer(t, 'ann', 'q1', 'yes');
    await answer(t, 'ann', 'q2', 'no');
    await answer(t, 'bob', 'q1', 'yes');
    await answer(t, 'cid', 'q1', 'no', [{ schema: 'marks', name: 'num', start: 0, end: 3 }]);
    const voted = await admin.post('/datasets/api/datasets/voted/import_instances', {
      instance_ids: ['q1', 'q2', 'ghost'],
      include_annotations: true,
    });
    expect(voted.body.example_count).toBe(2);
    const [q1, q2] = (await admin.get('/datasets/api/datasets/voted/examples')).body;
    expect(q1.reference_outputs).toEqual({ ok: { yes: 'true' }, marks: [{ label: 'num', start: 0, end: 3 }] });
    expect(q1.metadata.annotation_aggregation).toEqual({
      method: 'majority',
      num_annotators: 3,
      votes: {
        ok: { winner_votes: 2, total: 3, agreement: 0.6667 },
        marks: { winner_votes: 1, total: 1, agreement: 1 },
      },
    });
    expect(q2.reference_outputs).toEqual({ ok: { no: 'true' } });

    const ds = await admin.post('/datasets/api/datasets/ds/import_instances', {
      include_annotations: true,
      aggregation_method: 'dawid_skene',
    });
    expect(ds.status).toBe(201);
    const [d1, , d3] = (await admin.get('/datasets/api/datasets/ds/examples')).body;
    expect(d1.reference_outputs.ok).toEqual({ yes: 'true' });
    expect(d1.metadata.annotation_aggregation.method).toBe('dawid_skene');
    expect(d1.metadata.annotation_aggregation.confidence.ok).toBeGreaterThan(0.5);
    expect(Object.keys(d1.metadata.annotation_aggregation.reliability.ok).sort()).toEqual(['ann', 'bob', 'cid']);
    // nobody answered q3
    expect(d3.reference_outputs).toBeNull();
  });

  it('refuses bad input by name and evaluators it cannot run, saying why', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    await admin.post('/datasets/api/datasets/d/examples', {
      examples: [{ id: 'a', inputs: {}, reference_outputs: 'x' }],
    });
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', '/datasets/api/datasets', {}, 400, /^name: name the dataset/],
      ['POST', '/datasets/api/datasets', { name: 'a/b' }, 400, /^name: a dataset name has no slash/],
      ['POST', '/datasets/api/datasets/d/examples', { examples: [] }, 400, /^examples: give at least one example/],
      ['POST', '/datasets/api/datasets/d/examples', { examples: [{ metadata: 3 }] }, 400, /^examples\[0\]\.metadata: /],
      ['POST', '/datasets/api/datasets/d/tag', { version_id: 'v0001' }, 400, /^tag: give the tag/],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [{ name: 'nope' }] },
        400,
        /^evaluators\[0\]\.name: unknown evaluator "nope"; experiments here run exact_match/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [{ name: 'exact_match' }, { name: 'llm_trajectory_judge' }] },
        400,
        /^evaluators\[1\]\.name: "llm_trajectory_judge" asks a language model for its score, which is not available/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [{ name: 'regex_match', params: { pattern: '(' } }] },
        400,
        /^evaluators\[0\]\.params\.pattern: /,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [{ name: 'exact_match', params: { strip: 'no' } }] },
        400,
        /^evaluators\[0\]\.params\.strip: expected true or false/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [{ name: 'exact_match' }, { name: 'exact_match' }] },
        400,
        /^evaluators\[1\]\.key: "exact_match" is used twice/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', evaluators: [] },
        400,
        /^evaluators: give at least one evaluator/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'd', as_of: 'gone', evaluators: [{ name: 'json_valid' }] },
        400,
        /^as_of: "gone" is neither latest, a tag nor a version/,
      ],
      [
        'POST',
        '/datasets/api/experiments/run',
        { dataset: 'none', evaluators: [{ name: 'json_valid' }] },
        404,
        /dataset "none" does not exist/,
      ],
      [
        'GET',
        '/datasets/api/datasets/d/export?format=bogus',
        undefined,
        400,
        /^format: "bogus" is not one of sft, dpo/,
      ],
      [
        'GET',
        '/datasets/api/datasets/d/optimize_export?fmt=bogus',
        undefined,
        400,
        /^fmt: "bogus" is not one of dspy, gepa/,
      ],
      ['GET', '/datasets/api/datasets/none/optimize_export?fmt=gepa', undefined, 404, /dataset "none"/],
      [
        'POST',
        '/datasets/api/datasets/d/import_instances',
        { aggregation_method: 'bogus' },
        400,
        /^aggregation_method: must be one of majority, dawid_skene/,
      ],
      [
        'POST',
        '/datasets/api/datasets/d/import_instances',
        { instance_ids: ['ghost'] },
        400,
        /^instance_ids: none of them is an item of the task/,
      ],
      ['GET', '/datasets/api/experiments/nope/export_rewards', undefined, 404, /experiment "nope" does not exist/],
    ];
    for (const [method, path, json, status, error] of cases) {
      const r = await admin.request(method, path, json === undefined ? {} : { json });
      expect([path, r.status]).toEqual([path, status]);
      expect(r.body.error).toMatch(error);
    }
    // nothing refused was stored: one dataset, one version, no experiment
    expect((await admin.get('/datasets/api/datasets')).body.map((d: { name: string }) => d.name)).toEqual(['d']);
    expect((await admin.get('/datasets/api/datasets/d')).body.versions).toHaveLength(1);
    expect((await admin.get('/datasets/api/experiments')).body).toEqual([]);
    const evaluators = (await admin.get('/datasets/api/evaluators')).body;
    expect(evaluators.find((e: { name: string }) => e.name === 'groundedness')).toMatchObject({ available: false });
  });

  it('keeps the admin rules, answers 503 while off, and warns about keys it does not act on', async () => {
    const t = await startServer({ items, config });
    expect((await t.client().get('/datasets/api/datasets')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/datasets/api/datasets')).status).toBe(403);
    const annotator = await t.client().login('dan');
    expect((await annotator.post('/datasets/api/datasets', { name: 'x' })).status).toBe(403);
    expect((await annotator.post('/datasets/api/experiments/run', { dataset: 'x', evaluators: [] })).status).toBe(403);

    const off = await startServer({ items });
    const closed = await off.admin().get('/datasets/api/datasets');
    expect(closed.status).toBe(503);
    expect(closed.body.error).toMatch(/datasets\.enabled: true/);

    const warnings = loadConfig(
      writeProject({ items, config: { datasets: { enabled: true, storage: 'sqlite', store_path: 'x' } } }),
    ).warnings;
    expect(warnings.some((w) => w.includes('datasets.storage: "sqlite" is not acted on'))).toBe(true);
    expect(warnings.some((w) => w.includes('unknown key "datasets.store_path" is ignored'))).toBe(true);
  });
});
