/**
 * Long texts and long tokens in headless Chromium: the form stays in view while a long text scrolls, the span
 * picker opens next to a selection far down, `s` starts at the first word in view and the page follows the
 * cursor, a 500-character token wraps in the text and in the dashboard's table, and right-to-left text runs
 * right to left.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig } from './browser.js';
import { openAnnotator } from './annotator-rig.js';
import { dragOver } from './select-text.js';

const LONG = Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1} says the delivery came on day ${i + 2}.`).join(
  '\n',
);
const TOKEN = `https://example.org/${'a1b2c3d4e5'.repeat(48)}`;
const RTL = 'המשלוח הגיע מאוחר אבל המוצר טוב.';
let rig: BrowserRig;

const annotator = async (name: string, viewport?: { width: number; height: number }) =>
  (await openAnnotator(rig, name, viewport)).page;

const inWindow = (p: Page, selector: string) =>
  p
    .locator(selector)
    .last()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });

describe('long texts and long tokens', () => {
  beforeAll(async () => {
    rig = await startRig({
      items: [
        { id: 'long', text: LONG },
        { id: 'token', text: `See ${TOKEN} for the receipt.` },
        { id: 'rtl', text: RTL },
      ],
    });
  });

  test('the Submit button stays on screen at the bottom of a long text', async () => {
    const page = await annotator('lena');
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 3)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await inWindow(page, 'button[type=submit]')).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    expect(await inWindow(page, 'button[type=submit]')).toBe(true);
  });

  test('the span picker opens right below a selection far down the text', async () => {
    const page = await annotator('pia');
    const word = 'Paragraph 100 says';
    const at = LONG.indexOf(word);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.75));
    // bring the words into view the way a reader would, then drag over them
    await page.evaluate((offset) => {
      const root = document.querySelector('[data-testid="instance-text"]')!;
      const node = root.firstChild!.firstChild!;
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      window.scrollBy(0, range.getBoundingClientRect().top - window.innerHeight / 2);
    }, at);
    await dragOver(page, at, at + word.length);
    expect(await page.locator('.span-picker q').innerText()).toBe(word);
    const gap = await page.evaluate(() => {
      const marks = document.querySelectorAll('.selection-mark');
      const sel = marks[marks.length - 1].getBoundingClientRect();
      const picker = document.querySelector('.span-picker')!.getBoundingClientRect();
      return picker.top - sel.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(40);
    expect(await inWindow(page, '.span-picker')).toBe(true);
    await page.keyboard.press('Escape');
  });

  test('s starts at the first word in view, and the page follows the cursor', async () => {
    const page = await annotator('sol');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('s');
    await page.locator('.span-picker').waitFor();
    // the selection is where the reader is: the page did not jump back to the text's first word
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(300);
    expect(await inWindow(page, '.selection-mark')).toBe(true);
    for (let i = 0; i < 200; i++) await page.keyboard.press('ArrowRight'); // well past the bottom of the window
    expect(await inWindow(page, '.selection-mark')).toBe(true);
    await page.keyboard.press('Escape');
  });

  test('a 500-character token wraps inside the text box and the dashboard table at 1280 px', async () => {
    const page = await annotator('tom');
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toContain(TOKEN);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const box = await page.getByTestId('instance-text').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(box).toBeLessThanOrEqual(0);

    const admin = await rig.open('/#/admin/instances');
    await admin.getByLabel('Admin API key').fill(rig.t.adminKey);
    await admin.getByRole('button', { name: 'Open dashboard' }).click();
    const table = admin.getByTestId('instances-table');
    await table.waitFor();
    await expect.poll(() => table.innerText()).toContain('https://example.org/');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(
      await admin
        .locator('.table-wrap')
        .filter({ has: table })
        .evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('right-to-left text runs right to left', async () => {
    const page = await annotator('noa');
    await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toContain(TOKEN);
    await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toBe(RTL);
    expect(await page.getByTestId('instance-text').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  });
});
