/**
 * Judge alignment over real HTTP with Potato's paths and a fake model on 127.0.0.1: the judge labels answered items
 * under the rubric, the report gives κ against the annotators' majority (worked by hand below), an edited rubric is a
 * new prompt version, the page renders; admin rules, bad input by field, a failing model (502, nothing stored), no
 * model (503), labels kept over a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmCall } from '../../helpers/llm-server.js';
import type { Client } from '../../helpers/client.js';
import { aiSupportAt, choose } from '../../helpers/model-project.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 'j1', text: 'The Danube flows through Vienna.' },
  { id: 'j2', text: 'The sun orbits the earth.' },
  { id: 'j3', text: 'Copper conducts electricity.' },
  { id: 'j4', text: 'Bats are blind birds.' },
  { id: 'j5', text: 'Nobody answered this one.' },
];
const schemes = [
  { annotation_type: 'radio', name: 'correctness', labels: ['correct', 'incorrect'] },
  { annotation_type: 'text', name: 'note' },
];
/** the judge: right on j1–j3, wrong on j4 (it calls it correct) */
const verdicts: Record<string, string> = {
  j1: 'correct',
  j2: 'incorrect',
  j3: 'correct',
  j4: 'correct',
  j5: 'correct',
};
const judge = (call: LlmCall) => {
  const user: string = call.body.messages[1].content;
  const item = items.find((i) => user.includes(`"""\n${i.text}\n"""`))!;
  return { content: JSON.stringify({ label: verdicts[item.id], confidence: 0.8, rationale: `about ${item.id}` }) };
};

const answer = (c: Client, id: string, label: string) => choose(c, 'correctness', id, label);

