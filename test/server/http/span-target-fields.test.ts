/**
 * Spans in fields other than the text (instance_display `span_target: true`, Potato's `target_field`) over real
 * HTTP: submitted, read back with their field's text, kept apart from the text's spans, kept across a restart, in
 * Potato's page shape, and refused with the field named when the field or the offsets are wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const CLAIM = 'The bridge opened in 1932 and carries six lanes of traffic.';
const SUMMARY = 'A bridge from 1932 with eight lanes.';
const TURNS = [
  { speaker: 'Ana', text: 'When did the bridge open?' },
  { speaker: 'Ben', text: 'It opened in 1932.' },
];
const JOINED = TURNS.map((t) => t.text).join('\n');
const at = (text: string, word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });

const project = {
  config: {
    instance_display: {
      fields: [
        { key: 'text', type: 'text', label: 'Source', span_target: true },
        { key: 'summary', type: 'text', label: 'Summary', span_target: true },
        { key: 'talk', type: 'dialogue', label: 'Talk', span_target: true },
        { key: 'photo', type: 'image', span_target: true },
      ],
    },
    annotation_schemes: [
      { annotation_type: 'span', name: 'errors', labels: ['unsupported', 'support', 'question', 'answer'] },
      {
        annotation_type: 'span_link',
        name: 'qa',
        span_schema: 'errors',
        link_types: [{ name: 'answers', directed: true }],
      },
    ],
  },
  items: [{ id: 'i1', text: CLAIM, summary: SUMMARY, talk: TURNS, photo: 'pics/a.png' }],
};

describe('span target fields', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(project);
  });
  afterAll(() => t.close());

  it('loads with no warning that spans go to the text field, and warns about the image field', () => {
    const warned = loadConfig(writeProject(project), {}).warnings.join('\n');
    expect(warned).not.toMatch(/spans are marked on the text field/);
    expect(warned).toMatch(/fields\[3\]\.span_target: a image field holds no text to mark/);
  });

  it('shows each text span target as a surface carrying its own text, a dialogue as its turns', async () => {
    const c = await t.client().login('eve');
    const { blocks } = (await c.get('/api/display/i1')).body;
    expect(blocks.slice(0, 3)).toMatchObject([
      { type: 'surface', key: 'text', label: 'Source' },
      { type: 'surface', key: 'summary', label: 'Summary', text: SUMMARY },
      { type: 'dialogue', key: 'talk' },
    ]);
    expect(blocks[0].text).toBeUndefined();
  });

  it('keeps a span of another field with its field, its text, apart from the same offsets in the text', async () => {
    const alice = await t.client().login('alice');
    const eight = at(SUMMARY, 'eight lanes');
    const sent = {
      instance_id: 'i1',
      span_annotations: [
        { schema: 'errors', name: 'unsupported', ...eight, target_field: 'summary' },
        { schema: 'errors', name: 'unsupported', ...eight }, // the same offsets in the text field
        { schema: 'errors', name: 'support', ...at(CLAIM, 'six lanes'), target_field: 'text' }, // the text, named
      ],
    };
    const r = await alice.post('/updateinstance', sent);
    expect(r.status, r.text).toBe(200);
    const stored = (await alice.get('/get_annotations?instance_id=i1')).body;
    const spans = stored.span_annotations.map(({ id: _, ...s }: { id: string }) => s);
    expect(spans).toEqual([
      {
        schema: 'errors',
        name: 'unsupported',
        ...eight,
        value: CLAIM.slice(eight.start, eight.end),
        text: CLAIM.slice(eight.start, eight.end),
      },
      { schema: 'errors', name: 'support', ...at(CLAIM, 'six lanes'), value: 'six lanes', text: 'six lanes' },
      {
        schema: 'errors',
        name: 'unsupported',
        ...eight,
        value: 'eight lanes',
        target_field: 'summary',
        text: 'eight lanes',
      },
    ]);
    // sent again as read back (ids, values and the field given), nothing changes
    const again = await alice.post('/updateinstance', {
      instance_id: 'i1',
      span_annotations: stored.span_annotations.map(({ text: _, ...s }: { text: string }) => s),
    });
    expect(again.status, again.text).toBe(200);
    expect((await alice.get('/get_annotations?instance_id=i1')).body.updated_at).toBe(stored.updated_at);

    // in a task with span targets Potato's span read-out names every span's field, the text's too (a task
    // without keeps the interface's shape: annotation.test.ts)
    const painted = (await alice.get('/api/spans/i1')).body.spans;
    expect(painted.map((s: { target_field?: string; text: string }) => [s.target_field, s.text])).toEqual([
      ['text', CLAIM.slice(eight.start, eight.end)],
      ['text', 'six lanes'],
      ['summary', 'eight lanes'],
    ]);

    t = await t.restart();
    const after = await t.client().login('alice');
    expect((await after.get('/get_annotations?instance_id=i1')).body.span_annotations).toEqual(stored.span_annotations);
  });

  it("takes Potato's page shape with target_field, and removes only that field's span", async () => {
    const bob = await t.client().login('bob');
    const lanes = at(SUMMARY, 'eight');
    const post = (value: string | null, target_field?: string) =>
      bob.post('/updateinstance', {
        instance_id: 'i1',
        type: 'span',
        schema: 'errors',
        state: [{ name: 'unsupported', ...lanes, value, ...(target_field ? { target_field } : {}) }],
      });
    expect((await post('eight', 'summary')).status).toBe(200);
    expect((await post(CLAIM.slice(lanes.start, lanes.end))).status).toBe(200);
    const read = async () =>
      (await bob.get('/get_annotations?instance_id=i1')).body.span_annotations.map(
        (s: { target_field?: string; text: string }) => [s.target_field ?? 'text', s.text],
      );
    expect(await read()).toEqual([
      ['text', CLAIM.slice(lanes.start, lanes.end)],
      ['summary', 'eight'],
    ]);
    expect((await post(null, 'summary')).status).toBe(200);
    expect(await read()).toEqual([['text', CLAIM.slice(lanes.start, lanes.end)]]);
  });

  it("marks a dialogue's turns (their texts joined by newlines) and links spans of two turns", async () => {
    const carol = await t.client().login('carol');
    const r = await carol.post('/updateinstance', {
      instance_id: 'i1',
      span_annotations: [
        { schema: 'errors', name: 'question', ...at(JOINED, 'When did'), target_field: 'talk', id: 'q1' },
        { schema: 'errors', name: 'answer', ...at(JOINED, 'in 1932'), target_field: 'talk', id: 'a1' },
      ],
      link_annotations: [{ schema: 'qa', link_type: 'answers', span_ids: ['a1', 'q1'], direction: 'directed' }],
    });
    expect(r.status, r.text).toBe(200);
    const stored = (await carol.get('/get_annotations?instance_id=i1')).body;
    expect(stored.span_annotations.map((s: { text: string }) => s.text)).toEqual(['When did', 'in 1932']);
    const [q, a] = stored.span_annotations.map((s: { id: string }) => s.id);
    expect(stored.link_annotations).toMatchObject([{ schema: 'qa', link_type: 'answers', span_ids: [a, q] }]);
  });

  it("names the text's span by Potato's default id where another field has a span at the same offsets", async () => {
    const fay = await t.client().login('fay');
    const eight = at(SUMMARY, 'eight');
    const lanes = at(SUMMARY, 'lanes');
    const r = await fay.post('/updateinstance', {
      instance_id: 'i1',
      span_annotations: [
        { schema: 'errors', name: 'question', ...eight, target_field: 'summary' },
        { schema: 'errors', name: 'question', ...eight },
        { schema: 'errors', name: 'answer', ...lanes },
      ],
      link_annotations: [
        {
          schema: 'qa',
          link_type: 'answers',
          span_ids: [`errors_answer_${lanes.start}_${lanes.end}`, `errors_question_${eight.start}_${eight.end}`],
          direction: 'directed',
        },
      ],
    });
    expect(r.status, r.text).toBe(200);
    const stored = (await fay.get('/get_annotations?instance_id=i1')).body;
    const textSpan = stored.span_annotations.find(
      (s: { name: string; target_field?: string }) => s.name === 'question' && s.target_field === undefined,
    );
    expect(stored.link_annotations[0].span_ids[1]).toBe(textSpan.id);
  });

  it('refuses a field that is no span target, and offsets past the end of the field, naming them', async () => {
    const dan = await t.client().login('dan');
    const send = (span: Record<string, unknown>) =>
      dan.post('/updateinstance', {
        instance_id: 'i1',
        span_annotations: [{ schema: 'errors', name: 'support', ...span }],
      });
    const photo = await send({ start: 0, end: 3, target_field: 'photo' });
    expect([photo.status, photo.body.error]).toEqual([
      400,
      'span_annotations[0].target_field: "photo" is not a span target of this task (span_target fields: summary, talk; leave it out for the text field)',
    ]);
    const unknown = await send({ start: 0, end: 3, target_field: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^span_annotations\[0\]\.target_field: "nope"/);
    // the summary is shorter than the text: offsets that fit the text do not fit it
    const past = await send({ ...at(CLAIM, 'traffic'), target_field: 'summary' });
    expect([past.status, past.body.error]).toEqual([
      400,
      `span_annotations[0]: offsets must satisfy 0 <= start < end <= ${SUMMARY.length} (the length of "summary") (got start ${CLAIM.indexOf('traffic')}, end ${CLAIM.indexOf('traffic') + 7})`,
    ]);
    const page = await dan.post('/updateinstance', {
      instance_id: 'i1',
      type: 'span',
      schema: 'errors',
      state: [{ name: 'support', start: 0, end: 3, value: 'x', target_field: 'photo' }],
    });
    expect(page.status).toBe(400);
    expect(page.body.error).toMatch(/^state\[0\]\.target_field: "photo" is not a span target/);
    expect((await dan.get('/get_annotations?instance_id=i1')).body.span_annotations).toEqual([]);
  });
});
