/**
 * An audio clip and a video clip named by paths relative to the task folder load on the annotate page, and each is
 * classified with an ordinary radio scheme by keyboard: the answer reaches the server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, progress, type BrowserRig } from './browser.js';
import { openRig, type AnnotatorRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';
import { tempDir } from '../helpers/temp-dir.js';
import { silentWav } from './silent-wav.js';

let rig: BrowserRig;
let page: Page;
let api: Client;

describe('an audio item', () => {
  beforeAll(async () => {
    const dir = tempDir('marginalia-audio-');
    writeFileSync(join(dir, 'clip.wav'), silentWav());
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

/**
 * Two thirds of a second of a 64×48 video that flips between red and blue, encoded by the browser's own WebM
 * recorder (no video tool is needed on the machine, and the file is a real encoder's output).
 */
async function webm(rig: BrowserRig): Promise<Buffer> {
  const recorder = await rig.browser.newPage();
  const base64 = await recorder.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
    const g = canvas.getContext('2d')!;
    const recording = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const parts: Blob[] = [];
    recording.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((r) => (recording.onstop = r));
    recording.start();
    let n = 0;
    const draw = setInterval(() => {
      g.fillStyle = n++ % 2 ? '#c00' : '#00c';
      g.fillRect(0, 0, 64, 48);
    }, 50);
    await new Promise((r) => setTimeout(r, 650));
    recording.stop();
    await stopped;
    clearInterval(draw);
    const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
    return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
  });
  await recorder.close();
  return Buffer.from(base64, 'base64');
}

describe('a video item', () => {
  let video: AnnotatorRig;

  beforeAll(async () => {
    const dir = tempDir('marginalia-video-');
    video = await openRig(
      {
        dir,
        items: [1, 2].map((n) => ({ id: `v${n}`, text: `Video ${n}`, clip: 'clips/flash.webm' })),
        config: {
          instance_display: {
            fields: [
              { key: 'clip', type: 'video', label: 'Clip' },
              { key: 'text', type: 'text' },
            ],
          },
          annotation_schemes: [{ annotation_type: 'radio', name: 'flashing', labels: ['yes', 'no'] }],
        },
      },
      async (rig) => {
        mkdirSync(join(dir, 'clips'));
        writeFileSync(join(dir, 'clips', 'flash.webm'), await webm(rig));
      },
    );
  });

  test('loads from a folder of the task and is classified by keyboard', async () => {
    const { page, api, rig } = video;
    const clip = page.locator('video.display-video');
    expect(await clip.getAttribute('src')).toBe('/api/media/clips/flash.webm');
    // the file the server sent is decoded: the browser knows the picture's size from it
    await expect
      .poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && [v.videoWidth, v.videoHeight]))
      .toEqual([64, 48]);
    await page.keyboard.press('1'); // yes
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    expect((await api.get('/get_annotations?instance_id=v1')).body.annotations).toEqual({ 'flashing:yes': 'true' });
    expect(rig.foreign).toEqual([]);
  });
});
