/**
 * Potato's phase-page protocol over real HTTP: answers saved to /updateinstance as `__phase_page__`, then a post
 * to /consent, /training, /prestudy (or /annotate with that instance id) to move on.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import type { Client } from '../../helpers/client.js';

const PAGE = '__phase_page__';

const files = {
  'consent.json': JSON.stringify([
    {
      annotation_type: 'radio',
      name: 'consent_given',
      description: 'Do you agree?',
      labels: ['Yes', 'No'],
      label_requirement: { required_label: 'Yes' },
    },
  ]),
  'prestudy.json': JSON.stringify([
    { annotation_type: 'likert', name: 'familiarity', size: 5, min_label: 'none', max_label: 'expert' },
    { annotation_type: 'multiselect', name: 'langs', labels: ['en', 'fr', 'de'] },
    { annotation_type: 'text', name: 'job' },
  ]),
  'training.json': JSON.stringify({
    training_instances: [
      { id: 'train_1', text: 'Loved it.', correct_answers: { sentiment: 'positive' }, explanation: 'Loved.' },
      {
        id: 'train_2',
        text: 'Cheap, broke.',
        correct_answers: { sentiment: 'negative', topics: ['price', 'quality'] },
      },
    ],
  }),
};

const study = (training: Record<string, unknown>) => ({
  items: sampleItems(2),
  files,
  config: {
    phases: {
      order: ['consent', 'training', 'prestudy', 'annotation'],
      consent: { type: 'consent', file: 'consent.json' },
      training: { type: 'training' },
      prestudy: { type: 'prestudy', file: 'prestudy.json' },
    },
    training: { enabled: true, data_file: 'training.json', passing_criteria: { min_correct: 2 }, ...training },
  },
});

const save = (c: Client, annotations: Record<string, string>) =>
  c.post('/updateinstance', { instance_id: PAGE, annotations, span_annotations: [] });
const state = (c: Client, scheme: string, entries: { name: string; value: unknown }[]) =>
  c.post('/updateinstance', { instance_id: PAGE, type: 'label', schema: scheme, state: entries });
const phase = async (c: Client) => (await c.get('/api/phase')).body;

describe("Potato's phase pages", () => {
  it('walks consent, training one item at a time and a survey to annotation', async () => {
    const t = await startServer(study({ allow_retry: true }));
    expect((await t.client().postForm('/consent', {})).status).toBe(401);
    const ann = await t.client().login('ann');

    // consent: the answer saved on the page decides; posting the page is consenting
    let r = await save(ann, { 'consent_given:No': 'No' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'success', saved: true, phase: 'consent' });
    expect((await phase(ann)).saved_answers).toEqual({ consent_given: 'No' });
    r = await ann.postForm('/consent', {});
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('answers.consent_given: choose Yes to go on');
    r = await save(ann, { 'nope:x': 'x' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('annotations["nope:x"]: the consent page has no question "nope"');
    r = await state(ann, 'consent_given', [{ name: 'Yes', value: 'Yes' }]);
    expect(r.status, r.text).toBe(200);
    r = await ann.postForm('/training', {});
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('phase: your current phase is "consent" (consent), not a training page');
    // a browser's form goes back to the UI
    r = await ann.postForm('/consent', {}, { accept: 'text/html' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/');

    // training: each post grades the item the page shows; a key names the scheme, meaning that item's question
    expect(await phase(ann)).toMatchObject({ phase: 'training', walk: { item: 1, items: 2, right: 0 } });
    await save(ann, { 'sentiment:negative': 'negative' });
    r = await ann.post('/training', {});
    expect(r.body).toMatchObject({ status: 'continue', passed: null, answer_correct: false, walk: { item: 1 } });
    expect(r.body.feedback).toEqual([{ id: 'train_1:sentiment', correct: false, explanation: 'Loved.' }]);
    r = await ann.postForm('/training', { sentiment: 'maybe' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('annotations["sentiment"]: choose one of positive, negative, neutral');
    r = await ann.postForm('/training', { sentiment: 'positive' });
    expect(r.body).toMatchObject({ status: 'continue', answer_correct: true, walk: { item: 2, items: 2, right: 1 } });
    // the second item starts unanswered: the first one's answer is not carried over
    expect((await ann.post('/training', {})).body.error).toBe(
      'answers.train_2:sentiment: this question needs an answer',
    );
    await save(ann, { 'sentiment:negative': 'negative', 'topics:price': 'price', 'topics:quality': 'quality' });
    r = await ann.post('/annotate', { action: 'next_instance', instance_id: PAGE });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      status: 'success',
      passed: true,
      completed_phase: 'training',
      next_phase: 'prestudy',
    });

    // a survey: answers kept as they come, checked like completion's, merged one input at a time
    r = await save(ann, { 'familiarity:9': '9' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('annotations["familiarity:9"]: choose one of 1, 2, 3, 4, 5');
    await state(ann, 'langs', [{ name: 'en', value: true }]);
    await state(ann, 'langs', [{ name: 'fr', value: true }]);
    await state(ann, 'langs', [{ name: 'en', value: false }]);
    await state(ann, 'job', [{ name: 'text_box', value: 'teacher' }]);
    expect((await phase(ann)).saved_answers).toEqual({ langs: ['fr'], job: 'teacher' });
    r = await ann.postForm('/prestudy', { 'familiarity:::4': '4' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ completed_phase: 'prestudy', next_phase: 'annotation' });
    expect(t.server.services.store.get('phase_progress', 'ann')?.answers.prestudy).toEqual({
      familiarity: '4',
      langs: ['fr'],
      job: 'teacher',
    });

    // in annotation the phase page's late save is acknowledged and not kept; sending it is refused
    expect((await phase(ann)).phase).toBe('annotation');
    r = await save(ann, { 'familiarity:3': '3' });
    expect(r.body).toMatchObject({ status: 'success', saved: false });
    r = await ann.post('/annotate', { action: 'next_instance', instance_id: PAGE });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^instance_id: __phase_page__ is a phase page, and you are in the annotation phase/);
    expect((await ann.get('/api/current_instance')).status).toBe(200);
  });

  it('without retries moves on after a wrong item and fails a walk short of the score', async () => {
    const t = await startServer(study({ allow_retry: false }));
    const bob = await t.client().login('bob');
    // a page's form posted to /annotate (no action) sends it, as on Potato
    let r = await bob.postForm('/annotate', { 'consent_given:::Yes': 'true' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ completed_phase: 'consent', next_phase: 'training' });
    // Potato's Next button on any phase page sends it, whatever instance it names; there is no going back
    r = await bob.post('/annotate', { action: 'prev_instance' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'action: a phase page goes back to an earlier one only with allow_phase_back_navigation: true',
    );
    r = await bob.postForm('/annotate', { action: 'next_instance', instance_id: 'item-1', sentiment: 'negative' });
    expect(r.body).toMatchObject({ status: 'continue', answer_correct: false, walk: { item: 2, right: 0 } });
    r = await bob.postForm('/training', { sentiment: 'negative', 'topics:::price': 'price', 'topics:::quality': 'on' });
    expect(r.body).toMatchObject({ status: 'failed', passed: false, answer_correct: true, attempts_left: 0 });
    r = await bob.postForm('/training', { sentiment: 'positive' });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('training: no attempts left; contact the project owner');
  });
});
