/**
 * The annotate screen end to end in headless Chromium against the real server: every scheme type answered by
 * keyboard and stored through the API, spans by keyboard and by mouse (and removed), navigation, progress,
 * the keymap overlay, and the work still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, startRig, tabTo, unnamedControls, type BrowserRig, progress } from './browser.js';
import { dragOver } from './select-text.js';
import type { Client } from '../helpers/client.js';

const PASSWORD = 'correct-horse';
let rig: BrowserRig;
let page: Page;
let api: Client;

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('annotate screen', () => {
  beforeAll(async () => {
    rig = await startRig({
      config: { keyword_highlights_file: 'keywords.tsv' },
      files: { 'keywords.tsv': 'Word\tLabel\tSchema\nslow\tnegative\tsentiment\n' },
    });
    api = await rig.t.client().login('alice', PASSWORD);
    page = await rig.signedIn('alice', PASSWORD, '/');
    await page.getByTestId('instance-text').waitFor();
  });

  test('the login page and the first item load with no console error and no file missing', async () => {
    expect(rig.slips).toEqual([]);
    expect((await rig.t.client().get('/favicon.ico')).status).toBe(200);
  });

  test('shows the first instance with its keyword highlight, every scheme and the progress', async () => {
    expect(await page.getByTestId('instance-text').innerText()).toBe(
      'Item 1: the product was great but shipping was slow.',
    );
    const keyword = page.locator('mark.keyword-mark');
    expect(await keyword.innerText()).toBe('slow');
    expect(await keyword.getAttribute('title')).toBe('keyword: negative');
    const colors = (await api.get('/api/colors')).body;
    expect(await keyword.evaluate((m) => getComputedStyle(m).textDecorationColor)).toBe(
      hexToRgb(colors.sentiment.negative),
    );
    expect(await progress(page)).toMatch(/^Instance 1 of 10 · 0 annotated · 10 left$/);
    for (const name of ['sentiment', 'topics', 'helpful', 'kind', 'note', 'stars', 'confidence']) {
      await expect.poll(() => page.locator(`fieldset[data-scheme="${name}"]`).count()).toBe(1);
    }
    // label keys in Potato's sequential order: 1–0 then q–p
    expect(await page.locator('fieldset[data-scheme="sentiment"] .label-key').allInnerTexts()).toEqual(['1', '2', '3']);
    expect(await page.locator('fieldset[data-scheme="helpful"] .label-key').allInnerTexts()).toEqual([
      '6',
      '7',
      '8',
      '9',
      '0',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('? shows the keymap and Escape closes it', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('sentiment: positive');
    expect(await dialog.innerText()).toContain('Submit and go to the next instance');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('every scheme type and two spans by keyboard and mouse, stored through the API', async () => {
    await page.keyboard.press('1'); // sentiment: positive
    await page.keyboard.press('4'); // topics: price
    await page.keyboard.press('5'); // topics: quality
    await page.keyboard.press('8'); // helpful: 3
    await page.keyboard.press('w'); // kind: b
    expect(await page.locator('fieldset[data-scheme="sentiment"] input[value="positive"]').isChecked()).toBe(true);
    expect(await page.locator('fieldset[data-scheme="kind"] select').inputValue()).toBe('b');

    await tabTo(page, 'fieldset[data-scheme="note"] textarea');
    await page.keyboard.type('slow shipping');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4'); // stars
    await page.keyboard.press('Tab');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight'); // confidence 50 → 53
    await page.keyboard.press('Escape');

    // span by keyboard: s selects the first word, → moves a word, Shift+→ extends, 1 labels it
    await page.keyboard.press('s');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await page.locator('.span-picker q').innerText()).toBe('the product');
    await page.keyboard.press('1');
    // span by mouse over "great", labelled with its key
    await dragOver(page, 24, 29);
    expect(await page.locator('.span-picker q').innerText()).toBe('great');
    await page.keyboard.press('2');
    expect(await page.locator('.span-list li').allInnerTexts()).toEqual([
      expect.stringContaining('the product'),
      expect.stringContaining('great'),
    ]);
    expect(
      await page.locator('mark[data-label]').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-label'))),
    ).toEqual(['pos', 'neg']);
    await rig.screenshot(page, 'annotate-screen');

    await page.keyboard.press('Enter'); // submit and advance
    await expect.poll(() => progress(page)).toBe('Instance 2 of 10 · 1 annotated · 9 left');
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server

    const stored = (await api.get('/get_annotations?instance_id=item-1')).body;
    expect(stored.annotations).toEqual({
      'sentiment:positive': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
      'helpful:3': 'true',
      'kind:b': 'true',
      'note:text': 'slow shipping',
      'stars:value': '4',
      'confidence:value': '53',
    });
    expect(
      stored.span_annotations.map((s: { schema: string; name: string; start: number; end: number; text: string }) => [
        s.schema,
        s.name,
        s.start,
        s.end,
        s.text,
      ]),
    ).toEqual([
      ['evidence', 'pos', 8, 19, 'the product'],
      ['evidence', 'neg', 24, 29, 'great'],
    ]);
  });

  test('arrows and [ ] move, n jumps to the next unannotated, and moving saves changes', async () => {
    await page.keyboard.press(']');
    await expect.poll(() => progress(page)).toMatch(/^Instance 3 of 10/);
    await page.keyboard.press('3'); // neutral, saved by moving on
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 10 · 2 annotated · 8 left$/);
    expect((await api.get('/get_annotations?instance_id=item-3')).body.annotations).toEqual({
      'sentiment:neutral': 'true',
    });
    await page.keyboard.press('[');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 10/);
    expect(await page.getByTestId('annotated-badge').innerText()).toBe('Annotated');
    await page.keyboard.press('n'); // item-2 is the first unannotated after item-1
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 10/);
    expect(await page.getByTestId('annotated-badge').innerText()).toBe('Not annotated yet');
  });

  test('after a reload the work is still there, and a removed span is gone from the server', async () => {
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 10/);
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    expect(await progress(page)).toMatch(/^Instance 1 of 10/);
    expect(await page.locator('fieldset[data-scheme="topics"] input:checked').count()).toBe(2);
    expect(await page.locator('fieldset[data-scheme="note"] textarea').inputValue()).toBe('slow shipping');
    expect(await page.locator('fieldset[data-scheme="confidence"] input[type=range]').inputValue()).toBe('53');
    expect(await page.locator('.span-list li').count()).toBe(2);

    // removal by keyboard: Tab to the span's Remove button, Enter
    await tabTo(page, 'button[aria-label^="Remove span pos"]');
    await page.keyboard.press('Enter');
    expect(await page.locator('.span-list li').count()).toBe(1);
    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 10/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    const stored = (await api.get('/get_annotations?instance_id=item-1')).body;
    expect(stored.span_annotations.map((s: { text: string }) => s.text)).toEqual(['great']);
    expect(stored.annotations['sentiment:positive']).toBe('true');
  });

  test('a narrow window still shows the whole form, and nothing was fetched off the server', async () => {
    const narrow = await rig.signedIn('alice', PASSWORD, '/', { width: 420, height: 800 });
    await narrow.getByTestId('instance-text').waitFor();
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await narrow.locator('button[type=submit]').isVisible()).toBe(true);
    expect(rig.foreign).toEqual([]);
  });

  test('when the session ends elsewhere, the next action brings back the login form', async () => {
    await page.evaluate(() => fetch('/logout', { method: 'POST' }));
    await page.keyboard.press('n');
    await page.getByLabel('Username').waitFor();
    await logIn(page, 'alice', PASSWORD);
    await page.getByTestId('instance-text').waitFor();
  });
});
