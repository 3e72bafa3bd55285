/**
 * One project with twelve of the newer scheme types at once (pairwise, bws, ranking, text_edit, multirate,
 * semantic_differential, confidence, vas, soft_label, constant_sum, hierarchical_multiselect, triage), in headless
 * Chromium against the real server: every field answered by keyboard on one page, the answers still there after
 * a reload, then exported as JSONL and CSV, and the JSONL read back into a second server as pre-annotations.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls, type BrowserRig, progress } from './browser.js';
import { openRig } from './annotator-rig.js';
import { startServer } from '../helpers/server.js';
import type { Client } from '../helpers/client.js';

const tuple = (texts: string[]) => texts.map((text, i) => ({ source_id: `pool-${text}`, text, position: 'ABC'[i] }));
const ITEMS = [1, 2].map((n) => ({
  id: `m${n}`,
  text: `Review ${n}: the cat sit on the mat.`,
  pair: [`summary A ${n}`, `summary B ${n}`],
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
  { annotation_type: 'bws', name: 'mood', tuple_size: 3 },
  { annotation_type: 'ranking', name: 'order', labels: ['R1', 'R2', 'R3'] },
  { annotation_type: 'text_edit', name: 'post', source_field: 'mt', show_diff: true },
  { annotation_type: 'multirate', name: 'aspects', options: ['Clarity', 'Tone'], labels: ['Poor', 'Fair', 'Good'] },
  { annotation_type: 'semantic_differential', name: 'feel', pairs: [['Bad', 'Good']], scale_points: 5 },
  { annotation_type: 'confidence', name: 'sure', scale_points: 5 },
  { annotation_type: 'vas', name: 'pain', min_value: 0, max_value: 10, precision: 0, show_value: true },
  { annotation_type: 'soft_label', name: 'stance', labels: ['Pro', 'Con'] },
  { annotation_type: 'constant_sum', name: 'topics', labels: ['Food', 'Home'], total_points: 10 },
  {
    annotation_type: 'hierarchical_multiselect',
    name: 'topic',
    taxonomy: { Science: { Physics: ['Optics'] }, Arts: ['Music'] },
  },
  { annotation_type: 'triage', name: 'keep', reject_key: 'x' },
];

/** What the keyboard walk below answers on m1, as /get_annotations gives it back. */
const EXPECTED = {
  'better:selection': 'B',
  'mood:best': 'C',
  'mood:worst': 'B',
  'order:rank_order': 'R2,R1,R3',
  'aspects:Clarity': 'Good',
  'aspects:Tone': 'Poor',
  'feel:Bad__Good': '4',
  'sure:4': '4',
  'pain:pain': '6',
  'stance:Pro': '51',
  'stance:Con': '49',
  'topics:Food': '7',
  'topics:Home': '3',
  'topic:selected_labels': 'Music',
  'keep:decision': 'reject',
};
const EDIT = {
  edited_text: 'the cat sits 1',
  original_text: 'the cat sit 1',
  edit_distance_chars: 1,
  edit_distance_words: 1,
};

let rig: BrowserRig;
let page: Page;
let api: Client;
const fieldKey = (scheme: string) => page.locator(`fieldset[data-scheme="${scheme}"] legend .field-key`).innerText();
const goTo = async (scheme: string) => page.keyboard.press(await fieldKey(scheme));
const labelKey = (scheme: string, text: string) =>
  page.locator(`fieldset[data-scheme="${scheme}"] label:has-text("${text}") .label-key`).innerText();
const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name'));

