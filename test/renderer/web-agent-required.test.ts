/**
 * A required per-step question in the web agent viewer, which shows one step's card at a time, in headless Chromium
 * against the real server: the question is asked on steps 1 and 3, only step 1 is answered, and Submit names step 3,
 * shows it and puts the focus on its question; answered, the submission goes through and the server holds both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const step = (action_type: string, text: string) => ({ action_type, element: { tag: 'button', text } });
const ITEMS = [
  {
    id: 'w1',
    text: 'Order a kettle',
    steps: [step('click', 'Shop'), step('type', 'Search'), step('click', 'Add'), step('scroll', 'Page')],
  },
  { id: 'w2', text: 'A second item', steps: [step('scroll', 'Page')] },
];
const CONFIG = {
  annotation_schemes: [
    {
      annotation_type: 'radio',
      name: 'click_ok',
      description: 'Right click?',
      labels: ['right', 'wrong'],
      required: true,
      turn_level: true,
      turn_binding: { field: 'steps', speakers: ['click'] },
    },
  ],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'steps', type: 'web_agent_trace' },
    ],
  },
};

let rig: BrowserRig;
let page: Page;
let api: Client;
const counter = () => page.locator('.web-agent-counter').innerText();
const chip = (label: string) =>
  page.locator('[data-field="steps"] .trace-step:visible .turn-question[data-scheme="click_ok"] button', {
    hasText: label,
  });

describe('a required per-step question of the web agent viewer', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: CONFIG }));
    await page.locator('.web-agent-counter').waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test('Submit names the hidden step still unanswered and shows it; answered, it goes through', async () => {
    expect(await counter()).toBe('Step 1 of 4');
    await chip('right').click();
    await page.getByRole('button', { name: /Submit/ }).click();
    await page
      .getByText('Answer the required question “click_ok” before moving on. Step 3 still needs “click_ok” (shown now).')
      .waitFor();
    expect(await counter()).toBe('Step 3 of 4');
    expect(await page.locator('.instance-id').innerText()).toBe('w1');
    // the focus is on step 3's question, so its answer is a key press away
    expect(await page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-step]')?.dataset.step)).toBe(
      '2',
    );
    await page.keyboard.press('Space');
    expect(await chip('right').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: /Submit/ }).click();
    await page.locator('.instance-id', { hasText: 'w2' }).waitFor();
    // the page moves on at once and saves in the background: the answer is stored shortly after
    const turns = async () => {
      const stored = (await api.get('/get_annotations?instance_id=w1')).body.annotations?.['click_ok:_data'];
      return stored === undefined ? undefined : Object.keys(JSON.parse(stored).turns);
    };
    await expect.poll(turns).toEqual(['t0', 't2']);
  });
});
