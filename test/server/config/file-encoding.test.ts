/**
 * Data files in another encoding than UTF-8, as Potato names them: `data_files: [{path, encoding}]`, a file
 * source's `encoding`, `data_directory_encoding`. Their items read as written, over HTTP; an unknown encoding or
 * bytes the encoding cannot hold stop start-up naming the key, and a UTF-8 file still reads as before.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const line = (item: object) => JSON.stringify(item) + '\n';
const latin1 = (text: string) => Buffer.from(text, 'latin1');
// "日本の本" in Shift_JIS, written out byte by byte (Node cannot encode it)
const SHIFT_JIS_TEXT = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x82, 0xcc, 0x96, 0x7b]);

describe('data file encodings', () => {
  it('reads latin-1 JSON lines and a Shift_JIS CSV as written, and serves their text', async () => {
    const files = {
      'old.jsonl': latin1(line({ id: 'l1', text: 'Crème brûlée, plaît-il' })),
      'jp.csv': Buffer.concat([Buffer.from('id,text\nj1,'), SHIFT_JIS_TEXT, Buffer.from('\n')]),
    };
    const config = {
      data_files: [
        { path: 'old.jsonl', encoding: 'latin-1' },
        { path: 'jp.csv', encoding: 'shift_jis' },
      ],
    };
    const t = await startServer({ files, config });
    try {
      expect(t.server.services.config.warnings.join('\n')).not.toMatch(/encoding/);
      const ann = await t.client().login('ann');
      const first = await ann.get('/api/current_instance');
      expect(first.body.text).toBe('Crème brûlée, plaît-il');
      const next = await ann.post('/go_to', { go_to: 'j1' });
      expect(next.body.text).toBe('日本の本');
    } finally {
      await t.close();
    }
  });

  it('reads a file source and a data folder in their encodings', () => {
    const files = {
      'src.jsonl': latin1(line({ id: 's1', text: 'Straße' })),
      'inbox/a.jsonl': latin1(line({ id: 'd1', text: 'Ærø' })),
    };
    const config = loadConfig(
      writeProject({
        files,
        config: {
          data_files: [],
          data_sources: [{ type: 'file', path: 'src.jsonl', encoding: 'iso-8859-1' }],
          data_directory: 'inbox',
          data_directory_encoding: 'latin_1',
        },
      }),
      {},
    );
    expect(config.task.instances.map((i) => [i.id, i.text])).toEqual([
      ['s1', 'Straße'],
      ['d1', 'Ærø'],
    ]);
    expect(config.warnings.join('\n')).not.toMatch(/encoding/);
  });

  it('stops start-up on an unknown encoding or bytes the encoding cannot hold, naming them', () => {
    const load = (encoding: string, bytes: Uint8Array) =>
      loadConfig(
        writeProject({ files: { 'x.jsonl': bytes }, config: { data_files: [{ path: 'x.jsonl', encoding }] } }),
        {},
      );
    expect(() => load('klingon', latin1(line({ id: 'k', text: 'a' })))).toThrow(
      /data_files\[0\]\.encoding: "klingon" is not an encoding this server can read/,
    );
    // an encoding given on a source or a data folder is named there, not by its place among the files read
    const latinFile = { 'a.jsonl': latin1(line({ id: 'a', text: 'Ærø' })), 'in/b.jsonl': latin1(line({ id: 'b' })) };
    const loadWith = (config: Record<string, unknown>) => loadConfig(writeProject({ files: latinFile, config }), {});
    expect(() =>
      loadWith({ data_files: ['a.jsonl'], data_sources: [{ type: 'file', path: 'in/b.jsonl', encoding: 'elvish' }] }),
    ).toThrow(/data_sources\[0\]\.encoding: "elvish" is not an encoding this server can read/);
    expect(() => loadWith({ data_files: ['a.jsonl'], data_directory: 'in', data_directory_encoding: 'runic' })).toThrow(
      /data_directory_encoding: "runic" is not an encoding this server can read/,
    );
    expect(() =>
      loadWith({ data_files: [], data_sources: [{ type: 'file', path: 'in/b.jsonl', encoding: 8859 }] }),
    ).toThrow(/data_sources\[0\]\.encoding: expected the name of an encoding/);
    // a source naming a file data_files reads already: the file is read once, as data_files says, and the
    // source's encoding is warned about, not checked
    const once = loadWith({
      data_files: [{ path: 'a.jsonl', encoding: 'latin-1' }],
      data_sources: [{ type: 'file', path: 'a.jsonl', encoding: 'elvish' }],
    });
    expect(once.task.instances.map((i) => i.text)).toEqual(['Ærø']);
    expect(once.warnings.join('\n')).toMatch(/data_sources\[0\]\.encoding is not acted on: a\.jsonl is read once/);
    // 0x82 0x20 is no Shift_JIS character
    const bad = Buffer.concat([Buffer.from('{"id":"b","text":"'), Buffer.from([0x82, 0x20]), Buffer.from('"}\n')]);
    expect(() => load('shift_jis', bad)).toThrow(/x\.jsonl: is not valid shift_jis text/);
    // without an encoding the same latin-1 file is refused as before, saying it is not UTF-8
    expect(() =>
      loadConfig(
        writeProject({
          files: { 'x.jsonl': latin1(line({ id: 'u', text: 'café' })) },
          config: { data_files: ['x.jsonl'] },
        }),
        {},
      ),
    ).toThrow(/is not valid UTF-8 text/);
  });
});
