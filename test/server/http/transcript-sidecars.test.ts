/**
 * An audio dialogue's transcript in a sidecar file of the task folder, over real HTTP: a TTML file named under
 * Potato's `transcript` key and a SubRip file named as the whole value load and are served as timed turns; a
 * missing file and a value in no format read here are warned about at load and shown as text, a plain paragraph is
 * one untimed turn; a path leaving the task folder stops the load naming the item and field;
 * `transcript_is_path: false` keeps a path-like value inline.
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const ttml = `<?xml version="1.0"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata">
  <body><div>
    <p begin="00:00:00.000" end="00:00:01.500" ttm:agent="keeper">Lamp is lit.</p>
    <p begin="1.5s" end="3s" ttm:agent="pilot">Bringing her in.</p>
  </div></body>
</tt>`;
const srt = '1\n00:00:00,500 --> 00:00:02,000\nNell: Ropes ready?\n\n2\n00:00:02,000 --> 00:00:03,000\nAye.\n';

const items = [
  { id: 'e1', text: 'Lighthouse', talk: { audio: 'media/e1.wav', transcript: 'captions/e1.ttml' } },
  { id: 'e2', text: 'Dock', talk: 'captions/e2.srt' },
  { id: 'e3', text: 'Lost', talk: { audio: 'media/e3.wav', transcript: 'captions/gone.vtt' } },
  { id: 'e4', text: 'Prose', talk: 'Everyone spoke at once and nobody wrote down when.' },
  { id: 'e5', text: 'Odd', talk: { transcript: '{"speakers": 2}' } },
];
const config = (options: Record<string, unknown> = {}) => ({
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', description: 'Ok?', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'talk', type: 'audio_dialogue', label: 'Transcript', display_options: options },
    ],
  },
});
const files = { 'captions/e1.ttml': ttml, 'captions/e2.srt': srt };

describe('audio dialogue sidecar transcripts', () => {
  it('loads sidecar files in any format read and serves their timed turns', async () => {
    const t = await startServer({ items, config: config(), files });
    try {
      const c = await t.client().login('ann');
      const e1 = (await c.get('/api/display/e1')).body.blocks[1];
      expect(e1.type).toBe('dialogue');
      expect(e1.turns).toEqual([
        { speaker: 'keeper', text: 'Lamp is lit.', start: 0, end: 1.5 },
        { speaker: 'pilot', text: 'Bringing her in.', start: 1.5, end: 3 },
      ]);
      expect(e1.audio.source).toEqual({ src: '/api/media/media/e1.wav', remote: false });
      const e2 = (await c.get('/api/display/e2')).body.blocks[1];
      expect(e2.turns).toEqual([
        { speaker: 'Nell', text: 'Ropes ready?', start: 0.5, end: 2 },
        { text: 'Aye.', start: 2, end: 3 },
      ]);
      // a missing sidecar shows its path as text, as Potato does; a paragraph is one untimed turn, as in Potato;
      // a JSON value in no format read shows as text
      expect((await c.get('/api/display/e3')).body.blocks[1]).toMatchObject({ type: 'text' });
      expect((await c.get('/api/display/e3')).body.blocks[1].text).toContain('captions/gone.vtt');
      expect((await c.get('/api/display/e4')).body.blocks[1].turns).toEqual([
        { text: 'Everyone spoke at once and nobody wrote down when.' },
      ]);
      expect((await c.get('/api/display/e5')).body.blocks[1].type).toBe('text');
    } finally {
      await t.close();
    }
  });

  it('warns at load about a missing sidecar and a value in no format read, naming the item and field', () => {
    const warned = loadConfig(writeProject({ items, config: config(), files })).warnings.join('\n');
    expect(warned).toMatch(
      /item "e3", field "talk": the transcript file captions\/gone\.vtt is not in the task folder.*the path is shown as text/,
    );
    expect(warned).toMatch(
      /item "e5", field "talk": the value is neither a turn list nor a transcript .*shown as text/,
    );
    expect(warned).not.toMatch(/"e1"|"e2"|"e4"/);
  });

  it('refuses a sidecar path that leaves the task folder, naming the item and field', () => {
    const file = writeProject({
      items: [{ id: 'x1', text: 'Escape', talk: { audio: 'a.wav', transcript: '../outside.srt' } }],
      config: config(),
    });
    writeFileSync(join(dirname(file), '..', 'outside.srt'), srt);
    expect(() => loadConfig(file)).toThrow(
      /item "x1", field "talk": the transcript path \.\.\/outside\.srt leaves the task folder/,
    );
  });

  it('keeps a path-like value inline with transcript_is_path: false, and reads any string as a path with true', async () => {
    const t = await startServer({ items, config: config({ transcript_is_path: false }), files });
    try {
      const c = await t.client().login('ann');
      expect((await c.get('/api/display/e2')).body.blocks[1].turns).toEqual([{ text: 'captions/e2.srt' }]);
    } finally {
      await t.close();
    }
    const forced = loadConfig(writeProject({ items, config: config({ transcript_is_path: true }), files }));
    expect(forced.warnings.join('\n')).toMatch(/item "e4", field "talk": the transcript file Everyone spoke/);
  });
});
