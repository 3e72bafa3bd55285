/**
 * Judge calibration over real HTTP with Potato's paths and a fake model server on 127.0.0.1: two judges sampled
 * k times, the run in the background to the human-calibration phase, the report over the blind sample (accuracy,
 * κ, ECE, Brier worked by hand below), admin rules, bad input, the report kept over a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmCall } from '../../helpers/llm-server.js';
import { choose } from '../../helpers/model-project.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 'j1', text: 'The Danube flows through Vienna.' },
  { id: 'j2', text: 'The sun orbits the earth.' },
  { id: 'j3', text: 'Copper conducts electricity.' },
  { id: 'j4', text: 'Bats are blind birds.' },
];
const schemes = [{ annotation_type: 'radio', name: 'correctness', labels: ['correct', 'incorrect'] }];

describe('judge calibration', () => {
  it('samples each judge k times, reaches the human phase, and reports each against the blind human gold', async () => {
    const llm = await startLlmServer();
    let torn = 0;
    // "sure" calls everything correct every time; "torn" answers correct, then incorrect, then correct, ...
    llm.reply = (call: LlmCall) => {
      const label = call.body.model === 'sure' || torn++ % 2 === 0 ? 'correct' : 'incorrect';
      return { content: JSON.stringify({ label, confidence: 0.9, rationale: 'x' }) };
    };
    const judge = (model: string) => ({ endpoint_type: 'ollama', model, base_url: llm.url, temperature: 0.7 });
    const config = {
      annotation_schemes: schemes,
      judge_calibration: {
        enabled: true,
        prompt: 'Is the statement {labels}?',
        models: [judge('sure'), judge('torn')],
        k_samples: 2,
        sampling: { strategy: 'all' },
        calibration: { n_bins: 5 },
      },
    };
    let t: TestServer = await startServer({ items, config });
    expect((await t.client().get('/judge_calibration/status')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).post('/judge_calibration/run', {})).status).toBe(403);
    const ann = await t.client().login('ann');
    expect((await ann.get('/judge_calibration/progress')).status).toBe(403);
    expect((await t.admin().get('/judge_calibration/status')).body).toMatchObject({
      enabled: true,
      models: ['sure', 'torn'],
      k_samples: 2,
      schemas: ['correctness'],
      phase: 'setup',
    });
    expect((await t.admin().post('/judge_calibration/report', {})).status).toBe(409);
    expect((await t.admin().get('/judge_calibration/report')).status).toBe(404);

    const run = await t.admin().post('/judge_calibration/run', {});
    expect(run.status, run.text).toBe(200);
    expect(run.body).toEqual({ started: true, total: 8 });
    await t.server.services.judgeCalibration.settled();
    const progress = (await t.admin().get('/judge_calibration/progress')).body;
    expect(progress).toMatchObject({ phase: 'human-calibration', generating: false, total: 8, sample_size: 4 });
    expect(llm.calls.length).toBe(16);
    expect(llm.calls[0].body.messages[0].content).toMatch(/^Is the statement correct, incorrect\?/);

    for (const [id, label] of [
      ['j1', 'correct'],
      ['j2', 'incorrect'],
      ['j3', 'correct'],
      ['j4', 'incorrect'],
    ])
      await choose(ann, 'correctness', id, label);
    // the annotate screen's data carries nothing of the judges
    expect(JSON.stringify((await ann.get('/api/current_instance')).body)).not.toMatch(/modal_label|sure|torn/);

    const built = await t.admin().post('/judge_calibration/report', {});
    expect(built.status, built.text).toBe(200);
    const sc = built.body.report.schemas.correctness;
    expect(sc.n_gold).toBe(4);
    // "sure": correct ×4 at confidence 1 against c,i,c,i: accuracy ½, κ 0 (it never varies), ECE |½ − 1| = ½,
    // Brier (0 + 1 + 0 + 1) / 4 = ½, all four in the last of 5 bins
    expect(sc.models.sure).toMatchObject({ n: 4, accuracy: 0.5, kappa: 0, ece: 0.5, brier: 0.5 });
    expect(sc.models.sure.bins[4]).toMatchObject({ n: 4, mean_confidence: 1, accuracy: 0.5 });
    // "torn": each item sampled correct then incorrect, so its modal label is correct at confidence ½
    expect(sc.models.torn).toMatchObject({ n: 4, accuracy: 0.5, ece: 0, brier: 0.25 });
    expect(sc.models.torn.bins[2]).toMatchObject({ n: 4, mean_confidence: 0.5 });
    expect(sc.llm_llm_kappa).toEqual([{ a: 'sure', b: 'torn', kappa: null }]);
    expect((await t.admin().get('/judge_calibration/progress')).body.phase).toBe('completed');

    const html = await t.admin().get('/judge_calibration/report');
    expect(html.text).toMatch(/Judge Calibration Report/);
    expect((await t.admin().get('/judge_calibration/report?format=xml')).body.error).toMatch(/^format: /);
    expect((await t.admin().get('/judge_calibration/admin')).text).toMatch(/Judge Calibration/);

    t = await t.restart();
    expect(
      (await t.admin().get('/judge_calibration/report?format=json')).body.schemas.correctness.models.sure.ece,
    ).toBe(0.5);
    await llm.close();
  });

  it('a failing judge leaves no answers, not a failed run; off, a run is a 503; bad config stops start-up', async () => {
    const dead = { endpoint_type: 'ollama', model: 'gone', base_url: 'http://127.0.0.1:1', temperature: 0.7 };
    const on = { enabled: true, models: [dead], k_samples: 2, sampling: { strategy: 'all' } };
    const t = await startServer({ items, config: { annotation_schemes: schemes, judge_calibration: on } });
    await t.admin().post('/judge_calibration/run', {});
    await t.server.services.judgeCalibration.settled();
    const p = (await t.admin().get('/judge_calibration/progress')).body;
    expect(p).toMatchObject({ phase: 'human-calibration', failed_samples: 8 });
    expect(p.error).toMatch(/^gone: /);
    const off = await startServer({ items, config: { annotation_schemes: schemes } });
    expect((await off.admin().post('/judge_calibration/run', {})).status).toBe(503);

    const load = (jc: Record<string, unknown>) =>
      loadConfig(writeProject({ items, config: { annotation_schemes: schemes, judge_calibration: jc } }));
    expect(() => load({ ...on, schemas: ['nope'] })).toThrow(/judge_calibration\.schemas: no annotation scheme/);
    expect(() => load({ ...on, models: [{ ...dead, endpoint_type: 'telepathy' }] })).toThrow(
      /judge_calibration\.models\[0\]\.endpoint_type/,
    );
    const warned = load({ ...on, models: [{ ...dead, temperature: 0 }], output: { dir: 'x' } }).warnings.join('\n');
    expect(warned).toMatch(/models\[0\]\.temperature is 0/);
    expect(warned).toMatch(/output and state_dir are not acted on/);
  });
});
