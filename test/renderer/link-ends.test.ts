/**
 * span_link written as configs of published datasets write it, in headless Chromium: relation labels as link
 * types, links from a span of the source scheme to a span of the target scheme, made by keyboard, stored, and
 * still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, tabTo, unnamedControls, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

const PASSWORD = 'correct-horse';
const TEXT = 'The storm hit Lisbon on Monday and the port closed.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });
let rig: BrowserRig;
let page: Page;
let api: Client;

const SCHEMES = [
  { annotation_type: 'span', name: 'events', labels: ['EVENT'] },
  { annotation_type: 'span', name: 'times', labels: ['DATE'] },
  {
    annotation_type: 'span_link',
    name: 'anchoring',
    description: 'When did each event happen?',
    source_scheme: 'events',
    target_scheme: 'times',
    labels: ['ON', 'BEFORE'],
    tooltips: { ON: 'The event happens on that date' },
  },
];

const field = 'fieldset[data-scheme="anchoring"]';

/** Ticks the span whose text starts with `words` by keyboard (Tab to its box, Space). */
async function tick(words: string) {
  const texts = await page.locator(`${field} .link-spans li`).allInnerTexts();
  const n = texts.findIndex((t) => t.trim().startsWith(words)) + 1;
  expect(n, texts.join(' | ')).toBeGreaterThan(0);
  await tabTo(page, `${field} .link-spans li:nth-child(${n}) input`);
  await page.keyboard.press('Space');
}

describe('span_link between two span schemes on the annotate screen', () => {
  beforeAll(async () => {
    rig = await startRig({
      items: [
        { id: 'n1', text: TEXT },
        { id: 'n2', text: 'Second item.' },
      ],
      config: { annotation_schemes: SCHEMES },
    });
    api = await rig.t.client().login('ann', PASSWORD);
    const spans = await api.post('/updateinstance', {
      instance_id: 'n1',
      span_annotations: [
        { schema: 'events', name: 'EVENT', ...at('hit') },
        { schema: 'events', name: 'EVENT', ...at('closed') },
        { schema: 'times', name: 'DATE', ...at('Monday') },
      ],
    });
    expect(spans.status, spans.text).toBe(200);
    page = await rig.signedIn('ann', PASSWORD, '/');
    await page.getByTestId('instance-text').waitFor();
  });

  test('offers the labels as link types and the spans of both schemes, and links only an event to a date', async () => {
    const options = page.locator(`${field} select option`);
    expect(await options.allInnerTexts()).toEqual(['ON →', 'BEFORE →']);
    expect(await options.first().getAttribute('title')).toBe('The event happens on that date');
    expect(await page.locator(`${field} .link-spans li`).allInnerTexts()).toEqual([
      expect.stringContaining('hit (EVENT)'),
      expect.stringContaining('Monday (DATE)'),
      expect.stringContaining('closed (EVENT)'),
    ]);
    const add = page.locator(`${field} button`, { hasText: 'Add link' });
    // the date first: the wrong way round
    await tick('Monday');
    await tick('hit');
    expect(await add.isDisabled()).toBe(true);
    expect((await page.locator(`${field} .hint`).innerText()).trim()).toBe(
      'ON goes from a span of events to a span of times.',
    );
    await tick('Monday');
    await tick('hit'); // both unticked again
    await tick('hit');
    await tick('Monday');
    expect(await add.isDisabled()).toBe(false);
    await tabTo(page, `${field} button`);
    await page.keyboard.press('Enter');
    const links = page.locator(`${field} .link-list li`);
    await expect.poll(() => links.allInnerTexts()).toEqual([expect.stringContaining('hit (EVENT) → Monday (DATE)')]);
    expect(await page.locator('[data-testid="link-arcs"] .text-arc').getAttribute('data-label')).toBe('ON');
    expect(await unnamedControls(page)).toEqual([]);

    await page.locator('body').focus();
    await page.keyboard.press('Enter'); // submit and advance
    await expect.poll(async () => (await api.get('/api/links/n1')).body.links.length).toBe(1);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    const stored = (await api.get('/get_annotations?instance_id=n1')).body;
    const idOf = (text: string) => stored.span_annotations.find((s: { text: string }) => s.text === text).id;
    expect(stored.link_annotations).toEqual([
      {
        id: expect.any(String),
        schema: 'anchoring',
        link_type: 'ON',
        span_ids: [idOf('hit'), idOf('Monday')],
        direction: 'directed',
      },
    ]);

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('['); // back to n1
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('n1');
    await expect.poll(() => links.allInnerTexts()).toEqual([expect.stringContaining('hit (EVENT) → Monday (DATE)')]);
  });
});
