import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems, writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const STUDY = {
  items: sampleItems(2),
  files: { 'instructions.md': '# How to annotate\nRead each review and pick its sentiment.' },
  config: {
    phases: {
      order: ['consent', 'instructions', 'training', 'prestudy', 'annotation', 'poststudy'],
      consent: { content: 'You agree that your answers are used for research.' },
      instructions: { file: 'instructions.md' },
      training: {
        passing_score: 1,
        max_attempts: 2,
        questions: [
          {
            id: 't1',
            text: '"Terrible, broke at once." is…',
            options: ['positive', 'negative'],
            correct: 'negative',
            explanation: 'It broke.',
          },
          { id: 't2', text: '"Works perfectly." is…', options: ['positive', 'negative'], correct: 'positive' },
        ],
      },
      prestudy: { questions: [{ id: 'age', text: 'Your age', type: 'number' }] },
      poststudy: { questions: [{ id: 'comments', text: 'Anything to add?', type: 'text', required: false }] },
    },
  },
};

describe('phases', () => {
  it('takes one annotator from consent to done, closing annotation until its turn', async () => {
    const t = await startServer(STUDY);
    const alice = await t.client().login('alice');
    const phase = async () => (await alice.get('/api/phase')).body;
    const complete = (body: object) => alice.post('/api/phase/complete', body);

    expect(await phase()).toMatchObject({
      phase: 'consent',
      type: 'consent',
      content: 'You agree that your answers are used for research.',
      index: 0,
      total: 6,
      next_phase: 'instructions',
    });
    const closed = await alice.get('/api/current_instance');
    expect(closed.status).toBe(403);
    expect(closed.body.error).toMatch(/consent phase first/);
    expect((await complete({ answers: {} })).status).toBe(400); // consent must be given
    expect((await complete({ answers: { agree: true } })).body).toMatchObject({
      status: 'success',
      completed_phase: 'consent',
      next_phase: 'instructions',
    });

    expect((await phase()).content).toContain('# How to annotate');
    expect((await complete({ phase: 'consent' })).status).toBe(400); // not the current phase any more
    await complete({ phase: 'instructions' });

    const training = await phase();
    expect(training).toMatchObject({ phase: 'training', attempts: 0, max_attempts: 2, failed: false });
    expect(JSON.stringify(training)).not.toContain('correct'); // answers are not shown
    const failed = await complete({ answers: { t1: 'positive', t2: 'positive' } });
    expect(failed.body).toMatchObject({ status: 'failed', passed: false, correct: 1, total: 2, attempts_left: 1 });
    expect(failed.body.feedback[0]).toEqual({ id: 't1', correct: false, explanation: 'It broke.' });
    expect((await complete({ answers: { t1: 'maybe', t2: 'positive' } })).status).toBe(400); // not an option
    expect((await complete({ answers: { t1: 'negative', t2: 'positive' } })).body).toMatchObject({
      status: 'success',
      passed: true,
      next_phase: 'prestudy',
    });

    expect((await complete({ answers: { age: 'old' } })).status).toBe(400);
    await complete({ answers: { age: 34 } });

    expect(await phase()).toMatchObject({ phase: 'annotation', remaining: 2 });
    expect((await alice.get('/api/current_instance')).status).toBe(200);
    const early = await complete({});
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/2 assigned instances are not annotated/);
    for (const id of ['item-1', 'item-2'])
      await alice.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:neutral': 'true' } });
    await complete({});

    expect(await phase()).toMatchObject({ phase: 'poststudy', next_phase: 'done' });
    expect((await complete({ answers: {} })).body).toMatchObject({ status: 'success', next_phase: 'done' });
    const done = await phase();
    expect(done).toMatchObject({ phase: 'done', index: 6 });
    expect(done.completed.map((c: { phase: string }) => c.phase)).toEqual([
      'consent',
      'instructions',
      'training',
      'prestudy',
      'annotation',
      'poststudy',
    ]);
    expect((await complete({})).status).toBe(400);

    // progress survives a restart
    const again = await (await t.restart()).client().login('alice');
    expect((await again.get('/api/phase')).body.phase).toBe('done');
  });

  it('stops training after the last allowed attempt', async () => {
    const t = await startServer({
      ...STUDY,
      config: { phases: { order: ['training', 'annotation'], training: STUDY.config.phases.training } },
    });
    const bob = await t.client().login('bob');
    for (let i = 0; i < 2; i++)
      expect((await bob.post('/api/phase/complete', { answers: { t1: 'positive', t2: 'negative' } })).body.passed).toBe(
        false,
      );
    expect((await bob.get('/api/phase')).body).toMatchObject({ phase: 'training', failed: true });
    expect((await bob.post('/api/phase/complete', { answers: { t1: 'negative', t2: 'positive' } })).status).toBe(403);
    expect((await bob.get('/api/current_instance')).status).toBe(403);
  });

  it('starts a project without phases in annotation', async () => {
    const t = await startServer();
    const carol = await t.client().login('carol');
    expect((await carol.get('/api/phase')).body).toMatchObject({ phase: 'annotation', type: 'annotation', total: 1 });
    expect((await carol.get('/api/current_instance')).status).toBe(200);
    expect((await t.client().get('/api/phase')).status).toBe(401);
  });

  it('names the key when the phases section is wrong', () => {
    const bad = (phases: object) => () => loadConfig(writeProject({ config: { phases } }));
    expect(bad({ order: ['consent'] })).toThrow(/phases.order: needs exactly one annotation phase/);
    expect(bad({ order: ['warmup', 'annotation'] })).toThrow(/phases.warmup: give it a type/);
    expect(bad({ order: ['training', 'annotation'], training: { questions: [{ id: 'q', text: 'q?' }] } })).toThrow(
      /phases.training.questions\[0\].correct/,
    );
    expect(bad({ order: ['instructions', 'annotation'], instructions: { file: 'missing.md' } })).toThrow(
      /phases.instructions.file: .*missing.md not found/,
    );
  });
});
