/**
 * Turn-level questions (Potato's `turn_level: true`) over real HTTP: the per-turn document under `<scheme>:::_data`
 * stored in its canonical form beside the item's other answers, read back in our shape and Potato's, exported,
 * overwritten by a cleared document, refused naming the turn and field, bound at load by `turn_binding`, and kept
 * over a restart; each type's example answer (what a config check sends) is one the server takes.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';
import { schemeModuleOf } from '../../../server/domain/schemes/registry.js';

const trace = [
  { speaker: 'User', text: 'How far is the moon?' },
  { speaker: 'Assistant', text: 'About 384,000 km.' },
  { speaker: 'User', text: 'And the sun?' },
  { speaker: 'Assistant', text: 'About 150 million km.' },
];
const items = [
  { id: 'c1', text: 'judge the replies', conversation: trace },
  { id: 'c2', text: 'judge the replies', conversation: trace.map((t, i) => ({ ...t, turn_id: `s${i}` })) },
];
const errors = {
  annotation_type: 'multiselect',
  name: 'errors',
  description: 'Errors in this reply',
  labels: ['wrong_fact', 'rude'],
  turn_level: true,
  turn_binding: { field: 'conversation', speakers: ['Assistant'] },
};
const grade = {
  annotation_type: 'likert',
  name: 'grade',
  description: 'How good is this turn',
  size: 5,
  turn_level: true,
};
const overall = { annotation_type: 'radio', name: 'overall', description: 'Solved?', labels: ['yes', 'no'] };
const config = {
  annotation_schemes: [errors, grade, overall],
  instance_display: { fields: [{ key: 'conversation', type: 'dialogue', label: 'Trace' }] },
};
const doc = (turns: Record<string, unknown>) => JSON.stringify({ v: 1, schema_type: 'multiselect', turns });

describe('turn-level questions', () => {
  it('keeps the per-turn answers beside the item’s, reads them back in both shapes, exports them and keeps them over a restart', async () => {
    const t = await startServer({ items, config });
    const c = await t.client().login('ann');
    const schemes = (await c.get('/api/schemas')).body;
    expect(schemes.errors.turn_level).toEqual({ field: 'conversation', speakers: ['Assistant'], placement: 'inline' });
    expect(schemes.errors.labels.map((l: { name: string }) => l.name)).toEqual(['wrong_fact', 'rude']);
    expect(schemes.overall.turn_level).toBeUndefined();

    const sent = await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: {
        'errors:::_data': doc({
          t1: { values: ['wrong_fact'], speaker: 'Assistant' },
          t3: { values: ['rude', 'wrong_fact'], speaker: 'Assistant', extra: 'dropped' },
          t2: { values: [] },
        }),
        'grade:::_data': JSON.stringify({ v: 1, schema_type: 'likert', turns: { t0: { value: 4 } } }),
        'overall:::yes': 'yes',
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=c1')).body;
    expect(got.label_annotations).toEqual({ errors: ['_data'], grade: ['_data'], overall: ['yes'] });
    // stored canonical: unanswered turns and unknown keys left out, labels in the scheme's order, numbers kept
    expect(JSON.parse(got.annotations['errors:_data'])).toEqual({
      v: 1,
      schema_type: 'multiselect',
      turns: {
        t1: { values: ['wrong_fact'], speaker: 'Assistant' },
        t3: { values: ['wrong_fact', 'rude'], speaker: 'Assistant' },
      },
    });
    expect(JSON.parse(got.annotations['grade:_data']).turns).toEqual({ t0: { value: 4 } });

    const line = JSON.parse((await t.admin().get('/admin/api/export?format=jsonl')).text.trim());
    expect(line.labels.errors.turns.t3.values).toEqual(['wrong_fact', 'rude']);
    expect(line.labels.grade).toEqual({ v: 1, schema_type: 'likert', turns: { t0: { value: 4 } } });
    expect(line.labels.overall).toBe('yes');

    const again = await t.restart();
    const after = (await (await again.client().login('ann')).get('/get_annotations?instance_id=c1')).body;
    expect(after.annotations).toEqual(got.annotations);
  });

  it('a cleared document removes the turns answered before; a turn the item does not have is refused', async () => {
    const t = await startServer({ items, config });
    const c = await t.client().login('ann');
    await c.post('/updateinstance', {
      instance_id: 'c2',
      annotations: { 'errors:::_data': doc({ s1: { values: ['rude'] } }) },
    });
    expect((await c.get('/get_annotations?instance_id=c2')).body.label_annotations).toEqual({ errors: ['_data'] });
    const cleared = await c.post('/updateinstance', { instance_id: 'c2', annotations: { 'errors:::_data': doc({}) } });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await c.get('/get_annotations?instance_id=c2')).body.label_annotations).toEqual({});
    // c2's turns carry their own ids, so t1 is no turn of it
    const stray = await c.post('/updateinstance', {
      instance_id: 'c2',
      annotations: { 'errors:::_data': doc({ t1: { values: ['rude'] } }) },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.error).toBe('annotations["errors:_data"]: turns.t1: the item\'s "conversation" has no turn t1');
  });

  it('refuses a bad document naming the key and the turn, and keeps what was stored', async () => {
    const t = await startServer({ items, config });
    const c = await t.client().login('ann');
    await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: { 'errors:::_data': doc({ t1: { values: ['rude'] } }) },
    });
    const refusals: [Record<string, string>, string][] = [
      [
        { 'errors:::_data': doc({ t1: { values: ['nope'] } }) },
        'annotations["errors:::_data"]: turns.t1: scheme "errors" has no label "nope"',
      ],
      [
        { 'errors:::_data': doc({ t1: { value: 'rude' } }) },
        'annotations["errors:::_data"]: turns.t1: a multiselect turn takes "values", a list',
      ],
      [{ 'errors:::_data': '{not json' }, 'annotations["errors:::_data"]: not JSON text'],
      [
        { 'errors:::_data': JSON.stringify({ v: 2, turns: {} }) },
        'annotations["errors:::_data"]: v: version 2 is not read (1 is)',
      ],
      [
        { 'errors:::_data': JSON.stringify({ turns: [] }) },
        'annotations["errors:::_data"]: turns: expected an object of turn id → answer',
      ],
      [
        { 'grade:::_data': JSON.stringify({ turns: { t0: { value: 9 } } }) },
        'annotations["grade:::_data"]: turns.t0: scheme "grade" has no label "9"',
      ],
      [
        { 'errors:::rude': 'true' },
        'annotations["errors:::rude"]: a turn-level question is answered per turn, under "errors:_data"',
      ],
      [{ 'overall:::_data': doc({}) }, 'annotations["overall:::_data"]: scheme "overall" has no label "_data"'],
    ];
    for (const [annotations, error] of refusals) {
      const r = await c.post('/updateinstance', { instance_id: 'c1', annotations });
      expect(r.status, JSON.stringify(annotations)).toBe(400);
      expect(r.body.error).toBe(error);
    }
    const kept = (await c.get('/get_annotations?instance_id=c1')).body.annotations['errors:_data'];
    expect(JSON.parse(kept).turns).toEqual({ t1: { values: ['rude'] } });
  });

  it('takes the example answer the module gives for each type asked per turn', async () => {
    const perTurn = { turn_level: true, turn_binding: { field: 'conversation' } };
    const more = [
      { annotation_type: 'radio', name: 'fine', description: 'Fine?', labels: ['yes', 'no'], ...perTurn },
      { annotation_type: 'select', name: 'tone', description: 'Tone', labels: ['calm', 'curt'], ...perTurn },
      { annotation_type: 'number', name: 'words', description: 'Words', min: 3, max: 9, ...perTurn },
      {
        annotation_type: 'slider',
        name: 'trust',
        description: 'Trust',
        min: 0,
        max: 10,
        starting_value: 5,
        ...perTurn,
      },
      { annotation_type: 'text', name: 'note', description: 'Note', ...perTurn },
    ];
    const withAll = { ...config, annotation_schemes: [...config.annotation_schemes, ...more] };
    const t = await startServer({ items, config: withAll });
    const c = await t.client().login('ann');
    const task = loadConfig(t.configFile, {}).task;
    for (const item of items) {
      const annotations: Record<string, string> = {};
      for (const scheme of task.schemes.filter((s) => s.turn_level)) {
        const example = schemeModuleOf(scheme).example!(scheme, item);
        expect(Object.keys(example), scheme.name).toEqual(['_data']);
        for (const [label, value] of Object.entries(example)) annotations[`${scheme.name}:${label}`] = value;
      }
      const sent = await c.post('/updateinstance', { instance_id: item.id, annotations });
      expect(sent.status, sent.text).toBe(200);
      const got = (await c.get(`/get_annotations?instance_id=${item.id}`)).body;
      expect(Object.keys(got.label_annotations).sort()).toEqual(
        ['errors', 'fine', 'grade', 'note', 'tone', 'trust', 'words'].sort(),
      );
    }
  });

  it('requires every turn a required turn-level question is asked on, naming the turns still open; without a field it warns', async () => {
    const required = {
      ...config,
      annotation_schemes: [
        { ...errors, label_requirement: { required: true } },
        { ...grade, required: true },
        { ...overall, label_requirement: { required: true } },
      ],
    };
    const warned = loadConfig(writeProject({ items, config: required }), {}).warnings.join('\n');
    expect(warned).toMatch(/\(grade\)\.required is not acted on for a turn_level question without turn_binding\.field/);
    expect(warned).not.toMatch(/\((errors|overall)\)\.required/);
    const t = await startServer({ items, config: required });
    const c = await t.client().login('ann');
    expect((await c.get('/api/schemas')).body.errors.required).toBe(true);
    expect((await c.get('/api/current_instance')).body.required).toEqual(['errors', 'overall']);
    // the assistant's first reply answered, the second (t3) not: moving on is refused naming the question and turn
    await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: { 'overall:::yes': 'yes', 'errors:::_data': doc({ t1: { values: ['rude'] } }) },
    });
    expect((await c.get('/api/current_instance')).body.required).toEqual(['errors']);
    const refused = await c.post('/go_to', { action: 'next_instance' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('action: answer the required question "errors" (turn t3) before moving on');
    await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: {
        'overall:::yes': 'yes',
        'errors:::_data': doc({ t1: { values: ['rude'] }, t3: { values: ['wrong_fact'] } }),
      },
    });
    expect((await c.get('/api/current_instance')).body.required).toEqual([]);
    const moved = await c.post('/go_to', { action: 'next_instance' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.instance_id).toBe('c2');
  });

  it('reads turn_binding at load: refuses a bad binding or a type not asked per turn, warns about a binding without turn_level', () => {
    const load = (scheme: Record<string, unknown>) =>
      loadConfig(writeProject({ items, config: { ...config, annotation_schemes: [scheme] } }), {});
    expect(() => load({ ...errors, turn_binding: { turn_range: [3, 1] } })).toThrow(
      /annotation_schemes\[0\] \(errors\)\.turn_binding\.turn_range: the range runs from its first number to its second/,
    );
    expect(() => load({ ...errors, turn_binding: { speaker: ['Assistant'] } })).toThrow(/errors\)\.turn_binding: /);
    expect(() => load({ annotation_type: 'span', name: 'spot', labels: ['x'], turn_level: true })).toThrow(
      /\(spot\)\.turn_level: a span question is not asked per turn/,
    );
    const warned = load({ ...overall, turn_binding: { speakers: ['User'] } }).warnings.join('\n');
    expect(warned).toMatch(/\(overall\)\.turn_binding is not acted on without turn_level: true/);
    const quiet = load(errors).warnings.join('\n');
    expect(quiet).not.toMatch(/turn_level|turn_binding/);
    // Potato's run-tree filter: the runs (turns' run_id) whose turns get the question
    const byRun = load({ ...errors, turn_binding: { field: 'conversation', runs: ['run-writer'] } });
    expect(byRun.task.schemes.find((x) => x.name === 'errors')?.turn_level?.runs).toEqual(['run-writer']);
    expect(byRun.warnings.join('\n')).not.toMatch(/turn_binding|runs/);
    expect(() => load({ ...errors, turn_binding: { runs: [] } })).toThrow(/errors\)\.turn_binding\.runs: /);
  });
});
