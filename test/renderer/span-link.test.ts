/** span_link in headless Chromium: spans and a link made by keyboard alone, stored, and still there after a reload. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls, type BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const TEXT = 'Ada Lovelace worked with Charles Babbage in London.';
let rig: BrowserRig;
let page: Page;
let api: Client;

const SCHEMES = [
  { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'PLACE'] },
  {
    annotation_type: 'span_link',
    name: 'relations',
    span_schema: 'entities',
    link_types: [
      { name: 'WORKS_WITH', directed: false, allowed_source_labels: ['PERSON'], allowed_target_labels: ['PERSON'] },
      { name: 'LIVES_IN', directed: true, allowed_source_labels: ['PERSON'], allowed_target_labels: ['PLACE'] },
    ],
  },
];

/** A span by keyboard: `s`, → to the first word, Shift+→ to widen, then the label's digit. */
async function spanByKeys(p: Page, firstWord: number, words: number, digit: string) {
  await p.keyboard.press('s');
  for (let i = 0; i < firstWord; i++) await p.keyboard.press('ArrowRight');
  for (let i = 1; i < words; i++) await p.keyboard.press('Shift+ArrowRight');
  await p.keyboard.press(digit);
}

/**
 * The link drawn over the text: one arc, labelled, from above the first span to above the second, with an arrowhead.
 */
async function expectArc(label: string, from: string, to: string) {
  const arc = page.locator('[data-testid="link-arcs"] .text-arc');
  await expect.poll(() => arc.count()).toBe(1);
  expect(await arc.getAttribute('data-label')).toBe(label);
  expect(await arc.locator('text').textContent()).toBe(label);
  expect(await arc.locator('path').getAttribute('marker-end')).toMatch(/^url\(#arrow-/);
  const path = (await arc.locator('path').boundingBox())!;
  // the words' own box (a mark's box also holds its label, drawn after it)
  const mark = (words: string) =>
    page
      .getByTestId('instance-text')
      .locator('mark', { hasText: words })
      .first()
      .evaluate((m) => {
        const range = document.createRange();
        range.selectNodeContents(m);
        const r = range.getClientRects()[0];
        return { x: r.left, y: r.top, width: r.width };
      });
  const [a, b] = [await mark(from), await mark(to)];
  // it spans from the middle of one span to the middle of the other, and rises above the words
  expect(Math.abs(path.x - (a.x + a.width / 2)), `${path.x} vs ${a.x + a.width / 2}`).toBeLessThan(4);
  expect(
    Math.abs(path.x + path.width - (b.x + b.width / 2)),
    `${path.x + path.width} vs ${b.x + b.width / 2}`,
  ).toBeLessThan(8);
  expect(path.y).toBeLessThan(Math.min(a.y, b.y));
  expect(await arc.locator('path').isVisible()).toBe(true);
}

describe('span_link on the annotate screen', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: [
        { id: 'd1', text: TEXT },
        { id: 'd2', text: 'Second item.' },
      ],
      config: { annotation_schemes: SCHEMES },
    }));
  });

  test('lists its keys in the ? overlay', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await dialog.innerText()).toContain('Links: tick a span');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('makes spans and a directed link by keyboard, stores them, and shows them again after a reload', async () => {
    await spanByKeys(page, 0, 2, '1'); // Ada Lovelace: PERSON
    await spanByKeys(page, 4, 2, '1'); // Charles Babbage: PERSON
    await spanByKeys(page, 7, 1, '2'); // London: PLACE
    expect(await page.locator('.span-list li').count()).toBe(3);

    await tabTo(page, 'fieldset[data-scheme="relations"] select');
    await page.keyboard.press('ArrowDown'); // LIVES_IN
    expect(await page.locator('fieldset[data-scheme="relations"] select').inputValue()).toBe('LIVES_IN');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Ada Lovelace, the source
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // London, the target
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add link');
    await page.keyboard.press('Enter');
    const links = page.locator('fieldset[data-scheme="relations"] .link-list li');
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([expect.stringContaining('Ada Lovelace (PERSON) → London (PLACE)')]);
    expect(await unnamedControls(page)).toEqual([]);
    await expectArc('LIVES_IN', 'Ada Lovelace', 'London');
    await rig.screenshot(page, 'span-link');

    await page.locator('body').focus();
    await page.keyboard.press('Enter'); // submit and advance
    await expect.poll(async () => (await api.get('/api/links/d1')).body.links.length).toBe(1);
    const stored = (await api.get('/get_annotations?instance_id=d1')).body;
    const idOf = (text: string) => stored.span_annotations.find((s: { text: string }) => s.text === text).id;
    expect(stored.link_annotations).toEqual([
      {
        id: expect.any(String),
        schema: 'relations',
        link_type: 'LIVES_IN',
        span_ids: [idOf('Ada Lovelace'), idOf('London')],
        direction: 'directed',
      },
    ]);

    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('['); // back to d1
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('d1');
    await expect
      .poll(() => links.allInnerTexts())
      .toEqual([expect.stringContaining('Ada Lovelace (PERSON) → London (PLACE)')]);
    await expectArc('LIVES_IN', 'Ada Lovelace', 'London');
  });

  test('removes a link with its Remove button by keyboard, and the removal is stored', async () => {
    await tabTo(page, 'fieldset[data-scheme="relations"] .link-list button');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('fieldset[data-scheme="relations"] .link-list li').count()).toBe(0);
    expect(await page.locator('[data-testid="link-arcs"] .text-arc').count()).toBe(0);
    await page.locator('body').focus();
    await page.keyboard.press('ArrowRight'); // saves on the way
    await expect.poll(async () => (await api.get('/api/links/d1')).body.links).toEqual([]);
  });
});
