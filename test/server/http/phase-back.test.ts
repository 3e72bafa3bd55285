/**
 * Potato's phase options over real HTTP: going back across phases (allow_phase_back_navigation), through our
 * endpoint and Potato's Back post, and the phase pages' answers in the export (export_include_phase_data) with
 * conditional questions evaluated again.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems, writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const PHASES = {
  order: ['consent', 'prestudy', 'annotation', 'poststudy'],
  consent: { content: 'You agree that your answers are used for research.' },
  prestudy: {
    questions: [
      { id: 'experience', text: 'Have you labelled reviews before?', options: ['Yes', 'No'] },
      { id: 'years', text: 'For how many years?', type: 'number', required: false },
    ],
  },
  poststudy: {
    questions: [
      {
        id: 'expected',
        text: 'Was this like the labelling you did before?',
        options: ['Yes', 'No'],
        display_logic: { show_when: [{ schema: 'experience', operator: 'equals', value: 'Yes' }] },
      },
      { id: 'comments', text: 'Anything to add?', type: 'text', required: false },
    ],
  },
};

const project = (config: Record<string, unknown>) => ({
  items: sampleItems(2),
  config: { phases: PHASES, ...config },
});

describe('going back across phases', () => {
  it('is off by default: no Back from a phase page, and Back at the first instance stays there', async () => {
    const t = await startServer(project({}));
    const bob = await t.client().login('bob');
    expect((await bob.get('/api/phase')).body).toMatchObject({ phase: 'consent', can_go_back: false });
    await bob.post('/api/phase/complete', { answers: { agree: true } });
    expect((await bob.get('/api/phase')).body).toMatchObject({ phase: 'prestudy', can_go_back: false });
    const refused = await bob.post('/api/phase/back', {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^phase: .*allow_phase_back_navigation/);
    // Potato's Back on a phase page
    const page = await bob.post('/annotate', { action: 'prev_instance' });
    expect(page.status).toBe(400);
    expect(page.body.error).toMatch(/allow_phase_back_navigation: true/);
    await bob.post('/api/phase/complete', { answers: { experience: 'No' } });

    const first = await bob.post('/annotate', { action: 'prev_instance' });
    expect(first.status).toBe(200);
    expect(first.body.instance_id).toBe('item-1');
    expect((await bob.get('/api/phase')).body).toMatchObject({ phase: 'annotation', can_go_back: false });
    await t.close();
  });

  it('returns to the phase before with its answers, closes annotation until it is sent again', async () => {
    const t = await startServer(project({ allow_phase_back_navigation: true }));
    expect(loadConfig(t.configFile).warnings).toEqual([]);
    const ann = await t.client().login('ann');
    const phase = async () => (await ann.get('/api/phase')).body;
    expect(await phase()).toMatchObject({ phase: 'consent', can_go_back: false });
    const first = await ann.post('/api/phase/back', {});
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('phase: "consent" is the first phase');
    expect((await ann.post('/annotate', { action: 'prev_instance' })).body.error).toBe(
      'phase: "consent" is the first phase',
    );
    await ann.post('/api/phase/complete', { answers: { agree: true } });
    expect(await phase()).toMatchObject({ phase: 'prestudy', can_go_back: true });
    await ann.post('/api/phase/complete', { answers: { experience: 'Yes', years: 3 } });
    expect(await phase()).toMatchObject({ phase: 'annotation', can_go_back: true });

    // Back past the first instance is Back to the prestudy page, its answers kept to change
    await ann.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    const wrongPhase = await ann.post('/api/phase/back', { phase: 'consent' });
    expect(wrongPhase.status).toBe(400);
    expect(wrongPhase.body.error).toBe('phase: your current phase is "annotation", not "consent"');
    const back = await ann.post('/annotate', { action: 'prev_instance' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      phase: 'prestudy',
      saved_answers: { experience: 'Yes', years: '3' },
      can_go_back: true,
    });
    expect((await ann.get('/api/current_instance')).status).toBe(403);
    // and once more, from the page with Potato's Back: to the consent page
    expect((await ann.post('/annotate', { action: 'prev_instance' })).body).toMatchObject({
      phase: 'consent',
      can_go_back: false,
    });
    await ann.post('/api/phase/complete', { answers: { agree: true } });
    await ann.post('/api/phase/complete', { answers: { experience: 'No' } });
    const again = await ann.get('/api/current_instance');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ instance_id: 'item-1', annotated: true });

    // from an instance past the first, Back moves within the list
    await ann.post('/go_to', { go_to: 'item-2' });
    expect((await ann.post('/annotate', { action: 'prev_instance' })).body.instance_id).toBe('item-1');
    expect((await phase()).phase).toBe('annotation');
    await t.close();
  });

  it('does not go back into a passed training', async () => {
    const t = await startServer({
      items: sampleItems(1),
      config: {
        allow_phase_back_navigation: true,
        phases: {
          order: ['training', 'annotation'],
          training: { questions: [{ id: 't1', text: 'Pick yes', options: ['yes', 'no'], correct: 'yes' }] },
        },
      },
    });
    const cy = await t.client().login('cy');
    await cy.post('/api/phase/complete', { answers: { t1: 'yes' } });
    expect((await cy.get('/api/phase')).body).toMatchObject({ phase: 'annotation', can_go_back: false });
    const refused = await cy.post('/api/phase/back', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/training phase "training" before this one is passed/);
    await t.close();
  });

  it('is warned about where there is nothing to go back across', () => {
    const config = loadConfig(writeProject({ config: { allow_phase_back_navigation: true } }));
    expect(config.warnings.map((w) => w.slice(w.indexOf(': ') + 2))).toEqual([
      'allow_phase_back_navigation is not acted on: there are no phases to go back across',
    ]);
  });
});

/** Walks one annotator through every phase, then back to the prestudy to change the answer poststudy hinges on. */
async function changedMind(t: Awaited<ReturnType<typeof startServer>>) {
  const dee = await t.client().login('dee');
  await dee.post('/api/phase/complete', { answers: { agree: true } });
  await dee.post('/api/phase/complete', { answers: { experience: 'Yes' } });
  for (const id of ['item-1', 'item-2'])
    await dee.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:negative': 'true' } });
  await dee.post('/api/phase/complete', { phase: 'annotation' });
  await dee.post('/api/phase/complete', { answers: { expected: 'No', comments: 'fine' } });
  const eve = await t.client().login('eve');
  await eve.post('/api/phase/complete', { answers: { agree: true } });
  await eve.post('/updateinstance', { instance_id: '__phase_page__', annotations: { 'experience:No': 'No' } });
  return { dee, eve };
}

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe("the phase pages' answers in the export", () => {
  it('are refused without export_include_phase_data', async () => {
    const t = await startServer(project({}));
    const r = await t.admin().get('/admin/api/export?view=phases');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'view: phase answers are exported only with export_include_phase_data: true in the config',
    );
    await t.close();
  });

  it('leave out answers their conditions hide once an earlier page changed', async () => {
    const t = await startServer(project({ export_include_phase_data: true, allow_phase_back_navigation: true }));
    const { dee } = await changedMind(t);
    const before = jsonl((await t.admin().get('/admin/api/export?view=phases&annotator=dee')).text);
    expect(before.map((r) => [r.phase, r.schema, r.value])).toEqual([
      ['prestudy', 'experience', 'Yes'],
      ['poststudy', 'expected', 'No'],
      ['poststudy', 'comments', 'fine'],
    ]);
    // done: back from the poststudy page is refused (every phase is complete), so the study is walked back first
    expect((await dee.post('/api/phase/back', {})).body.error).toBe('phase: every phase is complete');

    const t2 = await startServer(project({ export_include_phase_data: true, allow_phase_back_navigation: true }));
    await changedMind2(t2);
    const rows = jsonl((await t2.admin().get('/admin/api/export?view=phases')).text);
    expect(rows).toEqual([
      {
        user_id: 'dee',
        phase: 'prestudy',
        phase_type: 'prestudy',
        schema: 'experience',
        value: 'No',
        submitted: true,
        completed_at: expect.any(String),
      },
      {
        user_id: 'dee',
        phase: 'poststudy',
        phase_type: 'poststudy',
        schema: 'comments',
        value: 'fine',
        submitted: false,
        completed_at: null,
      },
      {
        user_id: 'eve',
        phase: 'prestudy',
        phase_type: 'prestudy',
        schema: 'experience',
        value: 'No',
        submitted: false,
        completed_at: null,
      },
    ]);
    const csv = (await t2.admin().get('/admin/api/export?view=phases&format=csv')).text.trim().split('\n');
    expect(csv[0]).toBe('user_id,phase,phase_type,schema,value,submitted,completed_at');
    expect(csv).toHaveLength(4);
    const conll = await t2.admin().get('/admin/api/export?view=phases&format=conll');
    expect(conll.status).toBe(400);
    expect(conll.body.error).toBe('format: the phases view is written as jsonl or csv, not conll');
    await t.close();
    await t2.close();
  });

  it('keep hidden answers, marked, with exclude_hidden_survey_answers: false', async () => {
    const t = await startServer(
      project({
        export_include_phase_data: true,
        exclude_hidden_survey_answers: false,
        allow_phase_back_navigation: true,
      }),
    );
    await changedMind2(t);
    const rows = jsonl((await t.admin().get('/admin/api/export?view=phases&annotator=dee')).text);
    expect(rows.map((r) => [r.phase, r.schema, r.value, r.hidden])).toEqual([
      ['prestudy', 'experience', 'No', false],
      ['poststudy', 'expected', 'No', true],
      ['poststudy', 'comments', 'fine', false],
    ]);
    await t.close();
  });
});

