/**
 * Guidelines in headless Chromium: an instructions page written as ordinary Markdown (no blank lines between a
 * heading and its list) renders through marked and the sanitizer, and stays readable while annotating, by a key
 * and by a link.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';

const GUIDE = [
  '## Steps',
  '- Read the review',
  '- Pick a **sentiment**',
  '### Edge cases',
  '1. Sarcasm counts as negative',
  '2. Emoji count',
  '<img src="x" onerror="window.hacked = 1">',
].join('\n');

describe('guidelines', () => {
  test('render as Markdown on the phase page and stay reachable after it', async () => {
    const rig = await startRig({
      config: {
        phases: { order: ['instructions', 'annotation'], instructions: { title: 'How to annotate', content: GUIDE } },
      },
    });
    await rig.t.client().login('gus', 'correct-horse');
    const page = await rig.signedIn('gus', 'correct-horse', '/');

    await page.getByRole('heading', { name: 'How to annotate' }).waitFor();
    expect(await page.locator('.markdown h2').innerText()).toBe('Steps');
    expect(await page.locator('.markdown h3').innerText()).toBe('Edge cases');
    expect(await page.locator('.markdown ul li').allInnerTexts()).toEqual(['Read the review', 'Pick a sentiment']);
    expect(await page.locator('.markdown ol li').allInnerTexts()).toEqual([
      'Sarcasm counts as negative',
      'Emoji count',
    ]);
    expect(await page.locator('.markdown strong').innerText()).toBe('sentiment');
    expect(await page.locator('.markdown [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByTestId('instance-text').waitFor();
    const panel = page.locator('#instructions');
    expect(await panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false); // read already: folded
    await page.keyboard.press('i');
    await expect.poll(() => panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const guide = panel.getByRole('region', { name: 'How to annotate' });
    expect(await guide.locator('li').allInnerTexts()).toEqual([
      'Read the review',
      'Pick a sentiment',
      'Sarcasm counts as negative',
      'Emoji count',
    ]);
    await page.getByRole('button', { name: /Guidelines/ }).click();
    await expect.poll(() => panel.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.getByRole('button', { name: /Guidelines/ }).click();
    expect(await guide.isVisible()).toBe(true);
  });
});
