/** extractive_qa: config keys, and answer spans (or "unanswerable") over real HTTP, checked against the passage. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';
import { startServer, type TestServer } from '../../../helpers/server.js';
import type { Client } from '../../../helpers/client.js';

const PASSAGE = 'The bridge opened in 1932 after six years of work.';
const ITEMS = [{ id: 'q1', text: PASSAGE, question: 'When did the bridge open?' }];
const QA = { annotation_type: 'extractive_qa', name: 'answer', question_field: 'question', highlight_color: '#FFEB3B' };
const answer = (start: number, end: number, text = PASSAGE.slice(start, end)) =>
  JSON.stringify({ answer_text: text, start, end, unanswerable: false });
const at = PASSAGE.indexOf('1932');
const load = (scheme: Record<string, unknown>) =>
  loadConfig(writeProject({ items: ITEMS, config: { annotation_schemes: [scheme] } }), {});

describe('extractive_qa config', () => {
  it('loads with its defaults; the one label is the scheme name', () => {
    const scheme = load(QA).task.schemeByName.get('answer')!;
    expect(scheme.labels).toEqual([{ name: 'answer' }]);
    expect(scheme.extra).toEqual({
      question_field: 'question',
      passage_field: '',
      allow_unanswerable: true,
      highlight_color: '#FFEB3B',
    });
  });

  it.each([
    [{ ...QA, allow_unanswerable: 'sometimes' }, /annotation_schemes\[0\]\.allow_unanswerable: /],
    [{ ...QA, question_field: '' }, /annotation_schemes\[0\]\.question_field: /],
  ])('refuses a bad config naming the key: %#', (scheme, message) => {
    expect(() => load(scheme)).toThrow(message);
  });
});

describe('extractive_qa over HTTP', () => {
  let t: TestServer;
  let ann: Client;
  beforeAll(async () => {
    t = await startServer({
      items: ITEMS,
      config: { annotation_schemes: [QA, { ...QA, name: 'strict', allow_unanswerable: false }] },
    });
    ann = await t.client().login('ann');
  });

  it('stores the answer span under "<scheme>:<scheme>" and reads it back unchanged', async () => {
    const r = await ann.post('/updateinstance', {
      instance_id: 'q1',
      annotations: { 'answer:answer': answer(at, at + 4) },
    });
    expect(r.status, r.text).toBe(200);
    const back = (await ann.get('/get_annotations?instance_id=q1')).body;
    expect(back.annotations).toEqual({ 'answer:answer': answer(at, at + 4) });
    expect((await ann.post('/updateinstance', { instance_id: 'q1', annotations: back.annotations })).status).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=q1')).body).toEqual(back);
    // Potato's form post of its hidden input
    expect(
      (
        await ann.postForm('/updateinstance', {
          instance_id: 'q1',
          'answer:::answer': JSON.stringify({ answer_text: '', start: -1, end: -1, unanswerable: true }),
        })
      ).status,
    ).toBe(200);
    expect((await ann.get('/get_annotations?instance_id=q1')).body.annotations).toEqual({
      'answer:answer': '{"answer_text":"","start":-1,"end":-1,"unanswerable":true}',
    });
  });

  it.each([
    [
      { 'answer:answer': answer(at, at + 4, '1933') },
      /^annotations\["answer:answer"\]: answer_text: "1933" is not the passage's text at \d+\.\.\d+ \("1932"\)/,
    ],
    [
      { 'answer:answer': answer(40, 400, 'x') },
      /^annotations\["answer:answer"\]: answer: offsets must satisfy 0 <= start < end <= 50/,
    ],
    [
      { 'answer:answer': answer(5, 5, '') },
      /^annotations\["answer:answer"\]: start, end: expected offsets with 0 <= start < end/,
    ],
    [{ 'answer:answer': '{"start": 1' }, /^annotations\["answer:answer"\]: not JSON text/],
    [
      { 'strict:strict': JSON.stringify({ unanswerable: true }) },
      /^annotations\["strict:strict"\]: unanswerable: this scheme has allow_unanswerable: false/,
    ],
    [{ 'answer:other': answer(at, at + 4) }, /^annotations\["answer:other"\]: scheme "answer" has no label "other"/],
  ])('refuses a bad answer with 400 naming it: %#', async (annotations, message) => {
    const r = await ann.post('/updateinstance', { instance_id: 'q1', annotations });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it('exports the answer as an object in JSONL (read back exactly) and CSV', async () => {
    await ann.post('/updateinstance', { instance_id: 'q1', annotations: { 'answer:answer': answer(at, at + 4) } });
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const [line] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.labels).toEqual({ answer: { answer_text: '1932', start: at, end: at + 4, unanswerable: false } });
    const second = await startServer({ items: ITEMS, config: { annotation_schemes: [QA] } });
    expect(
      (await second.admin().post('/admin/api/predictions', { source: 'x', content: jsonl, format: 'jsonl' })).status,
    ).toBe(200);
    const [prediction] = (await (await second.client().login('r')).get('/api/predictions/q1')).body.predictions;
    expect(prediction.labels).toEqual(line.labels);
    expect((await t.admin().get('/admin/api/export?format=csv')).text).toContain('""answer_text"":""1932""');
  });
});
