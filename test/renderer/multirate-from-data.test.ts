/**
 * A multirate scheme whose rows are each item's own (`options_from_data`) in headless Chromium: each item shows
 * its own steps as rows, a rating is stored under the step's text, and an item without the list says so.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, progress, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

let page: Page;
let api: Client;
const rows = () => page.locator('fieldset[data-scheme="steps"] tbody th').allInnerTexts();
const next = async (to: RegExp) => {
  await page.locator('body').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => progress(page)).toMatch(to);
};

describe('multirate rows read from each item', () => {
  beforeAll(async () => {
    ({ page, api } = await openRig({
      items: [
        {
          id: 'inv1',
          text: 'Trace one',
          step_summaries: ['Read the invoice', 'Sum the line items', 'Report the total'],
        },
        { id: 'inv2', text: 'Trace two', step_summaries: [{ label: 'List the files' }, 'Delete the <b>log</b>'] },
        { id: 'inv3', text: 'Trace three' },
      ],
      config: {
        annotation_schemes: [
          {
            annotation_type: 'multirate',
            name: 'steps',
            description: 'How sound is each step?',
            options_from_data: 'step_summaries',
            labels: ['Wrong', 'Sound'],
          },
        ],
      },
    }));
  });

  test("shows each item's own rows and stores each rating under its step", async () => {
    expect(await rows()).toEqual(['Read the invoice', 'Sum the line items', 'Report the total']);
    expect(await unnamedControls(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Sum the line items: Wrong' }).check();
    await page.getByRole('radio', { name: 'Report the total: Sound' }).check();
    await next(/^Instance 2 of 3/);
    expect(await rows()).toEqual(['List the files', 'Delete the <b>log</b>']);
    expect(await page.locator('fieldset[data-scheme="steps"] b').count()).toBe(0);
    await page.getByRole('radio', { name: 'Delete the <b>log</b>: Sound' }).check();
    await next(/^Instance 3 of 3/);
    expect(await page.locator('fieldset[data-scheme="steps"]').innerText()).toContain(
      'This item has nothing to rate: its “step_summaries” list is empty or missing.',
    );
    await allSaved(page);
    expect((await api.get('/get_annotations?instance_id=inv1')).body.annotations).toEqual({
      'steps:Report the total': 'Sound',
      'steps:Sum the line items': 'Wrong',
    });
    expect((await api.get('/get_annotations?instance_id=inv2')).body.annotations).toEqual({
      'steps:Delete the <b>log</b>': 'Sound',
    });
  });
});
