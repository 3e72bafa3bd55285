/**
 * ICL labelling over real HTTP with Potato's paths and a fake model server on 127.0.0.1: agreed answers become
 * examples in the prompt, a trigger labels unanswered items under the limits and sets some aside for verification,
 * annotators' blind answers (and record_verification) verify them, accuracy follows; admin rules, bad input by
 * field, no model (503), a failing model (502, nothing stored), labels kept over a restart.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startLlmServer, type LlmCall } from '../../helpers/llm-server.js';
import type { Client } from '../../helpers/client.js';
import { aiSupportAt, choose } from '../../helpers/model-project.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 's1', text: 'A wonderful day at the beach.' },
  { id: 's2', text: 'The train was late and cold.' },
  { id: 's3', text: 'Mixed feelings about the film.' },
  { id: 's4', text: 'Great service, lovely staff.' },
  { id: 's5', text: 'Dull food.' },
  { id: 's6', text: 'Meh, a parking lot.' },
  { id: 's7', text: 'Great view.' },
  { id: 's8', text: 'Broken lift again.' },
];
const schemes = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'why' },
];
const icl = {
  enabled: true,
  example_selection: { min_agreement_threshold: 0.8, min_annotators_per_instance: 2 },
  llm_labeling: { batch_size: 3, trigger_threshold: 2, max_unlabeled_ratio: 1, confidence_threshold: 0.7 },
  verification: { sample_rate: 0.5, selection_strategy: 'low_confidence' },
};

/** The item's own text in a prompt: the last quoted block. */
const itemOf = (call: LlmCall) => {
  const user: string = call.body.messages[1].content;
  const open = 'Text:\n"""\n';
  return user.slice(user.lastIndexOf(open) + open.length).split('\n"""')[0];
};
/** "Great" texts are positive and sure; the rest negative and unsure, the shorter the less. */
const judge = (call: LlmCall) => {
  const text = itemOf(call);
  const positive = /great/i.test(text);
  const confidence = positive ? 0.95 : text.length > 15 ? 0.6 : 0.55;
  return { content: JSON.stringify({ label: positive ? 'positive' : 'negative', confidence, rationale: 'tone' }) };
};

const answer = (c: Client, id: string, label: string) => choose(c, 'sentiment', id, label);

