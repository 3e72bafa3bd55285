/**
 * An audio dialogue's speaker assignment on the annotate page in headless Chromium against the real server: a
 * labelled select under each turn offering the display's speakers by name, the item's own and "Unassigned", chosen
 * by keyboard; an "Add speaker" form adding one to the answer's roster and giving it the turn; both saved as
 * Potato's `<field>_speakers:_data` document and shown again after a reload; no sideways scroll at 360 px; and no
 * widget when the display sets `allow_speaker_assignment: false`.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, startRig, tabTo, unnamedControls, type BrowserRig } from './browser.js';
import { openAnnotator, openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const turns = [
  { turn_id: 'u0', start: 0, end: 2, text: 'Hello and welcome.' },
  { turn_id: 'u1', start: 2, end: 4, text: 'Glad to be on the show.' },
  { turn_id: 'u2', start: 4, end: 6, speaker: 'producer', text: 'We are rolling.' },
];
const ITEMS = [1, 2].map((n) => ({ id: `e${n}`, text: `Episode ${n}`, talk: { audio: '', turns } }));
const config = (options: Record<string, unknown> = {}) => ({
  annotation_schemes: [{ annotation_type: 'radio', name: 'overall', description: 'Good?', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      {
        key: 'talk',
        type: 'audio_dialogue',
        label: 'Transcript',
        display_options: {
          // a name that would be markup if it were drawn as HTML
          speakers: [
            { id: 'host', name: 'Host <b>One</b>', side: 'left' },
            { id: 'guest', name: 'Guest', side: 'right' },
          ],
          ...options,
        },
      },
    ],
  },
});

let rig: BrowserRig;
let page: Page;
let api: Client;
const speakerOf = (turn: string) => page.getByRole('combobox', { name: `Speaker of turn ${turn}` });

describe('speaker assignment on the annotate page', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: config() }));
  });

  test('assigns by keyboard, adds a speaker, saves both and shows them after a reload', async () => {
    await speakerOf('u0').waitFor();
    expect(await unnamedControls(page)).toEqual([]);
    const options = await speakerOf('u0')
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options).toEqual([
      ['', 'Unassigned'],
      ['host', 'Host <b>One</b>'],
      ['guest', 'Guest'],
      ['producer', 'producer'],
    ]);
    expect(await speakerOf('u2').inputValue()).toBe('producer'); // the item's own speaker until one is chosen
    // the speaker of u0 chosen from the keyboard: Tab to its select, then an arrow key
    await tabTo(page, 'select[aria-label="Speaker of turn u0"]');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => speakerOf('u0').inputValue()).toBe('host');

    // a new speaker for u1: its id derived from the name, on the right
    const u1 = page.locator('.turn-questions[data-turn="u1"]');
    await u1.getByText('Add speaker').click();
    await u1.getByLabel('Name').fill('Co-host Ann');
    await u1.getByLabel('Side').selectOption('right');
    await u1.getByLabel('Name').press('Enter');
    await expect.poll(() => speakerOf('u1').inputValue()).toBe('co_host_ann');
    expect(await speakerOf('u0').locator('option[value="co_host_ann"]').textContent()).toBe('Co-host Ann');

    await page.locator('fieldset[data-scheme="overall"] input[value="yes"]').check();
    await page.locator('form.schemes button[type="submit"]').click();
    await page.getByTestId('instance-text').getByText('Episode 2').waitFor();
    await allSaved(page);
    const saved = (await api.get('/get_annotations?instance_id=e1')).body.annotations;
    expect(JSON.parse(saved['talk_speakers:_data'])).toEqual({
      v: 1,
      schema_type: 'speaker_assignment',
      turns: { u0: { speaker: 'host' }, u1: { speaker: 'co_host_ann' } },
      roster: { co_host_ann: { name: 'Co-host Ann', side: 'right' } },
    });

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.locator('button[aria-keyshortcuts="ArrowLeft"]').click();
    await page.getByTestId('instance-text').getByText('Episode 1').waitFor();
    await expect.poll(() => speakerOf('u0').inputValue()).toBe('host');
    expect(await speakerOf('u1').inputValue()).toBe('co_host_ann');
    expect(await speakerOf('u2').inputValue()).toBe('producer');
    expect(rig.slips).toEqual([]);
  });

  test('at 360 px the open Add speaker form does not make the page scroll sideways', async () => {
    const phone = (await openAnnotator(rig, 'pat', { width: 360, height: 740 })).page;
    const u0 = phone.locator('.turn-questions[data-turn="u0"]');
    await u0.getByText('Add speaker').click();
    await u0.getByLabel('Name').waitFor();
    const extra = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(extra).toBe(0);
    await phone.close();
  });

  test('allow_speaker_assignment: false shows no speaker select', async () => {
    const other = await startRig({ items: ITEMS, config: config({ allow_speaker_assignment: false }) });
    const p = (await openAnnotator(other, 'ann')).page;
    await p.getByText('We are rolling.').waitFor();
    expect(await p.locator('.turn-speaker, .add-speaker').count()).toBe(0);
    expect(await p.locator('form.schemes').innerText()).toContain('Good?');
  });
});
