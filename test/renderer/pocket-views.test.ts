/**
 * The way between the card stack and the full annotate page on a phone, in headless Chromium: the card stack's
 * "Full view" link opens the full page and the choice is kept for the device (a lasting cookie; another tab stays
 * on the full page), and that page offers "Compact view" back to the cards. Both links are reached with Tab and
 * followed with Enter, by their accessible names.
 */
import { describe, expect, test } from 'vitest';
import { startRig, tabTo } from './browser.js';
import { cardStackStudy, openPhone } from './phone.js';

describe('the card stack and the full page on a phone', () => {
  test('Full view leads to the full page and is kept for the device; Compact view leads back', async () => {
    const rig = await startRig({
      items: [
        { id: 'v1', text: 'The room was spotless.' },
        { id: 'v2', text: 'Breakfast was late.' },
      ],
      config: cardStackStudy(),
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=phone07&STUDY_ID=s1');
    await page.waitForURL(/#\/pocket$/);
    await page.locator('.pocket-card').waitFor();

    // named for a screen reader, reached by Tab and followed by Enter
    await page.getByRole('link', { name: 'Full view' }).waitFor();
    await tabTo(page, 'a[href="/annotate?desktop=1"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('instance-text').waitFor();
    expect(page.url()).not.toMatch(/pocket/);
    const choice = (await context.cookies()).find((c) => c.name === 'marginalia.desktop');
    expect(choice?.value).toBe('1');
    // a lasting cookie, not one for the browser session: the phone keeps the full page after the browser closes
    expect(choice!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

    // another tab through Potato's annotation page stays on the full page
    const other = await context.newPage();
    await other.goto(`${rig.t.url}/annotate`);
    await other.getByTestId('instance-text').waitFor();
    expect(other.url()).not.toMatch(/pocket/);
    await other.getByRole('link', { name: 'Compact view' }).waitFor();
    await other.close();

    await page.getByRole('link', { name: 'Compact view' }).waitFor();
    await tabTo(page, 'a[href="/pocket"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/pocket$/);
    await page.locator('.pocket-card').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'marginalia.desktop')).toBeUndefined();
    expect(rig.foreign).toEqual([]);
    await context.close();
  }, 120_000);

  test('a desktop browser is offered no Compact view', async () => {
    const rig = await startRig({ items: [{ id: 'w1', text: 'Quiet street.' }], config: cardStackStudy() });
    const page = await rig.open('/?PROLIFIC_PID=desk01&STUDY_ID=s1');
    await page.getByTestId('instance-text').waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(await page.getByRole('link', { name: 'Compact view' }).count()).toBe(0);
  }, 120_000);
});
