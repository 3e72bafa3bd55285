/**
 * Search in headless Chromium: an annotator reaches the box with `/`, searches their list by a word of the text
 * and of their own answers, moves through the results with the arrows and jumps to one with Enter; an admin
 * searches every item and answer from the dashboard's Search panel and opens a result.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPanel, progress, startRig, type BrowserRig } from './browser.js';

const PASSWORD = 'correct-horse';
const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'why' },
];
const ITEMS = [
  { id: 'a1', text: 'The kettle boils fast.' },
  { id: 'a2', text: 'The toaster burns everything.' },
  { id: 'a3', text: 'Another kettle, this one leaks.' },
  { id: 'a4', text: 'A fridge that hums all night.' },
  { id: 'a5', text: 'The kettle lid is loose.' },
];

let rig: BrowserRig;
/** other sessions share the machine: a page may take seconds to answer */
const WAIT = { timeout: 10_000 };
const instanceId = (p: Page) => p.locator('.annotate-top > .instance-id').innerText();
const hits = (p: Page) => p.getByTestId('search-results').locator('.search-hit .instance-id').allInnerTexts();
const focusedHit = (p: Page) =>
  p.evaluate(() => document.activeElement?.closest('.search-hit')?.querySelector('.instance-id')?.textContent ?? null);

describe('search', () => {
  beforeAll(async () => {
    rig = await startRig({ config: { annotation_schemes: SCHEMES }, items: ITEMS });
    const bob = await rig.t.client().login('bob', PASSWORD);
    await bob.post('/updateinstance', { instance_id: 'a2', annotations: { 'sentiment:negative': 'true' } });
  });

  test('an annotator finds items of their list by keyboard and jumps to one', async () => {
    await rig.t.client().login('ann', PASSWORD); // registers her
    const page = await rig.signedIn('ann', PASSWORD, '/');
    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page), WAIT).toMatch(/^Instance 1 of 5/);

    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('own-search');
    await page.keyboard.type('kettle');
    await page.keyboard.press('Enter');
    await expect.poll(() => hits(page), WAIT).toEqual(['a1', 'a3', 'a5']);
    await expect.poll(() => focusedHit(page), WAIT).toBe('a1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedHit(page)).toBe('a5');
    await page.keyboard.press('ArrowUp');
    expect(await focusedHit(page)).toBe('a3');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page), WAIT).toMatch(/^Instance 3 of 5/);
    expect(await instanceId(page)).toBe('a3');
    expect(await page.getByTestId('search-results').count()).toBe(0);

    // their own typed answer is found; another annotator's label is not
    await page.locator('fieldset[data-scheme="why"] textarea').fill('dripping spout');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page), WAIT).toMatch(/^Instance 4 of 5/);
    await expect.poll(() => page.getByTestId('save-state').innerText(), WAIT).toBe('All answers saved');
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('spout');
    await page.keyboard.press('Enter');
    await expect.poll(() => hits(page), WAIT).toEqual(['a3']);
    expect(await page.getByTestId('search-results').innerText()).toContain('in your answers');
    await page.keyboard.press('Escape'); // back to the box
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('own-search');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('negative');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing found' }).count(), WAIT).toBe(1);
  });

  test('an admin searches every item and answer from the dashboard and opens a result', async () => {
    const page = await rig.open('/#/admin');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await openPanel(page, 'Search');
    await page.getByLabel('Search items and answers').fill('negative toaster');
    await page.keyboard.press('Enter');
    await expect.poll(() => hits(page), WAIT).toEqual(['a2']);
    expect(await page.getByTestId('search-results').innerText()).toContain('in the answers of bob');
    await page.keyboard.press('Enter'); // the first result has the focus
    const dialog = page.getByRole('dialog', { name: 'Instance a2' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('item-answers').innerText()).toContain('negative');
  });
});
