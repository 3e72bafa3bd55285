/**
 * Pocket Mode in headless Chromium as a crowd worker on a phone meets it: the study link signs them in and leads
 * to the card stack, a tap on a label saves the card and moves on, the completion code shows at the end, the
 * answers are the annotator's ordinary ones (read back over HTTP) and are still counted after a reload. A swipe
 * turns the card as the arrow buttons do, and a save vibrates the phone once.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig } from './browser.js';
import { cardStackStudy, openPhone } from './phone.js';

const items = [
  { id: 'c1', text: 'The room was spotless.' },
  { id: 'c2', text: 'Noisy <i>all</i> night.' },
  { id: 'c3', text: 'Breakfast was fine.' },
];

describe('the card stack on a phone', () => {
  test('a study link on a phone leads to the cards; taps save each item and the code shows at the end', async () => {
    const rig = await startRig({
      items,
      config: cardStackStudy({ completion_code: 'PKT-7' }),
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=phone01&STUDY_ID=s1');
    await page.waitForURL(/#\/pocket$/);

    const card = page.locator('.pocket-card');
    const progress = page.getByTestId('pocket-progress');
    await expect.poll(() => progress.innerText()).toBe('0 / 3');
    // item values are text, never markup
    const taps = ['good', 'bad', 'mixed'];
    for (const [i, label] of taps.entries()) {
      await expect.poll(() => card.getAttribute('data-instance')).toBe(items[i].id);
      expect(await card.innerText()).toBe(items[i].text);
      await page.getByRole('button', { name: label, exact: true }).tap();
      await expect.poll(() => progress.innerText()).toBe(`${i + 1} / 3`);
    }
    await page.getByTestId('completion-code').waitFor();
    expect(await page.getByTestId('completion-code').innerText()).toBe('PKT-7');

    // saved as the worker's ordinary answers
    const state = await rig.t.admin().get('/admin/user_state/phone01');
    expect(state.status).toBe(200);
    expect(state.body.annotations.by_instance).toEqual({
      c1: { 'tone:good': 'true' },
      c2: { 'tone:bad': 'true' },
      c3: { 'tone:mixed': 'true' },
    });

    // and still there after a reload
    await page.reload();
    await expect.poll(() => progress.innerText()).toBe('3 / 3');
    expect(await page.getByTestId('completion-code').innerText()).toBe('PKT-7');
    expect(rig.foreign).toEqual([]);
    await context.close();
  });

  test('a swipe turns the card, left to the next and right to the previous; each save vibrates once', async () => {
    const rig = await startRig({ items, config: cardStackStudy() });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=phone02&STUDY_ID=s1', {
      // the page's calls to the vibrator, counted where the browser would make the phone buzz
      init: () => {
        (window as unknown as { buzzes: number[] }).buzzes = [];
        navigator.vibrate = (pattern) => {
          (window as unknown as { buzzes: unknown[] }).buzzes.push(pattern);
          return true;
        };
      },
    });
    await page.waitForURL(/#\/pocket$/);
    const shown = () => page.locator('.pocket-card').getAttribute('data-instance');
    const buzzes = () => page.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes.length);
    await expect.poll(shown).toBe('c1');

    await swipe(page, -150, 10); // left: the next card, nothing saved
    await expect.poll(shown).toBe('c2');
    await swipe(page, 150, -5); // right: back
    await expect.poll(shown).toBe('c1');
    await swipe(page, -100, 250); // mostly downwards: a scroll, not a turn
    await swipe(page, -40, 0); // too short to be a swipe
    await page.getByRole('button', { name: 'good', exact: true }).tap();
    await expect.poll(shown).toBe('c2');
    await expect.poll(buzzes).toBe(1);
    await swipe(page, 150, 0);
    await expect.poll(shown).toBe('c1');
    expect(await page.getByRole('button', { name: 'good', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await swipe(page, 150, 0); // no card before the first
    await expect.poll(shown).toBe('c1');
    expect(await buzzes()).toBe(1);
    const state = await rig.t.admin().get('/admin/user_state/phone02');
    expect(state.body.annotations.by_instance).toEqual({ c1: { 'tone:good': 'true' } });
    await context.close();
  });
});

describe("the card stack's web manifest", () => {
  test('names the icons a phone installs the page with, real PNGs of the sizes it states', async () => {
    const rig = await startRig({ items, config: cardStackStudy() });
    const manifest = await rig.t.client().get('/pocket/manifest.webmanifest');
    const icons: { src: string; sizes: string; type: string }[] = JSON.parse(manifest.text).icons;
    expect(icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const r = await fetch(`${rig.t.url}${icon.src}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(icon.type);
      const png = Buffer.from(await r.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});

/** A one-finger stroke across the card by (dx, dy) CSS pixels, as a touchscreen sends it. */
async function swipe(page: Page, dx: number, dy: number) {
  const box = (await page.locator('.pocket-card').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 150);
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => [{ x: x + (dx * i) / 5, y: y + (dy * i) / 5 }];
  // stamped as a stroke of 250 ms held still for 300 ms before the finger lifts, so the browser sees no fling that
  // would go on scrolling and swallow the next tap
  const t0 = Date.now() / 1000;
  const send = (type: string, touchPoints: { x: number; y: number }[], timestamp: number) =>
    cdp.send('Input.dispatchTouchEvent', { type: type as 'touchStart', touchPoints, timestamp });
  await send('touchStart', at(0), t0);
  for (let i = 1; i <= 5; i++) await send('touchMove', at(i), t0 + 0.05 * i);
  await send('touchEnd', [], t0 + 0.55);
  await cdp.detach();
}
