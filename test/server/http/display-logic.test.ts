/** Conditional questions (display_logic) enforced by the server on every submission path, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'pii', labels: ['Yes', 'No', 'Uncertain'], label_requirement: { required: true } },
  {
    annotation_type: 'multiselect',
    name: 'types',
    labels: ['Name', 'Email', 'Other'],
    label_requirement: { required: true },
    display_logic: { show_when: [{ schema: 'pii', operator: 'equals', value: ['Yes', 'Uncertain'] }] },
  },
  {
    annotation_type: 'text',
    name: 'other',
    label_requirement: { required: true },
    display_logic: { show_when: [{ schema: 'types', operator: 'contains', value: 'Other' }] },
  },
  {
    annotation_type: 'slider',
    name: 'sure',
    min_value: 1,
    max_value: 10,
    starting_value: 5,
    display_logic: { show_when: [{ schema: 'pii', operator: 'equals', value: 'No' }] },
  },
  {
    annotation_type: 'text',
    name: 'why',
    display_logic: {
      show_when: [
        { schema: 'sure', operator: 'in_range', value: [1, 3] },
        { schema: 'pii', operator: 'equals', value: 'Uncertain' },
      ],
      logic: 'any',
    },
  },
];
const ITEMS = [
  { id: 'a', text: 'Call Ann at 555-1234.' },
  { id: 'b', text: 'Nothing here.' },
  { id: 'c', text: 'Third.' },
];

describe('conditional schemes on the server', () => {
  it('hidden schemes are not required, and their answers are not kept, whichever way they are sent', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const c = await t.client().login('ann', 'pw-123456');
    const stored = async (id: string) => (await c.get(`/get_annotations?instance_id=${id}`)).body.annotations;

    // /api/schemas hands the rules to frontends as read
    expect((await c.get('/api/schemas')).body.other.display_logic).toEqual({
      logic: 'all',
      show_when: [{ schema: 'types', operator: 'contains', value: 'Other' }],
    });
    expect((await c.get('/api/current_instance')).body.required).toEqual(['pii']);

    // "No" hides types and other: answers sent for them are dropped, and they are not needed to move on
    const sent = await c.post('/updateinstance', {
      instance_id: 'a',
      annotations: {
        'pii:No': 'true',
        'types:Name': 'true',
        'other:text': 'x',
        'sure:value': '2',
        'why:text': 'unsure',
      },
    });
    expect(sent.status).toBe(200);
    expect(await stored('a')).toEqual({ 'pii:No': 'true', 'sure:value': '2', 'why:text': 'unsure' });
    expect((await c.get('/api/current_instance')).body.required).toEqual([]);
    expect((await c.post('/go_to', { action: 'next_instance' })).body.instance_id).toBe('b');

    // "Yes" shows types (required) and hides sure and why, so a shown required scheme stops the move
    await c.post('/updateinstance', {
      instance_id: 'b',
      annotations: { 'pii:Yes': 'true', 'sure:value': '2', 'why:text': 'kept?' },
    });
    expect(await stored('b')).toEqual({ 'pii:Yes': 'true' });
    const refused = await c.post('/go_to', { action: 'next_instance' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('action: answer the required question "types" before moving on');

    // Potato's one-scheme-at-a-time shape is merged with what is stored, then the same rule applies
    await c.post('/updateinstance', {
      instance_id: 'b',
      type: 'multiselect',
      schema: 'types',
      state: [{ name: 'Other', value: true }],
    });
    expect((await c.get('/api/current_instance')).body.required).toEqual(['other']);
    await c.post('/updateinstance', {
      instance_id: 'b',
      type: 'text',
      schema: 'other',
      state: [{ name: 'text', value: 'a passport number' }],
    });
    expect(await stored('b')).toEqual({ 'pii:Yes': 'true', 'types:Other': 'true', 'other:text': 'a passport number' });
    // changing the first answer closes the whole chain behind it
    await c.post('/updateinstance', {
      instance_id: 'b',
      type: 'radio',
      schema: 'pii',
      state: [{ name: 'No', value: true }],
    });
    expect(await stored('b')).toEqual({ 'pii:No': 'true' });

    // the step endpoint saves through the same rule
    const step = await c.post('/api/annotate/step', {
      from: 'b',
      annotations: { 'pii:Uncertain': 'true', 'types:Email': 'true', 'sure:value': '9', 'why:text': 'half a number' },
    });
    expect(step.status).toBe(200);
    expect(step.body.current.instance_id).toBe('c');
    expect(await stored('b')).toEqual({ 'pii:Uncertain': 'true', 'types:Email': 'true', 'why:text': 'half a number' });

    // the export holds only what was kept
    const exported = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(exported.find((r) => r.id === 'b' || r.instance_id === 'b')).toBeDefined();
    expect(JSON.stringify(exported)).not.toContain('kept?');
  });

  it('a scheme shown by its condition is refused an invalid answer as any other', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const c = await t.client().login('ann', 'pw-123456');
    const bad = await c.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'pii:No': 'true', 'sure:value': '11' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^annotations\["sure:value"\]/);
  });
});

describe('conditions that cannot work stop start-up, naming the key', () => {
  const load = (schemes: unknown[]) => () =>
    loadConfig(writeProject({ config: { annotation_schemes: schemes }, items: ITEMS }), {});
  const base = SCHEMES[0];
  it('an unknown scheme, an unknown operator, a circular pair', () => {
    expect(
      load([
        base,
        {
          annotation_type: 'text',
          name: 'x',
          display_logic: { show_when: [{ schema: 'pi', operator: 'equals', value: 'Yes' }] },
        },
      ]),
    ).toThrow(/annotation_schemes\[1\] \(x\)\.display_logic\.show_when\[0\]\.schema: no question is named "pi"/);
    expect(
      load([
        base,
        {
          annotation_type: 'text',
          name: 'x',
          display_logic: { show_when: [{ schema: 'pii', operator: 'is', value: 'Yes' }] },
        },
      ]),
    ).toThrow(/annotation_schemes\[1\] \(x\)\.display_logic\.show_when\[0\]\.operator: "is" is not an operator/);
    const loop = (name: string, on: string) => ({
      annotation_type: 'text',
      name,
      display_logic: { show_when: [{ schema: on, operator: 'not_empty' }] },
    });
    expect(load([base, loop('x', 'y'), loop('y', 'x')])).toThrow(
      /\(x\)\.display_logic\.show_when: circular conditions: x → y → x/,
    );
    // and a good one loads without a warning about it
    expect(
      loadConfig(writeProject({ config: { annotation_schemes: SCHEMES }, items: ITEMS }), {}).warnings.filter((w) =>
        w.includes('display_logic'),
      ),
    ).toEqual([]);
  });
});

describe('conditional questions on phase pages', () => {
  const files = {
    'pre.json': JSON.stringify([
      {
        name: 'prior',
        annotation_type: 'radio',
        description: 'Annotated before?',
        labels: ['Yes', 'No'],
        label_requirement: { required: true },
      },
      {
        name: 'details',
        annotation_type: 'text',
        description: 'Tell us more.',
        label_requirement: { required: true },
        display_logic: { show_when: [{ schema: 'prior', operator: 'equals', value: 'Yes' }] },
      },
    ]),
    'post.json': JSON.stringify([
      {
        name: 'match',
        annotation_type: 'radio',
        description: 'As expected?',
        labels: ['Yes', 'No'],
        label_requirement: { required: true },
        display_logic: { show_when: [{ schema: 'prior', operator: 'equals', value: 'Yes' }] },
      },
      {
        name: 'rating',
        annotation_type: 'radio',
        description: 'Rating?',
        labels: ['Good', 'Poor'],
        label_requirement: { required: true },
      },
    ]),
  };
  const config = {
    phases: {
      order: ['prestudy', 'annotation', 'poststudy'],
      prestudy: { type: 'prestudy', file: 'pre.json' },
      poststudy: { type: 'poststudy', file: 'post.json' },
    },
  };

  it('a hidden question needs no answer and keeps none; a later page reads an earlier answer', async () => {
    const t = await startServer({ config, files, items: ITEMS.slice(0, 1) });
    const no = await t.client().login('nora', 'pw-123456');
    const page = (await no.get('/api/phase')).body;
    expect(page.questions[1]).toMatchObject({
      id: 'details',
      required: true,
      display_logic: { show_when: [{ schema: 'prior', operator: 'equals', value: 'Yes' }] },
    });
    expect((await no.post('/api/phase/complete', { answers: { prior: 'No', details: 'ignored' } })).status).toBe(200);
    await no.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' } });
    await no.post('/api/phase/complete', { phase: 'annotation' });
    const post = (await no.get('/api/phase')).body;
    expect(post).toMatchObject({ phase: 'poststudy', earlier_answers: { prior: 'No' } });
    expect((await no.post('/api/phase/complete', { answers: { rating: 'Good' } })).status).toBe(200);

    const yes = await t.client().login('yann', 'pw-123456');
    const missing = await yes.post('/api/phase/complete', { answers: { prior: 'Yes' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('answers.details: this question needs an answer');
    await yes.post('/api/phase/complete', { answers: { prior: 'Yes', details: 'two projects' } });
    await yes.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' } });
    await yes.post('/api/phase/complete', { phase: 'annotation' });
    const asked = await yes.post('/api/phase/complete', { answers: { rating: 'Good' } });
    expect(asked.body.error).toBe('answers.match: this question needs an answer');
  });

  it('a phase question naming no question of any phase stops start-up', () => {
    const bad = {
      ...files,
      'post.json': JSON.stringify([
        {
          name: 'match',
          annotation_type: 'radio',
          labels: ['Yes'],
          display_logic: { show_when: [{ schema: 'prio', operator: 'equals', value: 'Yes' }] },
        },
      ]),
    };
    expect(() => loadConfig(writeProject({ config, files: bad, items: ITEMS }), {})).toThrow(
      /phases\.poststudy \(match\)\.display_logic\.show_when\[0\]\.schema: no question is named "prio"/,
    );
  });
});