describe('judge alignment', () => {
  it("judges answered items, scores κ against the annotators' majority per prompt version, and keeps its labels", async () => {
    const llm = await startLlmServer();
    llm.reply = judge;
    const config = {
      annotation_schemes: schemes,
      ai_support: aiSupportAt(llm, 'judge-model'),
      judge_alignment: { enabled: true, schemas: { correctness: { rubric: 'Be strict.' } } },
    };
    let t: TestServer = await startServer({ items, config });
    expect((await t.client().get('/admin/judge-alignment')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/judge-alignment')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'wrong' }).post('/admin/api/judge-alignment/run', {})).status).toBe(403);

    const before = (await t.admin().get('/admin/judge-alignment')).body;
    expect(before.per_schema.correctness).toMatchObject({ n_compared: 0, kappa: null, interpretation: 'undefined' });
    expect(before.prompt_versions).toEqual([]);

    const alice = await t.client().login('alice');
    const bob = await t.client().login('bob');
    expect((await alice.post('/admin/api/judge-alignment/run', {})).status).toBe(403);
    for (const [id, label] of [
      ['j1', 'correct'],
      ['j2', 'incorrect'],
      ['j3', 'correct'],
      ['j4', 'incorrect'],
    ]) {
      await answer(alice, id, label);
      await answer(bob, id, label);
    }

    const badBody = await t.admin().post('/admin/api/judge-alignment/run', { max_per_schema: 'all' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error).toMatch(/^max_per_schema: /);
    const unknown = await t.admin().post('/admin/api/judge-alignment/run', { rubrics: { nope: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^rubrics\.nope: /);

    const run = await t.admin().post('/admin/api/judge-alignment/run', {});
    expect(run.status).toBe(200);
    // j5 has no human answer, so it is not judged
    expect(run.body).toMatchObject({ judged: 4, failed: 0, by_schema: { correctness: { judged: 4, skipped: 0 } } });
    expect(llm.calls).toHaveLength(4);
    expect(llm.calls[0].body.messages[1].content).toMatch(/^Rubric: Be strict\./);
    // judged under this version already: nothing to do, no call
    expect((await t.admin().post('/admin/api/judge-alignment/run', {})).body.judged).toBe(0);
    expect(llm.calls).toHaveLength(4);

    const report = (await t.admin().get('/admin/judge-alignment')).body;
    const version = run.body.by_schema.correctness.prompt_version;
    // by hand: agreement 3/4; human marginals ½ ½, judge ¾ ¼, chance ½·¾ + ½·¼ = ½; κ = (¾ − ½)/(1 − ½) = 0.5
    expect(report.per_schema.correctness).toEqual({
      prompt_version: version,
      n_compared: 4,
      agreement_rate: 0.75,
      kappa: 0.5,
      interpretation: 'moderate',
      confusion: {
        labels: ['correct', 'incorrect'],
        matrix: [
          [2, 0],
          [1, 1],
        ],
      },
      disagreements: [
        { instance_id: 'j4', human: 'incorrect', judge: 'correct', confidence: 0.8, reasoning: 'about j4' },
      ],
    });

    // an edited rubric is a new prompt version, judged again; the report keeps both versions' κ
    const stricter = await t.admin().post('/admin/api/judge-alignment/run', { rubrics: { correctness: 'Stricter.' } });
    expect(stricter.body.judged).toBe(4);
    const stricterVersion = stricter.body.by_schema.correctness.prompt_version;
    expect(stricterVersion).not.toBe(version);
    const versions = (await t.admin().get('/admin/judge-alignment')).body.prompt_versions;
    expect(
      versions.map((v: { prompt_version: string; mean_kappa: number }) => [v.prompt_version, v.mean_kappa]),
    ).toEqual([
      [version, 0.5],
      [stricterVersion, 0.5],
    ]);
    expect(
      (await t.admin().get(`/admin/judge-alignment?prompt_version=${stricterVersion}`)).body.per_schema.correctness
        .prompt_version,
    ).toBe(stricterVersion);
    const noVersion = await t.admin().get('/admin/judge-alignment?prompt_version=v_nope');
    expect(noVersion.status).toBe(404);
    expect(noVersion.body.error).toMatch(/^prompt_version: /);
    expect((await t.admin().get('/admin/judge-alignment?format=xml')).body.error).toMatch(/^format: /);
    const page = await t.admin().get('/admin/judge-alignment?format=html');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>Judge Alignment</h1>');
    expect(page.text).toContain('about j4');

    // a failing model under a third rubric: 502 naming the server, nothing stored
    llm.reply = () => ({ status: 500 });
    const failed = await t.admin().post('/admin/api/judge-alignment/run', { rubrics: { correctness: 'Lenient.' } });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/ollama server at .* answered 500/);
    expect((await t.admin().get('/admin/judge-alignment')).body.prompt_versions).toHaveLength(2);

    t = await t.restart();
    expect((await t.admin().get('/admin/judge-alignment')).body.per_schema.correctness.kappa).toBe(0.5);
  });

  it('without a model a run is a 503 naming ai_support; off, a run is a 503 and the report reads', async () => {
    const t = await startServer({ items, config: { annotation_schemes: schemes, judge_alignment: { enabled: true } } });
    const run = await t.admin().post('/admin/api/judge-alignment/run', {});
    expect(run.status).toBe(503);
    expect(run.body.error).toMatch(/^the judge needs a model: ai_support names no LLM/);
    const off = await startServer({ items, config: { annotation_schemes: schemes } });
    expect((await off.admin().post('/admin/api/judge-alignment/run', {})).body.error).toMatch(
      /judge_alignment: \{enabled: true\}/,
    );
    expect((await off.admin().get('/admin/judge-alignment')).body).toMatchObject({
      enabled: false,
      prompt_versions: [],
    });

    const on = { annotation_schemes: schemes, judge_alignment: { enabled: true, schemas: { note: { rubric: 'x' } } } };
    expect(() => loadConfig(writeProject({ items, config: on }))).toThrow(
      /judge_alignment\.schemas\.note: "note" is a text scheme/,
    );
    // a turn-level question is not judged: left out of the judged schemes, refused when named
    const turns = { annotation_type: 'radio', name: 'tone', labels: ['ok', 'rude'], turn_level: true };
    const perTurn = await startServer({
      items,
      config: { annotation_schemes: [...schemes, turns], judge_alignment: { enabled: true } },
    });
    expect(Object.keys((await perTurn.admin().get('/admin/judge-alignment')).body.per_schema)).toEqual(['correctness']);
    const named = {
      annotation_schemes: [...schemes, turns],
      judge_alignment: { enabled: true, schemas: { tone: { rubric: 'x' } } },
    };
    expect(() => loadConfig(writeProject({ items, config: named }))).toThrow(
      /judge_alignment\.schemas\.tone: "tone" is asked per turn \(turn_level\)/,
    );
    const inline = { annotation_schemes: schemes, judge_alignment: { enabled: true, inline: { enabled: true } } };
    const warned = loadConfig(writeProject({ items, config: inline })).warnings.join('\n');
    expect(warned).toMatch(/judge_alignment: ai_support names no LLM/);
    expect(warned).toMatch(/judge_alignment\.inline: the annotate page does not show/);
  });
});
