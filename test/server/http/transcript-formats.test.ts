/**
 * Sidecar transcripts in the formats read besides captions, over real HTTP: a task whose items name SubStation
 * Alpha, Praat TextGrid, ELAN EAF, NIST CTM and Deepgram files, and one plain paragraph, loads with no transcript
 * warning and serves each as timed turns (the paragraph as one untimed turn); the EAF's recording, named relative to
 * the EAF, is served from the task folder.
 */
import { describe, expect, it } from 'vitest';

import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const ass = `[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.50,0:00:02.00,Default,Vera,0,0,0,,Nets are dry{\\i1}, finally{\\i0}.\n`;
const textGrid = `File type = "ooTextFile"\nObject class = "TextGrid"\n\n0\n3\n<exists>\n1\n"IntervalTier"\n"Jonas"\n0\n3\n2\n0\n1.25\n"Who took the oars?"\n1.25\n3\n""\n`;
const eaf = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0">
  <HEADER TIME_UNITS="milliseconds"><MEDIA_DESCRIPTOR MIME_TYPE="audio/x-wav" RELATIVE_MEDIA_URL="../media/pier.wav"/></HEADER>
  <TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="200"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="1400"/></TIME_ORDER>
  <TIER PARTICIPANT="Marit" TIER_ID="marit"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>The pier is iced over.</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
</ANNOTATION_DOCUMENT>`;
const ctm = 'pier A 0.00 0.30 salt\npier A 0.35 0.30 the\npier A 0.70 0.40 steps\npier A 2.00 0.50 done\n';
const deepgram = JSON.stringify({
  results: {
    channels: [{ alternatives: [{ transcript: 'careful now', words: [] }] }],
    utterances: [{ start: 0.1, end: 0.9, speaker: 1, transcript: 'Careful now.' }],
  },
});

const items = [
  { id: 'f1', text: 'ASS', talk: 'captions/f1.ass' },
  { id: 'f2', text: 'TextGrid', talk: 'captions/f2.TextGrid' },
  { id: 'f3', text: 'EAF', talk: { transcript: 'captions/f3.eaf' } },
  { id: 'f4', text: 'CTM', talk: 'captions/f4.ctm' },
  { id: 'f5', text: 'Deepgram', talk: 'captions/f5.json' },
  { id: 'f6', text: 'Paragraph', talk: 'We spoke about the weather and then the boat.' },
];
const config = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', description: 'Ok?', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'talk', type: 'audio_dialogue', label: 'Transcript' },
    ],
  },
};
const files = {
  'captions/f1.ass': ass,
  'captions/f2.TextGrid': textGrid,
  'captions/f3.eaf': eaf,
  'captions/f4.ctm': ctm,
  'captions/f5.json': deepgram,
};

describe('audio dialogue sidecars in ASR, subtitle and alignment formats', () => {
  it('loads without a transcript warning and serves each as timed turns', async () => {
    expect(loadConfig(writeProject({ items, config, files })).warnings.join('\n')).not.toMatch(/field "talk"/);
    const t = await startServer({ items, config, files });
    try {
      const c = await t.client().login('ann');
      const turns = async (id: string) => {
        const block = (await c.get(`/api/display/${id}`)).body.blocks[1];
        expect(block.type).toBe('dialogue');
        return block.turns;
      };
      expect(await turns('f1')).toEqual([{ speaker: 'Vera', text: 'Nets are dry, finally.', start: 0.5, end: 2 }]);
      expect(await turns('f2')).toEqual([{ speaker: 'Jonas', text: 'Who took the oars?', start: 0, end: 1.25 }]);
      expect(await turns('f3')).toEqual([{ speaker: 'Marit', text: 'The pier is iced over.', start: 0.2, end: 1.4 }]);
      const f3 = (await c.get('/api/display/f3')).body.blocks[1];
      expect(f3.audio.source).toEqual({ src: '/api/media/media/pier.wav', remote: false });
      expect(await turns('f4')).toEqual([
        { text: 'salt the steps', start: 0, end: 1.1 },
        { text: 'done', start: 2, end: 2.5 },
      ]);
      expect(await turns('f5')).toEqual([{ speaker: 'speaker_1', text: 'Careful now.', start: 0.1, end: 0.9 }]);
      expect(await turns('f6')).toEqual([{ text: 'We spoke about the weather and then the boat.' }]);
    } finally {
      await t.close();
    }
  });
});
