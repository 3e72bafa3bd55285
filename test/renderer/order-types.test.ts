/**
 * The comparison and editing scheme types (triage, pairwise, bws, ranking, text_edit) answered by keyboard in
 * headless Chromium against the real server, their keys in the `?` overlay, and the answers still there after a
 * reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls, type BrowserRig, progress, allSaved } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const tuple = (texts: string[]) => texts.map((text, i) => ({ source_id: `pool-${text}`, text, position: 'ABC'[i] }));
const ITEMS = [1, 2, 3].map((n) => ({
  id: `o${n}`,
  text: `Item ${n}`,
  pair: [`left answer ${n}`, `right answer ${n}`],
  mt: `the cat sit ${n}`,
  _bws_items: tuple(['happy', 'sad', 'calm']),
}));
const SCHEMES = [
  {
    annotation_type: 'pairwise',
    name: 'better',
    items_key: 'pair',
    labels: ['Left', 'Right'],
    allow_tie: true,
    tie_label: 'Same',
  },
  { annotation_type: 'bws', name: 'mood', tuple_size: 3, best_description: 'Happiest?', worst_description: 'Saddest?' },
  { annotation_type: 'ranking', name: 'order', labels: ['R1', 'R2', 'R3'], allow_ties: true },
  { annotation_type: 'text_edit', name: 'post', source_field: 'mt' },
  { annotation_type: 'triage', name: 'keep', reject_key: 'x' },
];

let rig: BrowserRig;
let page: Page;
let api: Client;
const keyOf = (scheme: string, text: string) =>
  page.locator(`fieldset[data-scheme="${scheme}"] label:has-text("${text}") .label-key`).innerText();

describe('comparison and editing types by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } }));
  });

  test('shows the pair side by side, the tuple, the list to rank and the text to edit', async () => {
    for (const name of ['better', 'mood', 'order', 'post', 'keep'])
      await page.locator(`fieldset[data-scheme="${name}"]`).waitFor();
    expect(await page.locator('fieldset[data-scheme="better"] .pair-text').allInnerTexts()).toEqual([
      'left answer 1',
      'right answer 1',
    ]);
    expect(await page.locator('fieldset[data-scheme="mood"] .bws-items li').allInnerTexts()).toEqual([
      'A. happy',
      'B. sad',
      'C. calm',
    ]);
    expect(await page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts()).toEqual([
      '1. R1',
      '2. R2',
      '3. R3',
    ]);
    expect(await page.locator('fieldset[data-scheme="post"] textarea').inputValue()).toBe('the cat sit 1');
    // a type's own keys where free (the configured reject key, Potato's 0 for a tie); the rest take free
    // sequential keys, no key twice
    expect(await keyOf('keep', 'Discard')).toBe('x');
    const keys = await page.locator('.label-key').allInnerTexts();
    expect(new Set(keys).size).toBe(keys.length);
    expect(await keyOf('better', 'Same')).toBe('0');
    expect(await page.locator('fieldset[data-scheme="mood"] .bws-worst .label-key').allInnerTexts()).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('? lists the type keys and the keys inside a focused ranking', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const line of [
      'keep: Discard',
      'better: Right',
      'mood: best: A',
      'mood: worst: C',
      'Ranking: move the focused item up / down',
      'Ranking: tie the focused item with the one above',
    ])
      expect(text).toContain(line);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('answers every type by keyboard; the triage key submits and moves on', async () => {
    await page.keyboard.press(await keyOf('better', 'Right'));
    await page.keyboard.press(
      await page.locator('fieldset[data-scheme="mood"] .bws-best label:has-text("C") .label-key').innerText(),
    );
    await page.keyboard.press('b'); // worst: B
    expect(await page.locator('fieldset[data-scheme="better"] input[value="B"]').isChecked()).toBe(true);

    await tabTo(page, 'fieldset[data-scheme="order"] [data-item="R1"]');
    await page.keyboard.press('ArrowDown'); // R2, R1, R3
    await page.keyboard.press('ArrowDown'); // R2, R3, R1
    await page.keyboard.press('='); // R1 tied with R3
    expect(await page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts()).toEqual([
      '1. R2',
      '2. R3',
      '= R1',
    ]);

    await tabTo(page, 'fieldset[data-scheme="post"] textarea');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('s 1');
    expect(await page.getByTestId('post-distance').innerText()).toBe('1 characters, 1 words changed');
    await page.keyboard.press('Escape');

    await page.keyboard.press('x'); // triage: Discard, and auto_advance submits
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 3/);
    await allSaved(page);
    const stored = (await api.get('/get_annotations?instance_id=o1')).body.annotations;
    expect(stored).toMatchObject({
      'better:selection': 'B',
      'mood:best': 'C',
      'mood:worst': 'B',
      'order:rank_order': 'R2,R3=R1',
      'keep:decision': 'reject',
    });
    expect(JSON.parse(stored['post:post'])).toEqual({
      edited_text: 'the cat sits 1',
      original_text: 'the cat sit 1',
      edit_distance_chars: 1,
      edit_distance_words: 1,
    });
  });

  test('after a reload the answers are still there', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 3/);
    expect(await page.locator('fieldset[data-scheme="better"] input[value="B"]').isChecked()).toBe(true);
    expect(await page.locator('fieldset[data-scheme="mood"] .bws-best input[value="C"]').isChecked()).toBe(true);
    expect(await page.locator('fieldset[data-scheme="mood"] .bws-worst input[value="B"]').isChecked()).toBe(true);
    expect(await page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts()).toEqual([
      '1. R2',
      '2. R3',
      '= R1',
    ]);
    expect(await page.locator('fieldset[data-scheme="post"] textarea').inputValue()).toBe('the cat sits 1');
    expect(await page.locator('fieldset[data-scheme="keep"] input[value="reject"]').isChecked()).toBe(true);
    await rig.screenshot(page, 'order-types');
    expect(rig.foreign).toEqual([]);
  });
});
