/**
 * A span scheme with twelve labels in headless Chromium: every label is in the picker with a key (the number
 * row, then q, w, …; a label's own key_value wins), the filter reaches any label by typing, the `?` overlay
 * lists the span keys, and what is picked is stored.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig } from './browser.js';
import { dragOver } from './select-text.js';
import type { Client } from '../helpers/client.js';

const NER = ['PERSON', 'ORG', 'GPE', 'LOC', 'DATE', 'TIME', 'MONEY', 'PERCENT', 'PRODUCT', 'EVENT', 'WORK_OF_ART'];
const TEXT = 'Apple sold the iPhone at the Olympics in Paris on Monday under the Consumer Act.';
const at = (word: string) => [TEXT.indexOf(word), TEXT.indexOf(word) + word.length] as const;

let rig: BrowserRig;
let page: Page;
let api: Client;

describe('span labels beyond the ninth', () => {
  beforeAll(async () => {
    rig = await startRig({
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] },
          { annotation_type: 'span', name: 'ner', labels: [...NER, { name: 'LAW', key_value: 'x' }] },
        ],
      },
      items: [
        { id: 'n1', text: TEXT },
        { id: 'n2', text: TEXT },
      ],
    });
    api = await rig.t.client().login('nina', 'correct-horse');
    page = await rig.signedIn('nina', 'correct-horse', '/');
    await page.getByTestId('instance-text').waitFor();
  });

  test('the picker lists all twelve labels, each with its key', async () => {
    await dragOver(page, ...at('Apple'));
    const buttons = page.locator('.span-picker button[aria-keyshortcuts]');
    expect(await buttons.count()).toBe(12);
    expect(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-keyshortcuts')))).toEqual([
      ...'1234567890q',
      'x',
    ]);
    expect(await page.locator('.span-picker').innerText()).toContain('WORK_OF_ART');
    // the selected text is quoted once (by <q>), not twice
    expect(await page.locator('.span-picker > span').innerText()).not.toMatch(/[“”"]{2}|“.*“/);
    await page.keyboard.press('Escape');
  });

  test('keys past 9 label spans: 0, q and the label’s own key', async () => {
    await dragOver(page, ...at('Olympics'));
    await page.keyboard.press('0'); // EVENT
    await dragOver(page, ...at('iPhone'));
    await page.keyboard.press('9'); // PRODUCT
    await dragOver(page, ...at('Consumer Act'));
    await page.keyboard.press('x'); // LAW, by its key_value
    await dragOver(page, ...at('Paris'));
    await page.keyboard.press('3'); // GPE
    expect(await page.locator('.span-list .chip').allInnerTexts()).toEqual(['PRODUCT', 'EVENT', 'GPE', 'LAW']);
  });

  test('typing in the filter narrows the list and Enter picks the first match', async () => {
    await dragOver(page, ...at('Monday'));
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('span-filter');
    await page.keyboard.type('art');
    expect(await page.locator('.span-picker button[aria-keyshortcuts]').allInnerTexts()).toEqual(['q WORK_OF_ART']);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('dat');
    await page.keyboard.press('Enter'); // DATE
    expect(await page.locator('.span-picker').count()).toBe(0);
    expect(await page.locator('.span-list .chip').allInnerTexts()).toEqual(['PRODUCT', 'EVENT', 'GPE', 'DATE', 'LAW']);
  });

  test('the ? overlay lists every span label with its key', async () => {
    await page.locator('body').focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const [i, name] of NER.entries()) expect(text).toMatch(new RegExp(`${'1234567890q'[i]}\\s+ner: ${name}\\b`));
    expect(text).toMatch(/x\s+ner: LAW/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('the spans are stored on submit', async () => {
    await page.keyboard.press('1'); // ok: yes
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await api.get('/get_annotations?instance_id=n1')).body.span_annotations.length)
      .toBe(5);
    const stored = (await api.get('/get_annotations?instance_id=n1')).body.span_annotations as {
      name: string;
      text: string;
    }[];
    expect(stored.map((s) => [s.name, s.text])).toEqual([
      ['PRODUCT', 'iPhone'],
      ['EVENT', 'Olympics'],
      ['GPE', 'Paris'],
      ['DATE', 'Monday'],
      ['LAW', 'Consumer Act'],
    ]);
  });
});
