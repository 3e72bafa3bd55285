/** Export streams render lazily: the next rows are built only when the reader has taken the last chunk. */
import { describe, expect, it } from 'vitest';
import { exportStream } from '../../../server/io/export-writers.js';
import { EXPORT_FORMATS, EXPORT_WRITERS, exportWriter } from '../../../server/io/export-formats/index.js';
import { createTask, type Scheme } from '../../../server/domain/task.js';
import type { ExportItem } from '../../../server/domain/data/export-rows.js';

const scheme = (name: string, annotation_type: Scheme['annotation_type'], labels: string[]): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((l) => ({ name: l })),
  extra: {},
});

describe('exportStream', () => {
  const task = createTask([scheme('sentiment', 'radio', ['pos', 'neg']), scheme('ent', 'span', ['PER'])], [], {});
  let built = 0;
  function* items(n: number): Generator<ExportItem> {
    for (let i = 0; i < n; i++) {
      built++;
      const instance = { id: `i${i}`, text: `Ada Lovelace wrote note ${i}.`, data: {} };
      yield {
        instance,
        record: {
          username: 'u',
          instance_id: instance.id,
          labels: { sentiment: { pos: 'true' } },
          spans: [{ id: 's', schema: 'ent', label: 'PER', start: 0, end: 12, value: '' }],
          created_at: 't',
          updated_at: 't',
        },
      };
    }
  }

  it.each(['jsonl', 'csv', 'conll', 'spacy'] as const)(
    'builds %s rows only as fast as the reader takes them',
    async (format) => {
      built = 0;
      const stream = exportStream(format, task, items(50_000));
      const iterator = stream[Symbol.asyncIterator]();
      const first = await iterator.next();
      expect(first.done).toBe(false);
      // a chunk is about 64 KiB: far fewer rows than the 50 000 on offer have been built
      expect(built).toBeGreaterThan(0);
      expect(built).toBeLessThan(5_000);
      let bytes = (first.value as Buffer).length;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) bytes += (r.value as Buffer).length;
      expect(built).toBe(50_000);
      expect(bytes).toBeGreaterThan(50_000 * 20);
    },
  );

  it('writes a well-formed empty export in every format', async () => {
    const text = async (format: 'jsonl' | 'csv' | 'conll' | 'spacy') => {
      let out = '';
      for await (const chunk of exportStream(format, task, [])) out += chunk;
      return out;
    };
    expect(await text('jsonl')).toBe('');
    expect(await text('csv')).toBe('instance_id,annotator,text,sentiment,ent,updated_at\n');
    expect(await text('conll')).toBe('');
    expect(JSON.parse(await text('spacy'))).toEqual([]);
  });

  it('refuses a name that is not a format, naming the field, instead of writing some other format', () => {
    for (const name of ['xml', 'CSV', 'toString', '__proto__', '']) {
      expect(() => exportStream(name, task, items(1)), name).toThrow(
        expect.objectContaining({
          kind: 'invalid',
          message: expect.stringMatching(/^format: ".*" is not one of jsonl, csv, conll, spacy, bws_scores, time$/),
        }),
      );
    }
  });

  it('has one writer per format, each with its own content type and file extension', () => {
    expect(EXPORT_FORMATS).toEqual(['jsonl', 'csv', 'conll', 'spacy', 'bws_scores', 'time']);
    for (const format of EXPORT_FORMATS) expect(exportWriter(format)).toBe(EXPORT_WRITERS[format]);
    expect(new Set(EXPORT_FORMATS.map((f) => EXPORT_WRITERS[f].extension)).size).toBe(EXPORT_FORMATS.length);
  });
});
