/**
 * Spans of a span_target field other than the text in the exports and in agreement, over real HTTP: JSONL and CSV
 * keep the field and its text, CoNLL and spaCy tag the text only and the export API says so, and span agreement
 * compares spans of one field with spans of the same field only.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const TEXT = 'The bridge is old.';
const SUMMARY = 'Old bridges.';

describe('spans of another field in exports and agreement', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', span_target: true },
            { key: 'summary', type: 'text', span_target: true },
          ],
        },
        annotation_schemes: [{ annotation_type: 'span', name: 'claims', labels: ['claim'] }],
      },
      items: [{ id: 'i1', text: TEXT, summary: SUMMARY }],
    });
    // the same offsets, one annotator in the text and two in the summary
    for (const [who, field] of [
      ['ann', undefined],
      ['bob', 'summary'],
      ['cid', 'summary'],
    ] as const) {
      const c = await t.client().login(who);
      const span = { schema: 'claims', name: 'claim', start: 0, end: 3, ...(field ? { target_field: field } : {}) };
      const r = await c.post('/updateinstance', { instance_id: 'i1', span_annotations: [span] });
      expect(r.status, r.text).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('JSONL and CSV keep the field and the text the offsets index', async () => {
    const lines = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l: { annotator: string; spans: unknown[] }) => [l.annotator, l.spans])).toEqual([
      ['ann', [{ id: expect.stringMatching(/^sp_/), schema: 'claims', label: 'claim', start: 0, end: 3, text: 'The' }]],
      [
        'bob',
        [
          {
            id: expect.stringMatching(/^sp_/),
            schema: 'claims',
            label: 'claim',
            start: 0,
            end: 3,
            target_field: 'summary',
            text: 'Old',
          },
        ],
      ],
      [
        'cid',
        [
          {
            id: expect.stringMatching(/^sp_/),
            schema: 'claims',
            label: 'claim',
            start: 0,
            end: 3,
            target_field: 'summary',
            text: 'Old',
          },
        ],
      ],
    ]);
    const csv = (await t.admin().get('/admin/api/export?format=csv')).text;
    expect(csv).toContain('""target_field"":""summary"",""text"":""Old""');
  });

  it('CoNLL and spaCy tag the text only, and the export API warns that they leave the field out', async () => {
    const conll = (await t.admin().get('/admin/api/export?format=conll')).text;
    const [annDoc, bobDoc] = conll.trim().split('\n\n');
    expect(conll.trim().split('\n\n')).toHaveLength(3);
    expect(annDoc).toContain('The\tB-claim');
    expect(bobDoc).toContain('The\tO');
    expect(bobDoc).not.toMatch(/B-claim/);
    const docs = (await t.admin().get('/admin/api/export?format=spacy')).body;
    expect(docs.map((d: { spans: unknown }) => d.spans)).toEqual([
      { claims: [{ start: 0, end: 3, label: 'claim' }] },
      { claims: [] },
      { claims: [] },
    ]);

    const out = mkdtempSync(join(tmpdir(), 'span-fields-export-'));
    const r = await t.admin().post('/admin/api/export', { format: 'conll', output: out });
    expect(r.status, r.text).toBe(200);
    expect(r.body.warnings).toEqual([
      'conll marks the text field only: spans in the span_target fields summary are left out (jsonl and csv keep them, with target_field)',
    ]);
    const jsonl = await t.admin().post('/admin/api/export', { format: 'jsonl', output: out });
    expect(jsonl.body.warnings).toEqual([]);
    expect(readFileSync(join(out, 'annotations.jsonl'), 'utf8')).toContain('"target_field":"summary"');
  });

  it('span agreement compares the text with the text and the summary with the summary', async () => {
    const { by_schema } = (await t.admin().get('/admin/api/agreement')).body;
    // per character, three annotators (each pair weighs 1/2): "The" in the text is marked by ann alone, "Old" in
    // the summary by bob and cid; so o(claim, none) = o(none, claim) = 6, o(claim, claim) = 3, o(none, none) = 75
    expect(by_schema.claims).toMatchObject({ level: 'nominal_per_character', items_evaluated: 1, annotators: 3 });
    expect(by_schema.claims.krippendorff_alpha).toBeCloseTo(1 - (89 * 12) / (2 * 9 * 81), 10);
  });

  it("the majority (gold) answer counts a span in the summary apart from the text's at the same offsets", async () => {
    const [gold] = (await t.admin().get('/admin/api/export?format=jsonl&view=gold')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(gold.annotator).toBe('gold:majority');
    expect(gold.spans).toEqual([
      {
        id: expect.stringMatching(/^sp_/),
        schema: 'claims',
        label: 'claim',
        start: 0,
        end: 3,
        target_field: 'summary',
        text: 'Old',
      },
    ]);
  });
});
