/**
 * Potato's `dynamic_options` in headless Chromium: an item shows only the labels its field lists (radio and
 * select), the key of a label it does not offer does nothing, and an item without the list shows every label.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress } from './browser.js';
import { openRig } from './annotator-rig.js';

let page: Page;
const radios = () =>
  page
    .locator('fieldset[data-scheme="r"] input[type="radio"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
const options = () =>
  page.locator('fieldset[data-scheme="s"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));

describe('labels offered per item', () => {
  beforeAll(async () => {
    ({ page } = await openRig({
      items: [
        { id: 'd1', text: 'Only a and b', visible_labels: ['a', 'b'], pick: 'c' },
        { id: 'd2', text: 'Everything' },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'r', labels: ['a', 'b', 'c'], dynamic_options: true },
          {
            annotation_type: 'select',
            name: 's',
            labels: ['a', 'b', 'c'],
            dynamic_options: true,
            dynamic_options_field: 'pick',
          },
        ],
      },
    }));
  });

  test('shows the listed labels only, and a hidden label key does nothing', async () => {
    expect(await radios()).toEqual(['a', 'b']);
    expect(await options()).toEqual(['', 'c']);
    const keyOfA = await page.locator('fieldset[data-scheme="r"] input[value="a"]').getAttribute('aria-keyshortcuts');
    expect(keyOfA).toBe('1');
    await page.locator('body').focus();
    await page.keyboard.press('3'); // c's key: not offered here
    expect(await page.locator('fieldset[data-scheme="r"] input:checked').count()).toBe(0);
    await page.keyboard.press('2');
    expect(await page.locator('fieldset[data-scheme="r"] input:checked').getAttribute('value')).toBe('b');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    expect(await radios()).toEqual(['a', 'b', 'c']);
    expect(await options()).toEqual(['', 'a', 'b', 'c']);
  });

  test('an item offering none of a required question’s labels says so and lets the annotator move on', async () => {
    const { page: p } = await openRig({
      items: [
        { id: 'n1', text: 'Nothing to choose', visible_labels: [] },
        { id: 'n2', text: 'Then a or b', visible_labels: ['a', 'b'] },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'r', labels: ['a', 'b'], dynamic_options: true, label_requirement: true },
          { annotation_type: 'select', name: 's', labels: ['a', 'b'], dynamic_options: true, required: true },
        ],
      },
    });
    await p.locator('fieldset[data-scheme="r"]').getByText('This item offers no choices').waitFor();
    await p.locator('fieldset[data-scheme="s"]').getByText('This item offers no choices').waitFor();
    await p.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => progress(p)).toMatch(/^Instance 2 of 2/);
    expect(await p.getByText('This item offers no choices').count()).toBe(0);
  });
});
