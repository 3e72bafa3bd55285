/**
 * Potato's audio dialogue with transcripts in other formats, on the annotate page in headless Chromium: an item
 * whose turns are a WebVTT text and one whose transcript is a TTML sidecar file in the task folder both show their
 * turns with speakers and times, a turn's button plays just that turn, and a per-turn question bound by speaker is
 * asked under that speaker's turns and saved by turn.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openRig } from './annotator-rig.js';
import { allSaved } from './browser.js';
import { tempDir } from '../helpers/temp-dir.js';
import { silentWav } from './silent-wav.js';

const vtt =
  'WEBVTT\n\n00:00.000 --> 00:01.000\n<v Mina>Is the ferry late?\n\n00:01.200 --> 00:02.000\n<v Oskar>By an hour.\n';
const ttml = `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"><body><div>
<p begin="00:00:00.000" end="00:00:01.000" ttm:agent="Oskar">Tickets, please.</p>
<p begin="1.2s" end="2s" ttm:agent="Mina">Here you are.</p>
</div></body></tt>`;

const slotIds = (page: Page) =>
  page
    .locator('.turn-questions:has(.turn-question[data-scheme="turn_kind"])')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turn));
const chip = (page: Page, turn: string, label: string) =>
  page.locator(`.turn-questions[data-turn="${turn}"] .turn-question[data-scheme="turn_kind"] button`, {
    hasText: label,
  });

describe('the audio dialogue with WebVTT and sidecar transcripts', () => {
  test('shows both as timed turns with speakers, plays a turn, and binds per-turn questions', async () => {
    const dir = tempDir('marginalia-dialogue-formats-');
    writeFileSync(join(dir, 'ep.wav'), silentWav(3));
    mkdirSync(join(dir, 'captions'));
    writeFileSync(join(dir, 'captions', 'ep2.ttml'), ttml);
    const { rig, page, api } = await openRig({
      dir,
      items: [
        { id: 'ep1', text: 'Episode one', talk: { audio: 'ep.wav', turns: vtt } },
        { id: 'ep2', text: 'Episode two', talk: { audio: 'ep.wav', transcript: 'captions/ep2.ttml' } },
      ],
      config: {
        annotation_schemes: [
          {
            annotation_type: 'multiselect',
            name: 'turn_kind',
            description: 'Kind',
            labels: ['question', 'answer'],
            turn_level: true,
            turn_binding: { field: 'talk', speakers: ['Mina'] },
          },
          { annotation_type: 'radio', name: 'overall', description: 'Clear?', labels: ['yes', 'no'] },
        ],
        instance_display: {
          fields: [
            { key: 'text', type: 'text' },
            { key: 'talk', type: 'audio_dialogue', label: 'Transcript' },
          ],
        },
      },
    });
    const times = () => page.locator('.turn-time').allTextContents();
    const speakers = () => page.locator('.audio-dialogue .turn b').allInnerTexts();

    await page.locator('.turn-questions').first().waitFor();
    expect(await times()).toEqual(['▶ Play turn 1 from 0:00–0:01', '▶ Play turn 2 from 0:01–0:02']);
    expect(await speakers()).toEqual(['Mina: ', 'Oskar: ']);
    expect(await slotIds(page)).toEqual(['t0']);
    const player = page.getByLabel('Recording of Transcript');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration)).toBe(3);
    await page.getByRole('button', { name: /Play turn 2 from 0:01/ }).click();
    await expect
      .poll(() => page.locator('.audio-dialogue .turn[aria-current="true"]').innerText())
      .toContain('By an hour.');
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.paused), { timeout: 15_000 }).toBe(true);
    const at = await player.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(at).toBeGreaterThanOrEqual(2);
    expect(at).toBeLessThan(3);
    await chip(page, 't0', 'question').click();
    await page.locator('fieldset[data-scheme="overall"] input[value="yes"]').check();
    await page.locator('form.schemes button[type="submit"]').click();

    await page.getByTestId('instance-text').getByText('Episode two').waitFor();
    await page.locator('.turn-questions').first().waitFor();
    expect(await speakers()).toEqual(['Oskar: ', 'Mina: ']);
    expect(await times()).toEqual(['▶ Play turn 1 from 0:00–0:01', '▶ Play turn 2 from 0:01–0:02']);
    expect(await slotIds(page)).toEqual(['t1']);
    await chip(page, 't1', 'answer').click();
    await page.locator('fieldset[data-scheme="overall"] input[value="no"]').check();
    await page.locator('form.schemes button[type="submit"]').click();
    await allSaved(page);

    const saved = async (id: string) =>
      JSON.parse((await api.get(`/get_annotations?instance_id=${id}`)).body.annotations['turn_kind:_data']).turns;
    await expect.poll(() => saved('ep1')).toEqual({ t0: { values: ['question'], speaker: 'Mina' } });
    await expect.poll(() => saved('ep2')).toEqual({ t1: { values: ['answer'], speaker: 'Mina' } });
    expect(rig.foreign).toEqual([]);
  }, 120_000);
});
