/**
 * Triage's banner in headless Chromium: an item a rule flagged shows the rule's badge and its priority above the
 * text (as text, never markup), an unflagged item shows none, and `show_badge: false` hides it.
 */
import { describe, expect, test } from 'vitest';
import { openRig } from './annotator-rig.js';

const items = [
  { id: 'b1', text: 'first in file, clean', status: 'ok' },
  { id: 'b2', text: 'an errored trace', status: 'error' },
];
const schemes = [{ annotation_type: 'radio', name: 'quality', labels: ['good', 'broken'] }];
const rules = [
  { name: 'errored', badge: '<b>Agent</b> errored', priority: 100, when: { field: 'status', equals: 'error' } },
];

describe('triage badge', () => {
  test('shows a flagged item its rule and priority, and an unflagged one nothing', async () => {
    const { page } = await openRig({
      items,
      config: { annotation_schemes: schemes, triage: { enabled: true, rules } },
    });
    const badge = page.getByTestId('triage-badge');
    await badge.waitFor();
    expect(await page.getByTestId('instance-text').innerText()).toContain('an errored trace');
    expect(await badge.innerText()).toContain('Prioritized for review · <b>Agent</b> errored');
    expect(await badge.locator('.triage-priority').innerText()).toBe('100');
    expect(await badge.locator('b').count()).toBe(0);

    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toContain('first in file, clean');
    expect(await badge.count()).toBe(0);
  }, 60_000);

  test('is not shown with show_badge: false', async () => {
    const triage = { enabled: true, rules, show_badge: false };
    const { page } = await openRig({ items, config: { annotation_schemes: schemes, triage } });
    expect(await page.getByTestId('instance-text').innerText()).toContain('an errored trace');
    expect(await page.getByTestId('triage-badge').count()).toBe(0);
  }, 60_000);
});
