/**
 * card_sort, conjoint and tree_annotation answered by keyboard in headless Chromium against the real server, and
 * the answers still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls, type BrowserRig, progress, allSaved } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const tree = {
  id: 'root',
  speaker: 'User',
  text: 'Hi there',
  children: [
    { id: 'r1', speaker: 'Bot', text: 'Hello!', children: [] },
    { id: 'r2', speaker: 'Bot', text: 'Go away', children: [] },
  ],
};
const ITEMS = [1, 2].map((n) => ({ id: `s${n}`, text: `Item ${n}`, cards: ['Mars ice', 'Cup final'], tree }));
const SCHEMES = [
  { annotation_type: 'card_sort', name: 'topics', groups: ['Science', 'Sport'], items_field: 'cards' },
  {
    annotation_type: 'conjoint',
    name: 'pick',
    profiles_per_set: 2,
    attributes: [{ name: 'Speed', levels: ['Fast', 'Slow'] }],
  },
  {
    annotation_type: 'tree_annotation',
    name: 'quality',
    node_scheme: { annotation_type: 'radio', labels: ['good', 'bad'] },
    path_selection: { enabled: true },
  },
];

let rig: BrowserRig;
let page: Page;
let api: Client;

describe('sorting, choosing profiles and rating a tree by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } }));
  });

  test('shows the cards, the profiles and the tree', async () => {
    await page.locator('fieldset[data-scheme="quality"] [data-node="r2"]').waitFor();
    expect(
      await page.locator('fieldset[data-scheme="topics"] [aria-label="Unsorted cards"] li').allInnerTexts(),
    ).toEqual(['Mars ice', 'Cup final']);
    expect(await page.locator('fieldset[data-scheme="pick"] tbody tr').count()).toBe(1);
    expect(await page.locator('fieldset[data-scheme="quality"] .tree-turn').allInnerTexts()).toEqual([
      'User: Hi there',
      'Bot: Hello!',
      'Bot: Go away',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await dialog.innerText()).toContain('Card sort: put the focused card into group 1–9, or back (0)');
    expect(await dialog.innerText()).toContain('pick: Option 2');
    await page.keyboard.press('Escape');
  });

  test('answers them by keyboard and submits', async () => {
    await tabTo(page, 'fieldset[data-scheme="topics"] [data-card="Mars ice"]');
    await page.keyboard.press('1'); // Science
    await tabTo(page, 'fieldset[data-scheme="topics"] [data-card="Cup final"]');
    await page.keyboard.press('2'); // Sport
    expect(await page.locator('fieldset[data-scheme="topics"] [data-group="Sport"] li').allInnerTexts()).toEqual([
      'Cup final',
    ]);
    await page.locator('body').focus();
    const key = await page.locator('fieldset[data-scheme="pick"] label:has-text("Option 2") .label-key').innerText();
    await page.keyboard.press(key);
    expect(await page.locator('fieldset[data-scheme="pick"] input[value="2"]').isChecked()).toBe(true);
    await tabTo(page, 'fieldset[data-scheme="quality"] [data-node="r2"] input[type=radio]');
    await page.keyboard.press('ArrowDown'); // good → bad within r2's group
    await tabTo(page, 'fieldset[data-scheme="quality"] [data-node="r1"] input[type=checkbox]');
    await page.keyboard.press('Space');
    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    const stored = (await api.get('/get_annotations?instance_id=s1')).body.annotations;
    expect(JSON.parse(stored['topics:topics'])).toEqual({ Science: ['Mars ice'], Sport: ['Cup final'] });
    expect(JSON.parse(stored['pick:pick'])).toMatchObject({
      chosen_profile: 2,
      profiles: [{ Speed: expect.any(String) }, { Speed: expect.any(String) }],
    });
    expect(JSON.parse(stored['quality:node_annotations'])).toEqual({ r2: 'bad' });
    expect(JSON.parse(stored['quality:selected_path'])).toEqual(['r1']);
  });

  test('after a reload the answers are still there', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await page.locator('fieldset[data-scheme="topics"] [data-group="Science"] li').allInnerTexts()).toEqual([
      'Mars ice',
    ]);
    expect(await page.locator('fieldset[data-scheme="pick"] input[value="2"]').isChecked()).toBe(true);
    expect(
      await page.locator('fieldset[data-scheme="quality"] [data-node="r2"] input[type=radio]').nth(1).isChecked(),
    ).toBe(true);
    expect(
      await page.locator('fieldset[data-scheme="quality"] [data-node="r1"] input[type=checkbox]').first().isChecked(),
    ).toBe(true);
    await rig.screenshot(page, 'sorting-types');
    expect(rig.foreign).toEqual([]);
  });
});