describe('a project of twelve newer types, by keyboard, through export and back', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } }));
  });

  test('shows every field, each control named, no key given twice', async () => {
    for (const s of SCHEMES) await page.locator(`fieldset[data-scheme="${s.name}"]`).waitFor();
    // [scheme, its field key (the key that goes to a field whose own keys work once it has focus), its label keys]
    const fields = await page
      .locator('fieldset[data-scheme]')
      .evaluateAll((all) =>
        all.map(
          (f) =>
            [
              f.querySelector('legend .field-key')?.textContent ?? null,
              [...f.querySelectorAll('.label-key')].map((k) => k.textContent!),
            ] as const,
        ),
      );
    const pageKeys = [...fields.flatMap(([field, labels]) => (field === null ? labels : [field]))];
    expect(pageKeys.length).toBeGreaterThan(12);
    expect(new Set(pageKeys).size).toBe(pageKeys.length);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('answers all twelve by keyboard; the triage key submits and moves on', async () => {
    await page.keyboard.press(await labelKey('better', 'Right'));
    await page.keyboard.press(
      await page.locator('fieldset[data-scheme="mood"] .bws-best label:has-text("C") .label-key').innerText(),
    );
    await page.keyboard.press(
      await page.locator('fieldset[data-scheme="mood"] .bws-worst label:has-text("B") .label-key').innerText(),
    );

    await tabTo(page, 'fieldset[data-scheme="order"] [data-item="R1"]');
    await page.keyboard.press('ArrowDown'); // R2, R1, R3
    expect(await page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts()).toEqual([
      '1. R2',
      '2. R1',
      '3. R3',
    ]);

    await tabTo(page, 'fieldset[data-scheme="post"] textarea');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('s 1');
    await page.keyboard.press('Escape');
    // show_diff: the word replaced is struck through and its replacement marked as added
    const changes = page.locator('fieldset[data-scheme="post"]').getByLabel('Changes');
    expect(await changes.locator('del').allTextContents()).toEqual(['sit ']);
    expect(await changes.locator('ins').allTextContents()).toEqual(['sits ']);

    await goTo('aspects');
    await page.keyboard.press('3'); // Clarity: Good, then on to Tone
    await expect.poll(focusedName).toBe('scheme-aspects-Tone');
    await page.keyboard.press('1'); // Tone: Poor

    await goTo('feel');
    await page.keyboard.press('4');

    await goTo('sure');
    await page.keyboard.press('4');

    await goTo('pain');
    await page.keyboard.press('ArrowRight'); // 5 → 6
    await page.keyboard.press('Escape');

    await goTo('stance');
    await page.keyboard.press('ArrowRight'); // Pro 50 → 51, Con keeps the rest
    await page.keyboard.press('Escape');

    await goTo('topics');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('7');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    await page.keyboard.press('Escape');

    await goTo('topic'); // Science
    await page.keyboard.press('ArrowDown'); // Physics (the top level is open)
    await page.keyboard.press('ArrowDown'); // Arts
    await page.keyboard.press('ArrowRight'); // open Arts
    await page.keyboard.press('ArrowDown'); // Music
    await page.keyboard.press('Space');
    expect(await page.getByTestId('topic-selected').innerText()).toBe('Chosen: Music');

    await page.keyboard.press('x'); // triage: Discard, which submits and moves on
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    const stored = (await api.get('/get_annotations?instance_id=m1')).body.annotations;
    const { 'post:post': post, ...rest } = stored;
    expect(rest).toEqual(EXPECTED);
    expect(JSON.parse(post)).toEqual(EDIT);
  });

  test('after a reload every answer is still on the page', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    const checked = (selector: string) => page.locator(selector).isChecked();
    expect(await checked('fieldset[data-scheme="better"] input[value="B"]')).toBe(true);
    expect(await checked('fieldset[data-scheme="mood"] .bws-best input[value="C"]')).toBe(true);
    expect(await checked('fieldset[data-scheme="mood"] .bws-worst input[value="B"]')).toBe(true);
    expect(await page.locator('fieldset[data-scheme="order"] .ranking-item').allInnerTexts()).toEqual([
      '1. R2',
      '2. R1',
      '3. R3',
    ]);
    expect(await page.locator('fieldset[data-scheme="post"] textarea').inputValue()).toBe('the cat sits 1');
    expect(await checked('fieldset[data-scheme="aspects"] input[aria-label="Tone: Poor"]')).toBe(true);
    expect(await checked('fieldset[data-scheme="feel"] input[aria-label="Bad – Good: 4"]')).toBe(true);
    expect(await checked('fieldset[data-scheme="sure"] input[value="4"]')).toBe(true);
    expect(await page.locator('fieldset[data-scheme="pain"] output').innerText()).toBe('6');
    expect(await page.locator('fieldset[data-scheme="stance"] output').allInnerTexts()).toEqual(['51', '49']);
    expect(await page.getByTestId('topics-left').innerText()).toBe('all 10 shared');
    expect(await page.getByTestId('topic-selected').innerText()).toBe('Chosen: Music');
    expect(await checked('fieldset[data-scheme="keep"] input[value="reject"]')).toBe(true);
    await rig.screenshot(page, 'many-types-project');
    expect(rig.foreign).toEqual([]);
  });

  test('exports every answer as JSONL and CSV, and the JSONL reads back unchanged into another server', async () => {
    const lines = (await rig.t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ instance_id: 'm1', annotator: 'ann' });
    expect(Object.keys(lines[0].labels).sort()).toEqual(SCHEMES.map((s) => s.name).sort());
    expect(lines[0].labels.post).toEqual(EDIT);
    expect(lines[0].labels.keep).toBe('reject');

    const csv = (await rig.t.admin().get('/admin/api/export?format=csv')).text.trim().split('\n');
    expect(csv).toHaveLength(2);
    for (const s of SCHEMES) expect(csv[0]).toContain(s.name);

    // the same config in a fresh server takes the export as pre-annotations and gives each answer back as exported
    const second = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
    const imported = await second.admin().post('/admin/api/predictions', {
      content: lines.map((l) => JSON.stringify({ ...l, source: l.annotator })).join('\n'),
      format: 'jsonl',
    });
    expect(imported.status, imported.text).toBe(200);
    const reader = await second.client().login('reader');
    const predictions = (await reader.get('/api/predictions/m1')).body.predictions;
    expect(predictions.find((p: { source: string }) => p.source === 'ann')?.labels).toEqual(lines[0].labels);
    await second.close();
  });
});
