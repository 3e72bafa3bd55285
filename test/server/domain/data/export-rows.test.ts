/** Row builders of the export formats: tokenisation, BIO tags, CSV cells, spaCy documents. */
import { describe, expect, it } from 'vitest';
import { conllBlock, csvHeader, csvRow, spacyDoc, exportItems } from '../../../../server/domain/data/export-rows.js';
import { createTask, type Scheme } from '../../../../server/domain/task.js';
import type { AnnotationRecord, SpanRecord } from '../../../../server/domain/annotation/records.js';

const scheme = (name: string, annotation_type: Scheme['annotation_type'], labels: string[]): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((l) => ({ name: l })),
  extra: {},
});
const span = (scheme: string, label: string, start: number, end: number): SpanRecord => ({
  id: `${scheme}${start}`,
  schema: scheme,
  label,
  start,
  end,
  value: '',
});
const record = (
  labels: AnnotationRecord['labels'],
  spans: SpanRecord[],
  username = 'u',
  instance_id = 'x',
): AnnotationRecord => ({ username, instance_id, labels, spans, created_at: 'c', updated_at: 'u' });

describe('CoNLL tokens', () => {
  /** the token and tag columns of a CoNLL block with the given spans of one span scheme */
  const tokens = (text: string, spans: SpanRecord[] = []) =>
    conllBlock([scheme('ner', 'span', ['X'])], { instance: { id: 'i', text, data: {} }, record: record({}, spans) })
      .split('\n')
      .slice(2, -2)
      .map((line) => line.split('\t'));

  it('splits words of any script from punctuation, tagging the tokens a span covers by character offset', () => {
    const text = 'Zoë’s café—naïve, 3.5km!';
    expect(tokens(text, [span('ner', 'X', 6, 10), span('ner', 'X', 20, 23)])).toEqual([
      ['Zoë', 'O'],
      ['’', 'O'],
      ['s', 'O'],
      ['café', 'B-X'],
      ['—', 'O'],
      ['naïve', 'O'],
      [',', 'O'],
      ['3', 'O'],
      ['.', 'O'],
      ['5km', 'B-X'],
      ['!', 'O'],
    ]);
    // a span inside a token tags the whole token; one over the gap between tokens tags neither
    expect(tokens(text, [span('ner', 'X', 7, 8), span('ner', 'X', 5, 6)]).map(([, tag]) => tag)).toEqual([
      'O',
      'O',
      'O',
      'B-X',
      ...Array<string>(7).fill('O'),
    ]);
    expect(tokens('e\u0301t\u00e9 日本語', [span('ner', 'X', 5, 6)])).toEqual([
      ['e\u0301t\u00e9', 'O'],
      ['日本語', 'B-X'],
    ]);
  });
});

describe('conllBlock', () => {
  it('writes one BIO column per span scheme; on overlaps within a scheme the first span wins', () => {
    const schemes = [scheme('ner', 'span', ['PER', 'ORG']), scheme('tone', 'span', ['harsh'])];
    const instance = { id: 'doc 1', text: 'Ada Lovelace met IBM staff', data: {} };
    const r = record(
      {},
      [span('ner', 'PER', 0, 12), span('ner', 'ORG', 4, 20), span('ner', 'ORG', 17, 20), span('tone', 'harsh', 9, 16)],
      'eve',
    );
    expect(conllBlock(schemes, { instance, record: r })).toBe(
      [
        '# instance_id = doc 1',
        '# annotator = eve',
        'Ada\tB-PER\tO',
        'Lovelace\tI-PER\tB-harsh',
        'met\tO\tI-harsh',
        'IBM\tB-ORG\tO',
        'staff\tO\tO',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('csv and spaCy rows', () => {
  const task = createTask(
    [scheme('text', 'text', ['text']), scheme('tags', 'multiselect', ['a', 'b', 'c']), scheme('ent', 'span', ['X'])],
    [],
    {},
  );
  const instance = { id: 'i', text: 'hello world', data: {} };
  const r = record({ text: { text: 'free, "text"' }, tags: { a: 'true', c: 'true' } }, [span('ent', 'X', 6, 11)]);

  it('names a scheme column that collides with a fixed column schema:<name>', () => {
    expect(csvHeader(task)).toEqual(['instance_id', 'annotator', 'text', 'schema:text', 'tags', 'ent', 'updated_at']);
    expect(csvRow(task, { instance, record: r })).toEqual([
      'i',
      'u',
      'hello world',
      'free, "text"',
      'a|c',
      '[{"id":"ent6","label":"X","start":6,"end":11,"text":"world"}]',
      'u',
    ]);
  });

  it('gives spaCy cats for every label of an answered choice scheme, and character-offset ents', () => {
    expect(spacyDoc(task, { instance, record: r })).toEqual({
      text: 'hello world',
      ents: [{ start: 6, end: 11, label: 'X' }],
      spans: { ent: [{ start: 6, end: 11, label: 'X' }] },
      cats: { 'tags:a': 1, 'tags:b': 0, 'tags:c': 1 },
      meta: { instance_id: 'i', annotator: 'u', values: { text: 'free, "text"' } },
    });
  });
});

describe('exportItems', () => {
  it('goes in task order, then by annotator, filtered by annotator and by completion', () => {
    const task = createTask(
      [scheme('s', 'radio', ['y'])],
      ['b', 'a', 'c'].map((id) => ({ id, text: id, data: {} })),
      {},
    );
    const records = new Map([
      ['zed|b', record({ s: { y: 'true' } }, [], 'zed', 'b')],
      ['amy|b', record({ s: { y: 'true' } }, [], 'amy', 'b')],
      ['amy|c', record({ s: { y: 'true' } }, [], 'amy', 'c')],
    ]);
    const reader = {
      annotatorsOf: (id: string) =>
        new Set([...records.values()].filter((r) => r.instance_id === id).map((r) => r.username)),
      get: (u: string, id: string) => records.get(`${u}|${id}`),
    };
    const keys = (filter = {}, required = 1) =>
      [...exportItems(task, reader, required, filter)].map((i) => `${i.record.username}|${i.instance.id}`);
    expect(keys()).toEqual(['amy|b', 'zed|b', 'amy|c']);
    expect(keys({ annotator: 'zed' })).toEqual(['zed|b']);
    expect(keys({ status: 'completed' }, 2)).toEqual(['amy|b', 'zed|b']);
    expect(keys({ status: 'in_progress' }, 2)).toEqual(['amy|c']);
  });
});
