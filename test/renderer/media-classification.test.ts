/**
 * An audio clip named by a path relative to the task folder plays on the annotate page, and the clip is classified
 * with an ordinary radio scheme by keyboard: the answer reaches the server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, progress, type BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A quarter second of 16-bit mono silence at 8 kHz, as a WAV file. */
function wav(): Buffer {
  const samples = 2000;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

let rig: BrowserRig;
let page: Page;
let api: Client;

describe('an audio item', () => {
  beforeAll(async () => {
    const dir = tempDir('marginalia-audio-');
    writeFileSync(join(dir, 'clip.wav'), wav());
    ({ rig, page, api } = await openRig({
      dir,
      items: [1, 2].map((n) => ({ id: `c${n}`, text: `Clip ${n}`, clip: 'clip.wav' })),
      config: {
        instance_display: {
          fields: [
            { key: 'clip', type: 'audio', label: 'Recording' },
            { key: 'text', type: 'text' },
          ],
        },
        annotation_schemes: [{ annotation_type: 'radio', name: 'speech', labels: ['speech', 'silence'] }],
      },
    }));
  });

  test('plays from the task folder and is classified by keyboard', async () => {
    const audio = page.locator('audio.display-audio');
    expect(await audio.getAttribute('src')).toBe('/api/media/clip.wav');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration)).toBe(0.25);
    await page.keyboard.press('2'); // silence
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    expect((await api.get('/get_annotations?instance_id=c1')).body.annotations).toEqual({
      'speech:silence': 'true',
    });
    expect(rig.foreign).toEqual([]);
  });
});