describe('ICL labelling', () => {
  it('labels from agreed examples, verifies by blind answers, and keeps its labels over a restart', async () => {
    const llm = await startLlmServer();
    llm.reply = judge;
    const ai_support = aiSupportAt(llm, 'test-model');
    let t: TestServer = await startServer({
      items,
      config: { annotation_schemes: schemes, ai_support, icl_labeling: icl },
    });
    const alice = await t.client().login('alice');
    expect((await t.client().get('/admin/api/icl/status')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/api/icl/status')).status).toBe(403);
    expect((await alice.get('/admin/api/icl/status')).status).toBe(403);
    expect((await t.client().post('/admin/api/icl/trigger', { schema_name: 'sentiment' })).status).toBe(401);

    const waiting = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ predictions_count: 0 });
    expect(waiting.body.message).toMatch(/^waiting for examples: sentiment has 0 of the 2/);
    expect(llm.calls).toHaveLength(0);

    const bob = await t.client().login('bob');
    for (const [id, a, b] of [
      ['s1', 'positive', 'positive'],
      ['s2', 'negative', 'negative'],
      ['s3', 'positive', 'negative'],
    ]) {
      await answer(alice, id, a);
      await answer(bob, id, b);
    }
    const examples = (await t.admin().get('/admin/api/icl/examples?schema=sentiment')).body;
    expect(examples.schema).toBe('sentiment');
    // s3's annotators split, so it is no example
    expect(examples.examples.sentiment).toEqual([
      { instance_id: 's1', text: items[0].text, label: 'positive', agreement: 1, annotators: 2 },
      { instance_id: 's2', text: items[1].text, label: 'negative', agreement: 1, annotators: 2 },
    ]);

    const noSchema = await t.admin().post('/admin/api/icl/trigger', {});
    expect(noSchema.status).toBe(400);
    expect(noSchema.body.error).toMatch(/^schema_name: /);
    const unknown = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^schema_name: no annotation scheme is named "nope"/);
    expect((await t.admin().post('/admin/api/icl/trigger', { schema_name: 'why' })).body.error).toMatch(
      /^schema_name: "why" is a text scheme/,
    );

    const run = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(run.status).toBe(200);
    expect(run.body.predictions_count).toBe(3);
    // the batch size caps it: s4, s5, s6, the first items nobody answered
    expect(run.body.predictions.map((p: { instance_id: string }) => p.instance_id)).toEqual(['s4', 's5', 's6']);
    const prompt: string = llm.calls[0].body.messages[1].content;
    expect(prompt).toContain(`${items[0].text}\n"""\nLabel: positive`);
    expect(prompt).toContain(`${items[1].text}\n"""\nLabel: negative`);
    expect(prompt).not.toContain(items[2].text);
    expect(itemOf(llm.calls[0])).toBe(items[3].text);

    const all = (await t.admin().get('/admin/api/icl/predictions')).body.predictions;
    expect(
      all.map((p: { predicted_label: string; accepted: boolean; status: string }) => [
        p.predicted_label,
        p.accepted,
        p.status,
      ]),
    ).toEqual([
      ['positive', true, 'not_selected'],
      // half of three rounds to two: the two least confident are set aside
      ['negative', false, 'pending'],
      ['negative', false, 'pending'],
    ]);
    expect(all[0]).toMatchObject({ examples_used: ['s1', 's2'], model_name: 'test-model', confidence: 0.95 });
    const pending = (await t.admin().get('/admin/api/icl/predictions?status=pending')).body;
    expect(pending.predictions.map((p: { instance_id: string }) => p.instance_id)).toEqual(['s5', 's6']);
    expect((await t.admin().get('/admin/api/icl/predictions?status=maybe')).body.error).toMatch(/^status: /);

    // blind answers verify: the first annotator's counts, a later one's does not replace it
    const carol = await t.client().login('carol');
    await answer(carol, 's5', 'negative');
    await answer(carol, 's6', 'positive');
    const dave = await t.client().login('dave');
    await answer(dave, 's5', 'positive');
    let accuracy = (await t.admin().get('/admin/api/icl/accuracy?schema=sentiment')).body;
    expect(accuracy).toEqual({
      total_predictions: 3,
      verified_correct: 1,
      verified_incorrect: 1,
      pending_verification: 0,
      total_verified: 2,
      accuracy: 0.5,
      schema_name: 'sentiment',
    });

    const verify = { instance_id: 's4', schema_name: 'sentiment', human_label: 'positive' };
    expect((await t.client().post('/api/icl/record_verification', verify)).status).toBe(401);
    const badLabel = await alice.post('/api/icl/record_verification', { ...verify, human_label: 'meh' });
    expect(badLabel.status).toBe(400);
    expect(badLabel.body.error).toMatch(/^human_label: "meh" is not a label of sentiment/);
    expect((await alice.post('/api/icl/record_verification', { instance_id: 's4' })).body.error).toMatch(
      /^schema_name: /,
    );
    const notLabelled = await alice.post('/api/icl/record_verification', { ...verify, instance_id: 's1' });
    expect(notLabelled.status).toBe(404);
    expect(notLabelled.body.error).toMatch(/^instance_id: the model has not labelled "s1"/);
    const verified = await alice.post('/api/icl/record_verification', verify);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, status: 'correct' });

    // a model that fails before labelling anything: 502 naming it, nothing stored
    llm.reply = () => ({ status: 500 });
    const failed = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/ollama server at .* answered 500/);
    // one that fails half-way: the labels before it are kept whole, the answer says where it stopped
    llm.reply = (call) => (itemOf(call) === items[7].text ? { status: 500 } : judge(call));
    const half = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(half.status).toBe(200);
    expect(half.body).toMatchObject({ predictions_count: 1, predictions: [{ instance_id: 's7' }] });
    expect(half.body.error).toMatch(/answered 500/);

    const status = (await t.admin().get('/admin/api/icl/status')).body;
    expect(status).toMatchObject({
      enabled: true,
      model: 'ollama/test-model',
      model_missing: null,
      total_examples: 2,
      examples_by_schema: { sentiment: 2 },
      total_predictions: 4,
      labeled_instances: 4,
      // s7, the one label of its batch, is set aside: a rate above 0 sets aside at least one
      verification_queue_size: 1,
      labeling_paused: false,
    });
    expect(status.last_batch_run).toEqual(expect.any(String));

    t = await t.restart();
    accuracy = (await t.admin().get('/admin/api/icl/accuracy')).body;
    expect(accuracy).toMatchObject({
      total_predictions: 4,
      verified_correct: 2,
      verified_incorrect: 1,
      accuracy: 0.667,
    });
  });

  it('answers its reads while off and refuses a trigger with 503; without a model a trigger is a 503 naming ai_support', async () => {
    const off = await startServer({ items, config: { annotation_schemes: schemes } });
    expect((await off.admin().get('/admin/api/icl/status')).body).toMatchObject({
      enabled: false,
      total_predictions: 0,
    });
    expect((await off.admin().get('/admin/api/icl/examples')).body.examples).toEqual({});
    expect((await off.admin().get('/admin/api/icl/predictions')).body.predictions).toEqual([]);
    expect((await off.admin().get('/admin/api/icl/accuracy')).body.total_predictions).toBe(0);
    const refused = await off.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/icl_labeling: \{enabled: true\}/);

    const t = await startServer({ items, config: { annotation_schemes: schemes, icl_labeling: icl } });
    expect((await t.admin().get('/admin/api/icl/status')).body.model_missing).toMatch(/ai_support names no LLM/);
    for (const user of ['alice', 'bob']) {
      const c = await t.client().login(user);
      await answer(c, 's1', 'positive');
      await answer(c, 's2', 'negative');
    }
    // a turn-level question's per-turn document is no label for the model to give: not labelled, refused by name
    const turns = { annotation_type: 'radio', name: 'tone', labels: ['ok', 'rude'], turn_level: true };
    const perTurn = await startServer({
      items,
      config: { annotation_schemes: [...schemes, turns], icl_labeling: icl },
    });
    expect((await perTurn.admin().get('/admin/api/icl/status')).body.schemas).toEqual(['sentiment']);
    const refusedTurns = await perTurn.admin().post('/admin/api/icl/trigger', { schema_name: 'tone' });
    expect(refusedTurns.status).toBe(400);
    expect(refusedTurns.body.error).toMatch(/^schema_name: "tone" is asked per turn \(turn_level\)/);
    const noModel = await t.admin().post('/admin/api/icl/trigger', { schema_name: 'sentiment' });
    expect(noModel.status).toBe(503);
    expect(noModel.body.error).toMatch(/^ICL labelling needs a model: ai_support names no LLM .*endpoint_type/);
    expect((await t.admin().get('/admin/api/icl/predictions')).body.total).toBe(0);

    const warned = loadConfig(
      writeProject({
        items,
        config: {
          annotation_schemes: schemes,
          icl_labeling: {
            ...icl,
            llm_labeling: { batch_interval_seconds: 60 },
            verification: { assignment_mix_rate: 0.2 },
          },
        },
      }),
    ).warnings.join('\n');
    expect(warned).toMatch(/icl_labeling: ai_support names no LLM/);
    expect(warned).toMatch(/batch_interval_seconds: batches are not run on a timer/);
    expect(warned).toMatch(/assignment_mix_rate: model-labelled items are handed out as every item is/);
    expect(() =>
      loadConfig(
        writeProject({
          items,
          config: { annotation_schemes: schemes, icl_labeling: { enabled: true, verification: { sample_rate: 2 } } },
        }),
      ),
    ).toThrow(/icl_labeling\.verification\.sample_rate/);
  });
});
