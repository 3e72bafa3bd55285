/**
 * Potato's web agent viewer on the annotate page in headless Chromium against the real server: the element's box
 * drawn over its area of the screenshot (measured against the image), the overlay toggle, the filmstrip and the
 * arrow keys moving between steps with the step's details following.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';

/** A 640×360 picture: the viewport's shape at half its size, so the overlays scale. */
const SHOT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#ddd"/></svg>',
)}`;
const viewport = { width: 1280, height: 720 };
const step = (action_type: string, text: string, thought: string, more: Record<string, unknown> = {}) => ({
  action_type,
  element: { tag: 'button', text, bbox: [320, 90, 640, 360] },
  coordinates: { x: 480, y: 270 },
  mouse_path: [
    [0, 0],
    [480, 270],
  ],
  screenshot_url: SHOT,
  viewport,
  thought,
  ...more,
});
const ITEMS = [
  {
    id: 'w1',
    text: 'Order a kettle',
    steps: [
      step('click', 'Shop', 'Open the shop'),
      step('type', 'Search', 'Look for kettles', { typed_text: 'kettle' }),
      step('click', 'Add to basket', 'This one is cheap', { observation: 'Basket: 1 item' }),
      step('click', 'Checkout', 'Pay now'),
    ],
  },
  { id: 'w2', text: 'A second item', steps: [step('click', 'Other', 'Elsewhere')] },
];
const CONFIG = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', description: 'OK?', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'steps', type: 'web_agent_trace', display_options: { filmstrip_size: 48 } },
    ],
  },
};

let rig: BrowserRig;
let page: Page;
const viewer = () => page.getByRole('group', { name: 'Web agent steps' });
const counter = () => viewer().locator('.web-agent-counter').innerText();
const shownCard = () => page.locator('[data-field="steps"] .trace-step:visible');

describe('web agent viewer', () => {
  beforeAll(async () => {
    ({ rig, page } = await openRig({ items: ITEMS, config: CONFIG }));
    await viewer().locator('.web-agent-shot').waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test("the element's box sits over its area of the screenshot, with the click point and mouse path", async () => {
    const img = await viewer().locator('.web-agent-shot').boundingBox();
    const box = await viewer().locator('.overlay-box').boundingBox();
    const ring = await viewer().locator('.step-pointer').boundingBox();
    expect(img && box && ring).toBeTruthy();
    // bbox [320, 90, 640, 360] of 1280×720: 25% in from the left, 12.5% down, 25% wide, 37.5% high
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(2.5);
    near(box!.x - img!.x, img!.width * 0.25);
    near(box!.y - img!.y, img!.height * 0.125);
    near(box!.width, img!.width * 0.25);
    near(box!.height, img!.height * 0.375);
    // the click ring's centre at (480, 270): 37.5% across and down
    near(ring!.x + ring!.width / 2 - img!.x, img!.width * 0.375);
    near(ring!.y + ring!.height / 2 - img!.y, img!.height * 0.375);
    expect(await viewer().locator('.overlay-path').getAttribute('points')).toBe('0,0 37.5,37.5');
  });

  test('the toggle hides the overlays and brings them back', async () => {
    const toggle = viewer().getByRole('checkbox', { name: 'Overlays' });
    await toggle.uncheck();
    expect(await viewer().locator('.web-overlays, .step-pointer').count()).toBe(0);
    await toggle.check();
    expect(await viewer().locator('.overlay-box').count()).toBe(1);
  });

  test("the filmstrip moves to step 3 and the step's details follow", async () => {
    const strip = viewer().getByRole('navigation', { name: 'Steps' });
    expect(await strip.getByRole('button').count()).toBe(4);
    expect((await strip.getByRole('button').first().boundingBox())?.width).toBe(48);
    await strip.getByRole('button', { name: 'Step 3' }).click();
    expect(await counter()).toBe('Step 3 of 4');
    expect(await strip.getByRole('button', { name: 'Step 3' }).getAttribute('aria-current')).toBe('step');
    expect(await shownCard().count()).toBe(1);
    expect(await shownCard().locator('.step-text').innerText()).toBe('click "Add to basket"');
    expect(await shownCard().locator('.part-note').allInnerTexts()).toEqual([
      'Thought: This one is cheap',
      'Element: <button> Add to basket',
      'Observation: Basket: 1 item',
    ]);
  });

  test('the arrow keys step through the trace while the viewer has focus, without leaving the item', async () => {
    await viewer().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await counter()).toBe('Step 2 of 4');
    expect(await shownCard().locator('.step-text').innerText()).toBe('type "Search" ⟶ "kettle"');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await counter()).toBe('Step 4 of 4');
    expect(await viewer().getByRole('button', { name: 'Next ›' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('instance-text').innerText()).toContain('Order a kettle');
    await viewer().getByRole('button', { name: '‹ Previous' }).click();
    expect(await counter()).toBe('Step 3 of 4');
  });
});
