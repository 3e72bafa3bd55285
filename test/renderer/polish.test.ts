/**
 * Small things in headless Chromium: an unset slider draws no thumb until set, a mouse Submit brings the next
 * item's first question into view, and a screen reader hears the new instance through a polite live region.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, startRig, type BrowserRig } from './browser.js';

let rig: BrowserRig;
let page: Page;
const slider = () => page.locator('fieldset[data-scheme="confidence"] input[type=range]');
const inView = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });

describe('polish', () => {
  beforeAll(async () => {
    rig = await startRig();
    await rig.t.client().login('poe', 'correct-horse');
    page = await rig.signedIn('poe', 'correct-horse', '/', { width: 1280, height: 420 });
    await page.getByTestId('instance-text').waitFor();
  });

  test('an unset slider says "not set" and draws no thumb until it is set', async () => {
    expect(await page.locator('fieldset[data-scheme="confidence"] output').innerText()).toBe('not set');
    // drawn without the native control (and its thumb) while unset
    const appearance = () => slider().evaluate((el) => getComputedStyle(el).appearance);
    expect(await appearance()).toBe('none');
    await slider().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    expect(await page.locator('fieldset[data-scheme="confidence"] output').innerText()).toBe('51');
    expect(await appearance()).not.toBe('none');
  });

  test('after a mouse Submit the next item’s first question is in view, and the live region names it', async () => {
    await page.keyboard.press('1');
    const submit = page.getByRole('button', { name: /Submit/ });
    await submit.scrollIntoViewIfNeeded();
    expect(await inView('form.schemes fieldset')).toBe(false); // scrolled down to the button
    await submit.click();
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    await expect.poll(() => inView('form.schemes fieldset')).toBe(true);
    const live = page.getByTestId('instance-announcement');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    await expect
      .poll(() => live.textContent())
      .toBe('Instance 2 of 10: Item 2: the product was great but shipping was slow.');
  });
});
