/**
 * Keyboard slips in headless Chromium: Shift+→ after a mouse selection extends it instead of moving on; Enter
 * with an unlabelled selection asks for its label; a 1–5 scale after a long scheme starts on its own row; a
 * focused question takes the number row; text and number fields are one key away.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig, progress } from './browser.js';
import { dragOver } from './select-text.js';
import type { Client } from '../helpers/client.js';

const TEXT = 'The product was great but shipping was slow.';
const checked = (p: Page, scheme: string, label: string) =>
  p.locator(`fieldset[data-scheme="${scheme}"] input[value="${label}"]`).isChecked();

let rig: BrowserRig;
let page: Page;
let api: Client;

describe('keyboard slips', () => {
  beforeAll(async () => {
    rig = await startRig({
      config: {
        annotation_schemes: [
          {
            annotation_type: 'radio',
            name: 'emotion',
            labels: ['joy', 'anger', 'fear', 'sadness', 'surprise', 'disgust', 'none'],
          },
          { annotation_type: 'likert', name: 'helpfulness', size: 5, min_label: 'not', max_label: 'very' },
          { annotation_type: 'text', name: 'note' },
          { annotation_type: 'number', name: 'stars', min: 1, max: 5 },
          { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
        ],
      },
      items: [1, 2, 3].map((n) => ({ id: `k${n}`, text: TEXT })),
    });
    api = await rig.t.client().login('kim', 'correct-horse');
    page = await rig.signedIn('kim', 'correct-horse', '/');
    await page.getByTestId('instance-text').waitFor();
  });

  test('Shift+→ after a mouse selection extends it by a word and stays on the instance', async () => {
    const at = TEXT.indexOf('product');
    await dragOver(page, at, at + 'product'.length);
    expect(await page.locator('.span-picker q').innerText()).toBe('product');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await page.locator('.span-picker q').innerText()).toBe('product was');
    await page.keyboard.press('ArrowRight'); // without Shift: the next word alone
    expect(await page.locator('.span-picker q').innerText()).toBe('great');
    expect(await progress(page)).toMatch(/^Instance 1 of 3/);
  });

  test('Enter with an unlabelled selection asks for its label instead of dropping it', async () => {
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').filter({ hasText: 'no label yet' }).count()).toBe(1);
    expect(await progress(page)).toMatch(/^Instance 1 of 3/);
    expect(await page.locator('.span-picker q').innerText()).toBe('great');
    await page.keyboard.press('1'); // pos
    expect(await page.locator('.span-list .chip').allInnerTexts()).toEqual(['pos']);
  });

  test('a 1–5 scale after a seven-label scheme starts on its own row, and ? shows it', async () => {
    expect(await page.locator('fieldset[data-scheme="emotion"] .label-key').allInnerTexts()).toEqual([...'1234567']);
    expect(await page.locator('fieldset[data-scheme="helpfulness"] .label-key').allInnerTexts()).toEqual([...'qwert']);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await dialog.innerText()).toMatch(/q\s+helpfulness: 1/);
    expect(await dialog.innerText()).toMatch(/with a question focused, 1–0 pick its answers/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('f focuses the next question and the number row then answers it', async () => {
    await page.keyboard.press('f');
    await page.keyboard.press('f');
    expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.dataset.scheme)).toBe('helpfulness');
    await page.keyboard.press('3');
    expect(await checked(page, 'helpfulness', '3')).toBe(true);
    expect(await checked(page, 'emotion', 'fear')).toBe(false);
  });

  test('text and number fields are one key away, shown in their legend', async () => {
    const noteKey = await page.locator('fieldset[data-scheme="note"] .field-key').innerText();
    const starsKey = await page.locator('fieldset[data-scheme="stars"] .field-key').innerText();
    expect(noteKey).toMatch(/^[a-z]$/); // letters: the number row belongs to a focused question
    await page.keyboard.press(noteKey);
    await page.keyboard.type('late parcel');
    await page.keyboard.press('Escape');
    await page.keyboard.press(starsKey);
    await page.keyboard.type('2');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 3/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    const stored = (await api.get('/get_annotations?instance_id=k1')).body;
    expect(stored.annotations).toEqual({ 'helpfulness:3': 'true', 'note:text': 'late parcel', 'stars:value': '2' });
    expect(stored.span_annotations.map((s: { name: string; text: string }) => [s.name, s.text])).toEqual([
      ['pos', 'great'],
    ]);
  });
});
