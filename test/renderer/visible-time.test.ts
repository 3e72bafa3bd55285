/**
 * Visible time in headless Chromium: time on an item counts only while the tab is visible. Headless Chromium
 * keeps every tab visible, so the test turns the tab hidden and back the way a browser does it for the page —
 * document.visibilityState changes and a visibilitychange event fires — and reads what the server stored.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, openPanel, progress, startRig, type BrowserRig } from './browser.js';

const PASSWORD = 'correct-horse';
const WAIT = { timeout: 10_000 };
let rig: BrowserRig;

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

const stored = (id: string) => rig.t.server.services.itemTimes.get('vic', id);

describe('visible time', () => {
  beforeAll(async () => {
    rig = await startRig();
  });

  test('a hidden tab adds no time; leaving the item reports the rest and one visit', async () => {
    await rig.t.client().login('vic', PASSWORD);
    // the page's clock runs as usual, and the test moves it on instead of waiting: a minute hidden costs nothing
    const context = await rig.browser.newContext();
    await context.clock.install();
    const page = await context.newPage();
    const pageNow = () => page.evaluate(() => performance.now());
    await page.goto(rig.t.url + '/');
    const opened = await pageNow(); // the page counts from when it shows the item, after this
    await logIn(page, 'vic', PASSWORD);
    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page), WAIT).toMatch(/^Instance 1 of/);
    await page.clock.fastForward(1500);

    // hiding the tab reports the time so far at once
    await setHidden(page, true);
    await expect.poll(() => stored('item-1')?.ms ?? 0, WAIT).toBeGreaterThanOrEqual(1500);
    const atHide = stored('item-1')!;
    expect(atHide.ms).toBeLessThanOrEqual((await pageNow()) - opened);
    expect(atHide.visits).toBe(1);
    // a minute hidden, the 30 s report falling due twice in it: nothing is added
    await page.clock.fastForward(60_000);
    expect(stored('item-1')!.ms).toBe(atHide.ms);

    const back = await pageNow();
    await setHidden(page, false);
    await page.clock.fastForward(500);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page), WAIT).toMatch(/^Instance 2 of/);
    await expect.poll(() => stored('item-1')!.ms, WAIT).toBeGreaterThan(atHide.ms);
    const after = stored('item-1')!;
    const added = after.ms - atHide.ms;
    expect(added).toBeGreaterThanOrEqual(500);
    expect(added).toBeLessThanOrEqual((await pageNow()) - back); // the minute hidden is not in it
    expect(after.visits).toBe(1);
    expect(after.changes.map(([, key, value]) => [key, value])).toEqual([['sentiment:positive', 'true']]);
  });

  test("the dashboard's Time panel shows each annotator's median and the slowest items", async () => {
    const page = await rig.open('/#/admin');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await openPanel(page, 'Time');
    const perAnnotator = page.getByRole('table', { name: 'Time per annotator' });
    await perAnnotator.waitFor();
    const row = await perAnnotator.locator('tbody tr').first().innerText();
    expect(row).toMatch(/^vic\t1\t\d+\.\d s\t\d+\.\d s\t1\t1$/);
    expect(await page.getByRole('table', { name: 'Slowest items' }).locator('tbody th').allInnerTexts()).toEqual([
      'item-1',
    ]);
  });
});
