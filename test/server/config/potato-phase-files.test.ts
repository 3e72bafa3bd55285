/** Potato's phase pages given as files of annotation schemes, training instances and surveyflow become phases. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { sampleItems, writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'mood', description: 'How does it sound?', labels: ['calm', 'angry'] },
];

const CONSENT = JSON.stringify([
  {
    name: 'about',
    annotation_type: 'pure_display',
    allow_html: true,
    description: '<h3>About this study</h3><p>We read short notes.</p>',
  },
  {
    name: 'agree',
    annotation_type: 'radio',
    description: 'Do you take part?',
    labels: ['Yes, I do', 'No'],
    label_requirement: { required_label: ['Yes, I do'] },
  },
]);
const SURVEY = [
  { name: 'years', annotation_type: 'number', description: 'Years of experience' },
  {
    name: 'ease',
    annotation_type: 'likert',
    size: 4,
    min_label: 'hard',
    max_label: 'easy',
    description: 'How easy was it?',
    label_requirement: { required: true },
  },
  {
    name: 'channels',
    annotation_type: 'multiselect',
    description: 'Where did you hear of us?',
    labels: "['Mail', 'A friend']",
  },
  {
    name: 'why',
    annotation_type: 'text',
    description: 'Why?',
    label_requirement: { required: true },
    display_logic: { show_when: [{ schema: 'ease', operator: 'equals', value: '1' }] },
  },
]
  .map((s) => JSON.stringify(s))
  .join('\n');
const TRAINING = JSON.stringify({
  training_instances: [
    {
      id: 'tr1',
      text: 'STOP SHOUTING AT ME',
      correct_answers: { mood: 'angry' },
      explanation: 'Capitals and a command.',
    },
    { id: 'tr2', text: 'All is well, thank you.', correct_answers: { mood: 'calm' } },
  ],
});

function project(config: Record<string, unknown>) {
  return {
    items: sampleItems(1),
    files: { 'pages/consent.json': CONSENT, 'pages/survey.jsonl': SURVEY, 'pages/training.json': TRAINING },
    config: { annotation_schemes: SCHEMES, ...config },
  };
}

const PHASED = project({
  phases: {
    order: ['consent', 'before', 'training', 'annotation', 'after'],
    consent: { type: 'consent', file: 'pages/consent.json' },
    before: { type: 'prestudy', file: 'pages/survey.jsonl' },
    training: { type: 'training' },
    after: { type: 'poststudy', instruments: ['tipi'] },
  },
  training: {
    enabled: true,
    data_file: 'pages/training.json',
    passing_criteria: { min_correct: 1, max_mistakes: 3 },
    allow_retry: false,
    failure_action: 'move_to_done',
  },
});

describe("Potato's phase files", () => {
  it('reads scheme files as questions and text, training instances as training questions, and names what is not acted on', () => {
    const config = loadConfig(writeProject(PHASED), {});
    const [consent, before, training, annotation, ...rest] = config.phases;
    expect(rest).toEqual([]); // the instruments-only page has nothing to show and is left out
    expect(annotation.type).toBe('annotation');
    expect(consent.content).toContain('<h3>About this study</h3>');
    expect(consent.questions).toEqual([
      {
        id: 'agree',
        text: 'Do you take part?',
        type: 'radio',
        options: ['Yes, I do', 'No'],
        required: true,
        accept: ['Yes, I do'],
      },
    ]);
    expect(before.questions).toEqual([
      { id: 'years', text: 'Years of experience', type: 'number', required: false },
      {
        id: 'ease',
        text: 'How easy was it? (1 = hard, 4 = easy)',
        type: 'radio',
        options: ['1', '2', '3', '4'],
        required: true,
      },
      {
        id: 'channels',
        text: 'Where did you hear of us?',
        type: 'multiselect',
        options: ['Mail', 'A friend'],
        required: false,
      },
      // asked only when ease is 1, and then required
      {
        id: 'why',
        text: 'Why?',
        type: 'text',
        required: true,
        display_logic: { logic: 'all', show_when: [{ schema: 'ease', operator: 'equals', value: '1' }] },
      },
    ]);
    expect(training.questions).toEqual([
      {
        id: 'tr1:mood',
        text: 'STOP SHOUTING AT ME\n\nHow does it sound?',
        type: 'radio',
        options: ['calm', 'angry'],
        correct: 'angry',
        required: true,
        explanation: 'Capitals and a command.',
        item: 'tr1',
      },
      {
        id: 'tr2:mood',
        text: 'All is well, thank you.\n\nHow does it sound?',
        type: 'radio',
        options: ['calm', 'angry'],
        correct: 'calm',
        required: true,
        item: 'tr2',
      },
    ]);
    expect(training.passingScore).toBe(0.5);
    expect(training.maxAttempts).toBe(1);
    const warnings = config.warnings.map((w) => w.slice(w.indexOf(': ') + 2));
    expect(warnings).toEqual([
      'training.failure_action is not acted on: training is scored by passing_criteria.min_correct and retried while allow_retry',
      'training.passing_criteria.max_mistakes is not acted on: training passes with min_correct items right and is retried while allow_retry',
      "phases.after.instruments is not acted on: Potato's bundled survey instruments are not shipped here; give the questions in the block or a file",
      'phases.after is left out: it has no content and no questions to show',
    ]);
  });

  it('serves the pages: consent needs its accepted answer, training is scored against the instances', async () => {
    const t = await startServer(PHASED);
    const alice = await t.client().login('alice');
    const page = (await alice.get('/api/phase')).body;
    expect(page).toMatchObject({ phase: 'consent', questions: [{ id: 'agree', options: ['Yes, I do', 'No'] }] });
    expect(page.content_html).toContain('<h3>About this study</h3>');
    const refused = await alice.post('/api/phase/complete', { answers: { agree: 'No' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('answers.agree: choose Yes, I do to go on');
    expect((await alice.post('/api/phase/complete', { answers: { agree: 'Yes, I do' } })).body).toMatchObject({
      status: 'success',
      next_phase: 'before',
    });
    expect((await alice.post('/api/phase/complete', { answers: { ease: '2' } })).body).toMatchObject({
      status: 'success',
      next_phase: 'training',
    });
    const trainingPage = (await alice.get('/api/phase')).body;
    expect(trainingPage.questions.map((q: { correct?: unknown }) => q.correct)).toEqual([undefined, undefined]);
    const passed = await alice.post('/api/phase/complete', { answers: { 'tr1:mood': 'angry', 'tr2:mood': 'angry' } });
    expect(passed.body).toMatchObject({ status: 'success', next_phase: 'annotation' });
    expect((await alice.get('/api/current_instance')).status).toBe(200);
  });

  it("asks the training section's instances when the training phase also names a survey file, saying its questions are not asked", () => {
    const config = loadConfig(
      writeProject(
        project({
          phases: { order: ['training', 'annotation'], training: { type: 'training', file: 'pages/survey.jsonl' } },
          training: { enabled: true, data_file: 'pages/training.json', passing_criteria: { min_correct: 2 } },
        }),
      ),
      {},
    );
    const [training] = config.phases;
    expect(training.questions.map((q) => [q.id, q.correct])).toEqual([
      ['tr1:mood', 'angry'],
      ['tr2:mood', 'calm'],
    ]);
    expect(training.passingScore).toBe(1);
    expect(config.warnings.map((w) => w.slice(w.indexOf(': ') + 2))).toContain(
      "phases.training.file: its questions are not asked: the training section's instances are the training questions",
    );
  });

  it("turns older Potato's surveyflow into pages before and after annotation", () => {
    const config = loadConfig(
      writeProject(
        project({
          surveyflow: {
            on: true,
            order: ['pre_annotation', 'post_annotation'],
            pre_annotation: ['pages/consent.json'],
            post_annotation: ['pages/survey.jsonl'],
          },
        }),
      ),
      {},
    );
    expect(config.phases.map((p) => `${p.name}:${p.type}:${p.questions.length}`)).toEqual([
      'prestudy_1:prestudy:1',
      'annotation:annotation:0',
      'poststudy_1:poststudy:4',
    ]);
    // switched off, as Potato's own examples ship it: no pages, nothing to warn about
    const off = loadConfig(
      writeProject(project({ surveyflow: { on: false, pre_annotation: ['pages/missing.jsonl'] } })),
      {},
    );
    expect(off.phases.map((p) => p.type)).toEqual(['annotation']);
    expect(off.warnings).toEqual([]);
  });

  it('stops start-up naming the key when a page file is missing or a training answer names no scheme', () => {
    expect(() =>
      loadConfig(
        writeProject(project({ phases: { order: ['consent', 'annotation'], consent: { file: 'pages/nope.json' } } })),
        {},
      ),
    ).toThrow(/phases\.consent\.file: .*nope\.json not found/);
    const wrong = project({ phases: { order: ['training', 'annotation'], training: { file: 'pages/training.json' } } });
    (wrong.config as { annotation_schemes: unknown[] }).annotation_schemes = [
      { annotation_type: 'radio', name: 'tone', labels: ['a', 'b'] },
    ];
    expect(() => loadConfig(writeProject(wrong), {})).toThrow(
      /phases\.training\.file: training_instances\[0\]\.correct_answers\.mood: no annotation scheme is named "mood"/,
    );
  });
});
