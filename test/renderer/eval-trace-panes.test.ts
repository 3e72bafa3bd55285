/**
 * Potato's eval trace on the annotate page in headless Chromium against the real server: three panes side by side
 * under their `pane_labels`, each step in its pane (a call's result under it, the answer on its own), a card's Link
 * button lighting its cycle across the panes by mouse and by keyboard, the panes stacked on a phone, step text
 * shown as text, a per-step question still under its card, and no axe violations.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserRig } from './browser.js';
import { openAnnotator, openRig } from './annotator-rig.js';
import { axeViolations } from './axe.js';

const ITEMS = [
  {
    id: 'e1',
    text: 'Find a vegan lasagna recipe',
    trace: [
      { speaker: 'Agent (Thought)', text: 'Search for one' },
      { speaker: 'Agent (Action)', text: "web_search(query='vegan lasagna')" },
      { speaker: 'Environment', text: '10 results\n<b>first</b>' },
      { speaker: 'Agent (Thought)', text: 'Read the first' },
      { speaker: 'Agent (Action)', text: "fetch(url='site')" },
      { speaker: 'Environment', text: 'Recipe text' },
      { speaker: 'Agent (Final Answer)', text: 'Here is the recipe <img src=x onerror=alert(1)>' },
    ],
  },
];
const CONFIG = {
  annotation_schemes: [
    { annotation_type: 'radio', name: 'ok', description: 'OK?', labels: ['yes', 'no'] },
    {
      annotation_type: 'radio',
      name: 'call_ok',
      description: 'Call right?',
      labels: ['right', 'wrong'],
      turn_level: true,
      turn_binding: { field: 'trace', step_types: ['action'] },
    },
  ],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      {
        key: 'trace',
        type: 'eval_trace',
        display_options: { pane_labels: ['Why', 'What it did', 'What it said'], link_steps: true },
      },
    ],
  },
};

let rig: BrowserRig;
let page: Page;
const trace = (p: Page = page) => p.locator('[data-field="trace"]');
const pane = (name: string, p: Page = page) => trace(p).locator(`.eval-pane-${name}`);
const lit = () =>
  trace()
    .locator('.eval-card.eval-linked')
    .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.step)));

describe('eval trace panes', () => {
  beforeAll(async () => {
    ({ rig, page } = await openRig({ items: ITEMS, config: CONFIG }));
    await trace().locator('.eval-pane').first().waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test('three panes side by side under their headers, each step in its pane', async () => {
    expect(await trace().locator('.eval-pane-header').allInnerTexts()).toEqual(['Why', 'What it did', 'What it said']);
    const boxes = await trace()
      .locator('.eval-pane')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y })));
    expect(boxes).toHaveLength(3);
    expect(Math.abs(boxes[0].y - boxes[2].y)).toBeLessThan(2);
    expect(boxes[0].x < boxes[1].x && boxes[1].x < boxes[2].x).toBe(true);
    expect(await pane('reasoning').locator('.eval-card .step-text').allInnerTexts()).toEqual([
      'Search for one',
      'Read the first',
    ]);
    const calls = pane('calls').locator('.eval-card');
    expect(await calls.locator('.eval-tool-badge').allInnerTexts()).toEqual(['web_search', 'fetch']);
    // each result under its call, as text
    expect(await calls.nth(0).locator('.eval-result').innerText()).toBe('↳ 10 results\n<b>first</b>');
    expect(await calls.nth(1).locator('.eval-result').innerText()).toBe('↳ Recipe text');
    expect(await pane('answer').locator('.step-text').innerText()).toBe(
      'Here is the recipe <img src=x onerror=alert(1)>',
    );
    expect(await trace().locator('img, b').count()).toBe(0);
    // the per-step question stays under each call's card
    expect(await calls.locator('.turn-question[data-scheme="call_ok"]').count()).toBe(2);
  });

  test("a card's click lights its cycle in the other panes; another click elsewhere clears it", async () => {
    await pane('reasoning').locator('.eval-card').nth(1).locator('.step-text').click();
    expect(await lit()).toEqual([3, 4, 6]);
    expect(await trace().getByRole('status').innerText()).toBe('3 linked cards lit across the panes');
    await pane('reasoning').locator('.eval-card').nth(0).locator('.step-text').click();
    expect(await lit()).toEqual([0, 1]);
    // a click on a per-step question's choice is the question's, not the card's
    await pane('calls').getByRole('button', { name: 'wrong' }).nth(1).click();
    expect(await lit()).toEqual([0, 1]);
    await pane('answer').locator('.eval-pane-header').click();
    expect(await lit()).toEqual([]);
  });

  test('by keyboard: the Link button lights its cycle, pressed again or Escape clears it', async () => {
    const link = pane('calls').getByRole('button', { name: 'Link step 5 across the panes' });
    await link.focus();
    await page.keyboard.press('Space');
    expect(await lit()).toEqual([3, 4, 6]);
    expect(await link.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Space');
    expect(await lit()).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await lit()).toEqual([3, 4, 6]);
    await page.keyboard.press('Escape');
    expect(await lit()).toEqual([]);
  });

  test('no axe violations, with a cycle lit', async () => {
    await pane('reasoning').locator('.eval-card').nth(0).locator('.step-text').click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('on a phone the panes stack, in order', async () => {
    const { page: phone } = await openAnnotator(rig, 'bea', { width: 390, height: 844 });
    await pane('answer', phone).waitFor();
    const boxes = await trace(phone)
      .locator('.eval-pane')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y })));
    expect(boxes.map((b) => Math.round(b.x))).toEqual(Array(3).fill(Math.round(boxes[0].x)));
    expect(boxes[0].y < boxes[1].y && boxes[1].y < boxes[2].y).toBe(true);
    await phone.context().close();
  });
});
