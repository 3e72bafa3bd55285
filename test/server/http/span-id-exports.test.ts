/**
 * Span ids in the JSONL and CSV exports over real HTTP: every span carries its own id (the one its client sent, or
 * the derived one), and links name their spans by those ids, as the API reads them, so a script joins the two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const TEXT = 'Mara Quist moved to Lisbon in the spring.';
const at = (words: string) => ({ start: TEXT.indexOf(words), end: TEXT.indexOf(words) + words.length });

interface ExportedSpan {
  id: string;
  label: string;
  start: number;
  end: number;
}

describe('span ids in the JSONL and CSV exports', () => {
  let t: TestServer;
  let derived: string;
  beforeAll(async () => {
    t = await startServer({
      config: {
        annotation_schemes: [
          { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'PLACE'] },
          {
            annotation_type: 'span_link',
            name: 'relations',
            span_schema: 'entities',
            link_types: [{ name: 'LIVES_IN', directed: true }],
          },
        ],
      },
      items: [{ id: 'd1', text: TEXT }],
    });
    const ann = await t.client().login('ann');
    const r = await ann.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: [
        { schema: 'entities', name: 'PERSON', ...at('Mara Quist'), id: 'person-1' },
        { schema: 'entities', name: 'PLACE', ...at('Lisbon') },
      ],
      link_annotations: [
        { schema: 'relations', link_type: 'LIVES_IN', span_ids: ['person-1', `entities_PLACE_20_26`] },
      ],
    });
    expect(r.status, r.text).toBe(200);
    derived = (await ann.get('/api/spans/d1')).body.spans[1].id;
    expect(derived).toMatch(/^sp_[0-9a-z]+$/);
  });
  afterAll(() => t.close());

  it('JSONL gives each span its id and links name the spans by them', async () => {
    const [row] = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(row.spans).toEqual([
      { id: 'person-1', schema: 'entities', label: 'PERSON', ...at('Mara Quist'), text: 'Mara Quist' },
      { id: derived, schema: 'entities', label: 'PLACE', ...at('Lisbon'), text: 'Lisbon' },
    ]);
    const [link] = row.labels.relations;
    expect(link.span_ids).toEqual(['person-1', derived]);
    const byId = new Map((row.spans as ExportedSpan[]).map((s) => [s.id, s.label]));
    expect(link.span_ids.map((id: string) => byId.get(id))).toEqual(['PERSON', 'PLACE']);
  });

  it('CSV gives each span its id in the span cell and the link cell names them', async () => {
    const csv = (await t.admin().get('/admin/api/export?format=csv')).text;
    const [header, line] = csv.trim().split('\n');
    expect(header).toBe('instance_id,annotator,text,entities,relations,updated_at');
    const cells = [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replaceAll('""', '"'));
    const spans = JSON.parse(cells.find((c) => c.startsWith('[{"id":"person-1"'))!) as ExportedSpan[];
    expect(spans.map((s) => [s.id, s.label, s.start, s.end])).toEqual([
      ['person-1', 'PERSON', 0, 10],
      [derived, 'PLACE', 20, 26],
    ]);
    const links = JSON.parse(cells.find((c) => c.includes('"link_type"'))!) as { span_ids: string[] }[];
    expect(links[0].span_ids).toEqual(['person-1', derived]);
  });

  it('a JSONL export read back as pre-annotations keeps the spans and the links as exported', async () => {
    const jsonl = (await t.admin().get('/admin/api/export?format=jsonl')).text;
    const r = await t.admin().post('/admin/api/predictions', { content: jsonl, format: 'jsonl', source: 'round' });
    expect(r.status, r.text).toBe(200);
    const ann = await t.client().login('ann');
    const [p] = (await ann.get('/api/predictions/d1')).body.predictions;
    const [row] = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(p.labels.relations).toEqual(row.labels.relations);
  });

  it('refuses a pre-annotation span id that is not plain text, or names two spans, naming the field', async () => {
    const span = { schema: 'entities', label: 'PERSON', ...at('Mara Quist') };
    const cases: [unknown[], RegExp][] = [
      [[{ ...span, id: ' padded' }], /^predictions:1: spans\[0\]\.id: an id is 1 to 128 printable/],
      [
        [
          { ...span, id: 'x' },
          { ...span, label: 'PLACE', ...at('Lisbon'), id: 'x' },
        ],
        /spans\[1\]\.id: "x" already names spans\[0\]/,
      ],
    ];
    for (const [spans, error] of cases) {
      const r = await t
        .admin()
        .post('/admin/api/predictions', { source: 'bad', predictions: [{ instance_id: 'd1', spans }] });
      expect(r.status, JSON.stringify(spans)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
  });
});
