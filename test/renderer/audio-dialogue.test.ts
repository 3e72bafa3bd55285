/**
 * Potato's audio dialogue on the annotate page in headless Chromium: the recording from the task folder in a
 * player with the configured speeds, the transcript pane at its configured height, each timed turn with its times
 * and a button that plays just that turn (the player jumps to its start, marks it as heard and stops at its end),
 * and the turns' text drawn as text.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRig } from './annotator-rig.js';
import { tempDir } from '../helpers/temp-dir.js';
import { silentWav } from './silent-wav.js';

describe('the audio dialogue', () => {
  test('plays a turn from its button, marks it and stops at its end', async () => {
    const dir = tempDir('marginalia-dialogue-');
    writeFileSync(join(dir, 'ep1.wav'), silentWav(3));
    const { rig, page } = await openRig({
      dir,
      items: [
        {
          id: 'ep1',
          text: 'Episode one',
          talk: {
            audio: 'ep1.wav',
            turns: [
              { turn_id: 't0', speaker: 'host', start: 0, end: 1, text: 'Welcome <b>back</b>.' },
              { turn_id: 't1', speaker: 'guest', start: '00:00:01,200', end: 2, text: 'Glad to be here.' },
            ],
          },
        },
      ],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'quality', labels: ['good', 'poor'] }],
        instance_display: {
          fields: [
            { key: 'text', type: 'text' },
            {
              key: 'talk',
              type: 'audio_dialogue',
              label: 'Transcript',
              display_options: { scroll_height: '240px', playback_rates: [1, 1.5] },
            },
          ],
        },
      },
    });
    const player = page.getByLabel('Recording of Transcript');
    expect(await player.getAttribute('src')).toBe('/api/media/ep1.wav');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration)).toBe(3);
    expect(await page.getByLabel('Speed').locator('option').allInnerTexts()).toEqual(['1×', '1.5×']);
    expect(await page.locator('.dialogue-pane').evaluate((e) => getComputedStyle(e).maxHeight)).toBe('240px');
    expect(await page.locator('.turn-time').allTextContents()).toEqual([
      '▶ Play turn 1 from 0:00–0:01',
      '▶ Play turn 2 from 0:01–0:02',
    ]);
    expect(await page.locator('.audio-dialogue .turn b').allInnerTexts()).toEqual(['host: ', 'guest: ']);
    expect(await page.getByText('Welcome <b>back</b>.').count()).toBe(1);

    await page.getByRole('button', { name: /Play turn 2 from 0:01/ }).click();
    const heard = page.locator('.audio-dialogue .turn[aria-current="true"]');
    await expect.poll(() => heard.innerText()).toContain('Glad to be here.');
    // it stops at the turn's end, between 2 s and the recording's end at 3 s
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused), { timeout: 15_000 }).toBe(true);
    const at = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(at).toBeGreaterThanOrEqual(2);
    expect(at).toBeLessThan(3);
    expect(rig.foreign).toEqual([]);
  }, 90_000);
});
