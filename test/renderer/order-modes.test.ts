/**
 * The pairwise modes beside binary, and a ranking by drag, in headless Chromium against the real server: a scale
 * between the two texts moved with the arrows, a choice per dimension on keys, a ranking reordered by dragging
 * an item; submitted, stored, and still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, tabTo } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const ITEMS = [1, 2].map((n) => ({ id: `m${n}`, text: `Pair ${n}`, pair: [`left text ${n}`, `right text ${n}`] }));
const SCHEMES = [
  { annotation_type: 'pairwise', name: 'how', mode: 'scale', items_key: 'pair', scale: { min: -2, max: 2 } },
  {
    annotation_type: 'pairwise',
    name: 'dims',
    mode: 'multi_dimension',
    items_key: 'pair',
    labels: ['Left', 'Right'],
    dimensions: [{ name: 'fluency' }, { name: 'accuracy', allow_tie: true }],
  },
  { annotation_type: 'ranking', name: 'order', labels: ['R1', 'R2', 'R3'] },
];

let page: Page;
let api: Client;
const items = () => page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts();
const keyOf = (dimension: string, text: string) =>
  page
    .locator(
      `fieldset[data-scheme="dims"] [role="radiogroup"][aria-label="dims: ${dimension}"] label:has-text("${text}") .label-key`,
    )
    .innerText();

describe('pairwise on a scale and over dimensions, and a ranking by drag', () => {
  beforeAll(async () => {
    ({ page, api } = await openRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } }));
  });

  test('answers them, by the arrows, the dimension keys and a drag, and submits', async () => {
    await tabTo(page, 'fieldset[data-scheme="how"] input[type="range"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight'); // 0 → 2: the right text is much better
    expect(await page.locator('fieldset[data-scheme="how"] output').innerText()).toBe('2');
    await page.keyboard.press('Escape');

    await page.keyboard.press(await keyOf('fluency', 'Right'));
    await page.keyboard.press(await keyOf('accuracy', 'Tie'));

    await page.locator('[data-item="R1"]').dragTo(page.locator('[data-item="R3"]'));
    expect(await items()).toEqual(['1. R2', '2. R3', '3. R1']);

    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    expect((await api.get('/get_annotations?instance_id=m1')).body.annotations).toEqual({
      'how:scale_value': '2',
      'dims:fluency': 'B',
      'dims:accuracy': 'tie',
      'order:rank_order': 'R2,R3,R1',
    });
  });

  test('after a reload the answers are still there', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await page.locator('fieldset[data-scheme="how"] input[type="range"]').inputValue()).toBe('2');
    expect(
      await page.locator('fieldset[data-scheme="dims"] input[name="scheme-dims-fluency"][value="B"]').isChecked(),
    ).toBe(true);
    expect(
      await page.locator('fieldset[data-scheme="dims"] input[name="scheme-dims-accuracy"][value="tie"]').isChecked(),
    ).toBe(true);
    expect(await items()).toEqual(['1. R2', '2. R3', '3. R1']);
  });
});
