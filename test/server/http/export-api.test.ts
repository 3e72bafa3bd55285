/** Potato's export API over real HTTP: the formats list, and an export written into a folder on the server. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const SCHEMES = [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }];
const ITEMS = [
  { id: 'i1', text: 'Good value.' },
  { id: 'i2', text: 'Broke at once.' },
];

describe("Potato's export API", () => {
  it('lists the formats, writes an export into a folder, and says when there is nothing to export', async () => {
    const t = await startServer({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const formats = (await t.admin().get('/admin/api/export/formats')).body.formats;
    expect(formats.map((f: { format_name: string }) => f.format_name)).toEqual([
      'jsonl',
      'csv',
      'conll',
      'spacy',
      'bws_scores',
      'time',
    ]);
    expect(formats[0]).toEqual({
      format_name: 'jsonl',
      description: 'JSONL',
      file_extensions: ['.jsonl'],
      short_label: 'jsonl',
      available: true,
    });
    // formats the project cannot fill are listed, marked so: it has no span scheme for CoNLL, no best–worst scheme
    expect(
      formats.filter((f: { available: boolean }) => !f.available).map((f: { format_name: string }) => f.format_name),
    ).toEqual(['conll', 'bws_scores']);
    expect((await t.client().get('/admin/api/export/formats')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/api/export/formats')).status).toBe(403);

    const out = join(tempDir(), 'nested', 'export');
    const empty = await t.admin().post('/admin/api/export', { format: 'jsonl', output: out });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      success: false,
      format: 'jsonl',
      files_written: [],
      stats: { rows: 0 },
      warnings: [],
      errors: ['there is nothing to export: no annotations match'],
    });
    expect(readdirSync(out)).toEqual([]); // no file, and no half file

    const ann = await t.client().login('ann', 'pw-123456');
    await ann.post('/updateinstance', { instance_id: 'i1', annotations: { 'sentiment:positive': 'true' } });
    await ann.post('/updateinstance', { instance_id: 'i2', annotations: { 'sentiment:negative': 'true' } });
    const written = await t.admin().post('/admin/api/export', { format: 'csv', output: out });
    expect(written.body).toEqual({
      success: true,
      format: 'csv',
      files_written: [join(out, 'annotations.csv')],
      stats: { rows: 2 },
      warnings: [],
      errors: [],
    });
    // the file is the same export GET streams
    const streamed = (await t.admin().get('/admin/api/export?format=csv')).text;
    expect(readFileSync(join(out, 'annotations.csv'), 'utf8')).toBe(streamed);

    // Potato's name for CoNLL, a selection, and a folder relative to the config file
    const conll = await t.admin().post('/admin/api/export', {
      format: 'conll_2003',
      output: 'exports',
      annotator: 'ann',
      options: { tokenizer: 'whitespace' },
    });
    expect(conll.status).toBe(400); // no span scheme: CoNLL has nothing to tag
    expect(conll.body.error).toMatch(/span/);
    const gold = await t.admin().post('/admin/api/export', { format: 'jsonl', output: 'exports', view: 'gold' });
    expect(gold.body).toMatchObject({ success: true, stats: { rows: 2 } });
    expect(gold.body.files_written[0]).toBe(join(t.configFile, '..', 'exports', 'annotations.jsonl'));
    expect(existsSync(gold.body.files_written[0])).toBe(true);

    for (const [body, field] of [
      [{}, /^format: name the format/],
      [
        { format: 'parquet', output: out },
        /^format: "parquet" is not written: the jsonl export loads as it is into pandas .*; this project writes jsonl, csv, conll, spacy, bws_scores, time$/,
      ],
      [
        { format: 'coco', output: out },
        /^format: "coco" is a format of regions on images, video or audio, which text annotation does not make; this project writes jsonl, csv/,
      ],
      [{ format: 'yolo', output: out }, /^format: "yolo" is a format of regions on images/],
      [{ format: 'xml', output: out }, /^format: "xml" is not one of jsonl, csv, conll, spacy, bws_scores, time$/],
      [{ format: 'jsonl' }, /^output: give the folder/],
      [{ format: 'jsonl', output: out, status: 'half' }, /^status/],
    ] as const) {
      const r = await t.admin().post('/admin/api/export', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toMatch(field);
    }
    const blocked = await t.admin().post('/admin/api/export', {
      format: 'jsonl',
      output: join(out, 'annotations.csv', 'below-a-file'),
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.error).toMatch(/^output: cannot write the export into .* \((ENOTDIR|EEXIST)\)$/);
    expect((await t.client().post('/admin/api/export', { format: 'jsonl', output: out })).status).toBe(401);
    await t.close();
  });
});
