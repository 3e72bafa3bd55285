/**
 * The card stack without a connection, in headless Chromium on an emulated phone: answers given offline wait in
 * the browser (the page says how many), reach the server in order when the connection is back, and one the
 * server refuses is dropped with a note instead of blocking the rest.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { cardStackStudy, openPhone } from './phone.js';

const items = [
  { id: 'o1', text: 'Signal at the trailhead.' },
  { id: 'o2', text: 'No signal in the valley.' },
  { id: 'o3', text: 'Still none on the ridge.' },
  { id: 'o4', text: 'Back in town.' },
];

describe('the card stack offline', () => {
  test('answers wait while offline, go when the connection is back, and a refused one is dropped with a note', async () => {
    const rig = await startRig({ items, config: cardStackStudy() });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=hiker01&STUDY_ID=s1');
    await page.waitForURL(/#\/pocket$/);
    const card = page.locator('.pocket-card');
    const progress = page.getByTestId('pocket-progress');
    const waiting = page.getByRole('status').filter({ hasText: 'answers waiting to be sent' });
    const answers = async () =>
      (await rig.t.admin().get('/admin/user_state/hiker01')).body.annotations.by_instance as Record<string, unknown>;

    await page.getByRole('button', { name: 'good', exact: true }).tap();
    await expect.poll(() => progress.innerText()).toBe('1 / 4');

    await context.setOffline(true);
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o2');
    await page.getByRole('button', { name: 'bad', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o3');
    await page.getByRole('button', { name: 'mixed', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o4');
    expect(await waiting.innerText()).toMatch(/: 2$/);
    expect(Object.keys(await answers())).toEqual(['o1']);

    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await expect.poll(() => progress.innerText()).toBe('3 / 4');
    expect(await answers()).toEqual({
      o1: { 'tone:good': 'true' },
      o2: { 'tone:bad': 'true' },
      o3: { 'tone:mixed': 'true' },
    });

    // a queued answer the server refuses (an item that is not in the task) is dropped and named, not retried
    await page.evaluate(() => {
      localStorage.setItem(
        'marginalia.pocket.queue.hiker01',
        JSON.stringify([{ instance_id: 'no-such-item', annotations: { 'tone:good': 'true' } }]),
      );
      window.dispatchEvent(new Event('online'));
    });
    await page.getByText(/The server refused answers given offline: no-such-item/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('marginalia.pocket.queue.hiker01'))).toBeNull();
    expect(rig.foreign).toEqual([]);
    await context.close();
  });
});

describe('a connection that comes back slowly', () => {
  test('answers whose first send fails when the connection returns are sent again without another online event', async () => {
    const rig = await startRig({ items, config: cardStackStudy() });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=ranger01&STUDY_ID=s1');
    await page.waitForURL(/#\/pocket$/);
    const card = page.locator('.pocket-card');
    const waiting = page.getByRole('status').filter({ hasText: 'answers waiting to be sent' });
    await page.getByRole('button', { name: 'good', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o2');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'bad', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o3');
    await waiting.waitFor();

    // back online, but the first sends do not get through (the link is not up yet)
    let refusedSends = 0;
    await context.route('**/updateinstance', (route) => {
      refusedSends++;
      return route.abort('internetdisconnected');
    });
    await context.setOffline(false);
    await expect.poll(() => refusedSends).toBeGreaterThan(0);
    await context.unroute('**/updateinstance');
    await waiting.waitFor({ state: 'detached' });
    expect((await rig.t.admin().get('/admin/user_state/ranger01')).body.annotations.by_instance).toEqual({
      o1: { 'tone:good': 'true' },
      o2: { 'tone:bad': 'true' },
    });
    expect(rig.foreign).toEqual([]);
    await context.close();
  });
});

describe('the card stack opened again offline', () => {
  test('a phone that lost its connection reopens the stack where it was, answers and all, and sends what it adds', async () => {
    const rig = await startRig({ items, config: cardStackStudy() });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=walker01&STUDY_ID=s1');
    await page.waitForURL(/\/pocket\/#\/pocket$/);
    // the worker is in charge of the page once it has kept what opening it again needs
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const card = page.locator('.pocket-card');
    await page.getByRole('button', { name: 'good', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o2');

    await context.setOffline(true);
    // the server cannot be reached from the page, the worker included
    expect(
      await page.evaluate(() =>
        fetch('/pocket/api/batch').then(
          () => 'reached',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await page.goto(`${rig.t.url}/pocket`);
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o2');
    expect(page.url()).toMatch(/\/pocket\/#\/pocket$/);
    await page.getByRole('button', { name: 'Previous' }).tap();
    expect(await page.getByRole('button', { name: 'good', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.getByRole('button', { name: 'bad', exact: true }).tap();
    await expect.poll(() => card.getAttribute('data-instance')).toBe('o3');
    await page.getByRole('status').filter({ hasText: 'answers waiting to be sent' }).waitFor();

    await context.setOffline(false);
    await expect
      .poll(async () => (await rig.t.admin().get('/admin/user_state/walker01')).body.annotations.by_instance)
      .toEqual({ o1: { 'tone:good': 'true' }, o2: { 'tone:bad': 'true' } });

    // logging out forgets the kept batch and the worker's copies, so the next person on this phone sees neither
    expect(await page.evaluate(() => localStorage.getItem('marginalia.pocket.batch.walker01'))).not.toBeNull();
    await page.getByRole('button', { name: /log out/i }).click();
    await page.getByRole('textbox').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('marginalia.pocket.batch.walker01'))).toBeNull();
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('marginalia-pocket');
      return Promise.all((await cache.keys()).map(async (r) => (await cache.match(r))!.text()));
    });
    expect(kept.join('\n')).not.toContain('walker01');
    expect(rig.foreign).toEqual([]);
    await context.close();
  });
});
