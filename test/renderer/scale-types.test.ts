/**
 * The rating and measurement scheme types (multirate, semantic_differential, confidence, vas, range_slider,
 * soft_label, constant_sum, hierarchical_multiselect) and pure_display in headless Chromium against the real
 * server: each answered by keyboard from its field key, its keys in the `?` overlay, the answers still there
 * after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { unnamedControls, type BrowserRig, progress, allSaved } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const SCHEMES = [
  { annotation_type: 'pure_display', name: 'intro', description: '## Rate the review\n\nRead it **twice**.' },
  { annotation_type: 'multirate', name: 'aspects', options: ['Clarity', 'Tone'], labels: ['Poor', 'Fair', 'Good'] },
  {
    annotation_type: 'semantic_differential',
    name: 'feel',
    pairs: [
      ['Bad', 'Good'],
      ['Weak', 'Strong'],
    ],
    scale_points: 5,
  },
  { annotation_type: 'confidence', name: 'sure', scale_points: 5 },
  { annotation_type: 'vas', name: 'pain', min_value: 0, max_value: 10, precision: 0, show_value: true },
  { annotation_type: 'range_slider', name: 'span_ok', min_value: 0, max_value: 100, step: 5 },
  { annotation_type: 'soft_label', name: 'mood', labels: ['Pos', 'Neu', 'Neg'] },
  { annotation_type: 'constant_sum', name: 'topics', labels: ['Politics', 'Sports'], total_points: 10 },
  {
    annotation_type: 'hierarchical_multiselect',
    name: 'topic',
    taxonomy: { Science: { Physics: ['Optics'] }, Arts: ['Music'] },
    tooltips: { Optics: 'Light and lenses' },
  },
];

let rig: BrowserRig;
let page: Page;
let api: Client;
const fieldKey = (scheme: string) => page.locator(`fieldset[data-scheme="${scheme}"] legend .field-key`).innerText();
const goTo = async (scheme: string) => page.keyboard.press(await fieldKey(scheme));
const checked = (scheme: string, label: string) =>
  page.locator(`fieldset[data-scheme="${scheme}"] input[aria-label="${label}"]`).isChecked();

describe('rating and measurement types by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: [1, 2].map((n) => ({ id: `s${n}`, text: `Review ${n}: fine.` })),
      config: { annotation_schemes: SCHEMES },
    }));
  });

  test('shows the display block and every field, each with a key of its own', async () => {
    expect(await page.locator('[data-display="intro"] h2').innerText()).toBe('Rate the review');
    expect(await page.locator('[data-display="intro"] strong').innerText()).toBe('twice');
    const keys = await Promise.all(SCHEMES.slice(1).map((s) => fieldKey(s.name)));
    expect(new Set(keys).size).toBe(keys.length);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('? lists the keys inside the fields', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const line of [
      'aspects: rate the focused row and go to the next',
      'feel: clear the focused row',
      'sure: pick how sure you are',
      'topic: go up / down the tree',
      'mood: go from label to label',
      'aspects: go to the field',
    ])
      expect(text).toContain(line);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('answers every type by keyboard and submits', async () => {
    await goTo('aspects');
    await page.keyboard.press('3'); // Clarity: Good, then on to Tone
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('scheme-aspects-Tone');
    await page.keyboard.press('1'); // Tone: Poor
    expect(await checked('aspects', 'Clarity: Good')).toBe(true);

    await goTo('feel');
    await page.keyboard.press('2');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('scheme-feel-Weak__Strong');
    await page.keyboard.press('5');
    await page.keyboard.press('Delete'); // cleared again
    await page.keyboard.press('4');

    await goTo('sure');
    await page.keyboard.press('4');
    await expect.poll(() => page.locator('fieldset[data-scheme="sure"] input[value="4"]').isChecked()).toBe(true);

    await goTo('pain');
    await page.keyboard.press('ArrowRight'); // 5 → 6
    await page.keyboard.press('Escape');

    await goTo('span_ok');
    await page.keyboard.press('ArrowLeft'); // low 25 → 20, high set to its default 75
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('span_ok-range').innerText()).toBe('20 – 75');

    await goTo('mood');
    await page.keyboard.press('ArrowRight'); // Pos 34 → 35, the rest shared by the others
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('mood-left').innerText()).toBe('all 100 shared');

    await goTo('topics');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    expect(await page.getByTestId('topics-left').innerText()).toBe('3 left to share');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    expect(await page.getByTestId('topics-left').innerText()).toBe('all 10 shared');
    await page.keyboard.press('Escape');

    await goTo('topic'); // Science
    await page.keyboard.press('ArrowDown'); // Physics (top level open, expand_depth 1)
    await page.keyboard.press('ArrowRight'); // open Physics
    await page.keyboard.press('ArrowDown'); // Optics
    // its tooltip is read out on focus
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-description'))).toBe(
      'Light and lenses',
    );
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space'); // Physics
    expect(await page.getByTestId('topic-selected').innerText()).toBe('Chosen: Optics; Physics');

    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    expect((await api.get('/get_annotations?instance_id=s1')).body.annotations).toEqual({
      'aspects:Clarity': 'Good',
      'aspects:Tone': 'Poor',
      'feel:Bad__Good': '2',
      'feel:Weak__Strong': '4',
      'sure:4': '4',
      'pain:pain': '6',
      'span_ok:range_low': '20',
      'span_ok:range_high': '75',
      'mood:Pos': '35',
      'mood:Neu': '33',
      'mood:Neg': '32',
      'topics:Politics': '7',
      'topics:Sports': '3',
      'topic:selected_labels': 'Optics,Physics',
    });
  });

  test('after a reload the answers are still there', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await checked('aspects', 'Tone: Poor')).toBe(true);
    expect(await checked('feel', 'Weak – Strong: 4')).toBe(true);
    expect(await page.locator('fieldset[data-scheme="sure"] input[value="4"]').isChecked()).toBe(true);
    expect(await page.locator('fieldset[data-scheme="pain"] output').innerText()).toBe('6');
    expect(await page.getByTestId('span_ok-range').innerText()).toBe('20 – 75');
    expect(await page.locator('fieldset[data-scheme="mood"] output').allInnerTexts()).toEqual(['35', '33', '32']);
    expect(await page.getByTestId('topics-left').innerText()).toBe('all 10 shared');
    expect(await page.getByTestId('topic-selected').innerText()).toBe('Chosen: Optics; Physics');
    await rig.screenshot(page, 'scale-types');
    expect(rig.foreign).toEqual([]);
  });

  test('a field key lands on the chosen answer, and keys sent with no frame between follow the focus', async () => {
    await goTo('feel');
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focusedLabel()).toBe('Bad – Good: 2');
    // one task, so nothing the page defers to a later frame can run between the keys, as on a loaded machine
    const sureKey = await fieldKey('sure');
    await page.evaluate(
      (keys) => {
        for (const key of keys)
          (document.activeElement ?? document.body).dispatchEvent(
            new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
          );
      },
      ['5', '3', sureKey, '2'],
    );
    await expect.poll(() => checked('feel', 'Bad – Good: 5')).toBe(true);
    expect(await checked('feel', 'Weak – Strong: 3')).toBe(true);
    expect(await page.locator('fieldset[data-scheme="sure"] input[value="2"]').isChecked()).toBe(true);
  });
});