/**
 * As changedMind, but the annotator goes back before sending the poststudy page: from the poststudy (its answers
 * saved on the page) to the annotation's end, to the prestudy, answers No, and comes back to the poststudy.
 */
async function changedMind2(t: Awaited<ReturnType<typeof startServer>>) {
  const dee = await t.client().login('dee');
  await dee.post('/api/phase/complete', { answers: { agree: true } });
  await dee.post('/api/phase/complete', { answers: { experience: 'Yes' } });
  for (const id of ['item-1', 'item-2'])
    await dee.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:negative': 'true' } });
  await dee.post('/api/phase/complete', { phase: 'annotation' });
  await dee.post('/updateinstance', {
    instance_id: '__phase_page__',
    annotations: { 'expected:No': 'No', 'comments:text_box': 'fine' },
  });
  expect((await dee.post('/api/phase/back', { phase: 'poststudy' })).body.phase).toBe('annotation');
  expect((await dee.post('/api/phase/back', { phase: 'annotation' })).body.phase).toBe('prestudy');
  await dee.post('/api/phase/complete', { answers: { experience: 'No' } });
  await dee.post('/api/phase/complete', { phase: 'annotation' });
  const eve = await t.client().login('eve');
  await eve.post('/api/phase/complete', { answers: { agree: true } });
  await eve.post('/updateinstance', { instance_id: '__phase_page__', annotations: { 'experience:No': 'No' } });
  return { dee, eve };
}
