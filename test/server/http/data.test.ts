/** Exports, imports and pre-annotations over real HTTP, against a project with every scheme type. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'data');
const fixture = (name: string) => join(FIXTURES, name);
const ITEMS = readFileSync(fixture('items.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { id: string; text: string });
const textOf = (id: string) => ITEMS.find((i) => i.id === id)!.text;
const at = (id: string, phrase: string) => ({
  start: textOf(id).indexOf(phrase),
  end: textOf(id).indexOf(phrase) + phrase.length,
});
const fixedClock = { now: () => Date.parse('2026-11-22T10:00:00.000Z') };

/** Compares with the expected file; UPDATE_FIXTURES=1 rewrites it (then read the diff before committing). */
function expectFile(actual: string, name: string) {
  const file = join(FIXTURES, 'expected', name);
  if (process.env.UPDATE_FIXTURES || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

async function annotatedProject(): Promise<TestServer> {
  const t = await startServer({ items: ITEMS, options: { clock: fixedClock } });
  const alice = await t.client().login('alice');
  const bob = await t.client().login('bob');
  const ok = async (c: Client, body: unknown) => expect((await c.post('/updateinstance', body)).status).toBe(200);
  await ok(alice, {
    instance_id: 'r1',
    annotations: {
      'sentiment:negative': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
      'helpful:4': 'true',
      'kind:a': 'true',
      'note:text': 'battery, "fast"',
      'stars:value': 2,
      'confidence:value': 72.5,
    },
    span_annotations: [
      { schema: 'evidence', name: 'pos', ...at('r1', 'Great phone') },
      { schema: 'evidence', name: 'neg', ...at('r1', 'battery dies fast') },
    ],
  });
  await ok(alice, {
    instance_id: 'r2',
    annotations: { 'sentiment:positive': 'true' },
    span_annotations: [{ schema: 'evidence', name: 'pos', ...at('r2', 'sehr gut') }],
  });
  // bob: overlapping spans of one scheme, and a span that ends inside a word
  await ok(bob, {
    instance_id: 'r1',
    annotations: { 'sentiment:neutral': 'true' },
    span_annotations: [
      { schema: 'evidence', name: 'neg', ...at('r1', 'the battery dies') },
      { schema: 'evidence', name: 'pos', ...at('r1', 'battery') },
      { schema: 'evidence', name: 'pos', start: 0, end: 3 },
    ],
  });
  await ok(bob, {
    instance_id: 'r3',
    annotations: { 'topics:quality': 'true' },
    span_annotations: [{ schema: 'evidence', name: 'neg', ...at('r3', 'slow.\nSecond') }],
  });
  return t;
}

describe('GET /admin/api/export', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await annotatedProject();
  });

  it.each([
    ['jsonl', 'application/x-ndjson', 'export.jsonl'],
    ['csv', 'text/csv', 'export.csv'],
    ['conll', 'text/plain', 'export.conll'],
    ['spacy', 'application/json', 'export.spacy.json'],
  ])('writes %s with its content type, exactly as expected', async (format, type, file) => {
    const r = await t.admin().get(`/admin/api/export?format=${format}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="annotations\./);
    expectFile(r.text, file);
  });

  it('filters by annotator and by status', async () => {
    const bob = (await t.admin().get('/admin/api/export?format=jsonl&annotator=bob')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(bob.map((r) => [r.instance_id, r.annotator])).toEqual([
      ['r1', 'bob'],
      ['r3', 'bob'],
    ]);
    expect((await t.admin().get('/admin/api/export?annotator=nobody')).text).toBe('');
    // without num_annotators_per_item one annotator completes an instance: everything annotated is completed
    const completed = (await t.admin().get('/admin/api/export?status=completed')).text.trim().split('\n');
    expect(completed).toHaveLength(4);
    expect((await t.admin().get('/admin/api/export?status=in_progress')).text).toBe('');
  });

  it('refuses bad queries and non-admins with JSON errors', async () => {
    const bad = await t.admin().get('/admin/api/export?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^format: /);
    expect((await t.admin().get('/admin/api/export?status=done')).status).toBe(400);
    expect((await t.client().get('/admin/api/export')).status).toBe(401);
    expect((await (await t.client().login('carol')).get('/admin/api/export')).status).toBe(403);
  });

  it('says so when a CoNLL export is asked of a project without span schemes', async () => {
    const plain = await startServer({
      config: { annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }] },
    });
    const r = await plain.admin().get('/admin/api/export?format=conll');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/no span scheme/);
    const bws = await plain.admin().get('/admin/api/export?format=bws_scores');
    expect(bws.status).toBe(400);
    expect(bws.body.error).toBe(
      'format: bws_scores scores the items of best–worst (bws) schemes, and this project has none',
    );
  });
});

describe('POST /admin/api/import', () => {
  it.each(['new.json', 'new-lines.json', 'new.jsonl', 'new.csv', 'new.tsv'])(
    'adds the instances of %s to the running project, for annotators who already have lists, and keeps them across a restart',
    async (file) => {
      const t = await startServer({ items: ITEMS });
      const alice = await t.client().login('alice');
      expect((await alice.get('/api/current_instance')).body.total_instances).toBe(3);
      const started = await t.admin().post('/admin/api/import', { file: fixture(file) });
      expect(started.status).toBe(202);
      expect(started.body.import_id).toMatch(/^imp_/);
      let job = started.body;
      while (job.status !== 'done' && job.status !== 'failed')
        job = (await t.admin().get(`/admin/api/import/${started.body.import_id}`)).body;
      expect(job).toMatchObject({ status: 'done', error: null, rows_read: job.added });
      expect(job.bytes_read).toBe(job.total_bytes);
      expect(job.total_bytes).toBe(readFileSync(fixture(file)).length);
      const expected = file === 'new.json' ? ['n1', 'n2', 'n3'] : ['n1', 'n2'];
      expect(job.added).toBe(expected.length);
      expect((await alice.get('/api/current_instance')).body.total_instances).toBe(3 + expected.length);
      const n2 = (await alice.post('/go_to', { go_to: 'n2' })).body;
      expect(n2.instance_id).toBe('n2');
      if (file === 'new.csv') expect(n2.text).toBe('Zweites, mit Komma und "Zitat".\nZweite Zeile.');
      if (file === 'new.tsv') expect(n2.text).toBe('Zweites "mit" Zitat.');

      const again = await t.restart();
      const back = await again.client().login('alice');
      expect((await back.get('/api/current_instance')).body.total_instances).toBe(3 + expected.length);
      const newcomer = await again.client().login('dora');
      expect((await newcomer.get('/api/current_instance')).body.total_instances).toBe(3 + expected.length);
    },
  );

  it.each([
    ['bad-utf8.jsonl', /bad-utf8\.jsonl:3: is not valid UTF-8/],
    ['bad-json.jsonl', /bad-json\.jsonl:3: not valid JSON/],
    ['bad-array.json', /bad-array\.json:3: not valid JSON/],
    ['bad-quote.csv', /bad-quote\.csv:3: /],
    ['missing-text.tsv', /missing-text\.tsv:3: /],
    ['duplicate.jsonl', /duplicate\.jsonl:2: duplicate instance id "r2"/],
  ])('refuses %s naming the file and line, and adds nothing', async (file, message) => {
    const t = await startServer({ items: ITEMS });
    const r = await t.admin().post('/admin/api/import', { file: fixture(file), wait: true });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
    expect(t.server.services.task.instances).toHaveLength(3);
    expect(t.server.services.store.size('imported_instances')).toBe(0);
    const again = await t.restart();
    expect(again.server.services.task.instances).toHaveLength(3);
  });

  it("appends new instances to existing lists within each annotator's cap when there is no overlap limit", async () => {
    const t = await startServer({ items: ITEMS, config: { max_annotations_per_user: 4 } });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body.total_instances).toBe(3);
    const r = await t.admin().post('/admin/api/import', {
      content: '{"id": "n1", "text": "one"}\n{"id": "n2", "text": "two"}\n',
      format: 'jsonl',
      wait: true,
    });
    expect(r.body.added).toBe(2);
    expect(t.server.services.assignments.listOf('alice')).toEqual(['r1', 'r2', 'r3', 'n1']); // room for one more
    const bob = await t.client().login('bob');
    expect((await bob.get('/api/current_instance')).body.total_instances).toBe(4);
  });

  it('with an overlap limit, leaves new instances to the batches lists grow by, so nobody reserves them early', async () => {
    const t = await startServer({ items: ITEMS, config: { num_annotators_per_item: 1 } });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body.total_instances).toBe(3);
    const bob = await t.client().login('bob');
    expect((await bob.get('/api/current_instance')).status).toBe(404); // every instance already has its annotator
    await t.admin().post('/admin/api/import', {
      content: '{"id": "n1", "text": "one"}\n{"id": "n2", "text": "two"}\n',
      format: 'jsonl',
      wait: true,
    });
    expect(t.server.services.assignments.listOf('alice')).toEqual(['r1', 'r2', 'r3']);
    expect((await bob.get('/api/current_instance')).body).toMatchObject({ instance_id: 'n1', total_instances: 2 });
  });

  it('takes inline content with a format, and answers the finished job with wait', async () => {
    const t = await startServer({ items: ITEMS });
    const r = await t
      .admin()
      .post('/admin/api/import', { content: 'id\ttext\nx1\tInline one\n', format: 'tsv', wait: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'done', added: 1, source: 'request body' });
    expect(t.server.services.task.instanceById.get('x1')?.text).toBe('Inline one');
  });

  it('refuses bodies without an input, with both, content without format, unknown types and unknown jobs', async () => {
    const t = await startServer({ items: ITEMS });
    const admin = t.admin();
    expect((await admin.post('/admin/api/import', {})).body.error).toMatch(/give file/);
    expect((await admin.post('/admin/api/import', { file: 'a.jsonl', content: 'x' })).body.error).toMatch(/not both/);
    expect((await admin.post('/admin/api/import', { content: '{}' })).body.error).toMatch(/^format: /);
    const odd = await admin.post('/admin/api/import', {
      file: fixture('items.jsonl').replace('.jsonl', '.xlsx'),
      wait: true,
    });
    expect(odd.body.error).toMatch(/unsupported file type ".xlsx"/);
    expect((await admin.post('/admin/api/import', { file: '/no/such/file.jsonl', wait: true })).body.error).toMatch(
      /file not found/,
    );
    expect((await admin.get('/admin/api/import/imp_nope')).status).toBe(404);
    expect(
      (await (await t.client().login('carol')).post('/admin/api/import', { file: fixture('new.jsonl') })).status,
    ).toBe(403);
  });
});
