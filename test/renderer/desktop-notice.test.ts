/**
 * The annotate screen's notice to touch devices, in headless Chromium: a phone on a task that is not touch-capable
 * (a span scheme) sees that a desktop browser is recommended, naming the scheme; dismissed, it stays away after a
 * reload on that device. An iPad whose Safari calls itself a Mac gets the notice too, found by its pointer, and is
 * reported to the Devices report as a tablet, which the server could not tell from its User-Agent; on a task the
 * card stack serves it is sent there, and stays on the desktop page once it chooses "Full view".
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { cardStackStudy, openPhone } from './phone.js';

const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('the "use a desktop" notice', () => {
  test('a phone on a task not made for touch: the notice, dismissed for good; an iPad found by its pointer', async () => {
    const rig = await startRig({
      items: [{ id: 'd1', text: 'Alice flew to Paris.' }],
      config: {
        login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
        pocket: { enabled: true },
        annotation_schemes: [
          { annotation_type: 'radio', name: 'tone', labels: ['good', 'bad'] },
          { annotation_type: 'span', name: 'mentions', labels: ['person', 'place'] },
        ],
      },
    });
    const phone = await openPhone(rig, '/?PROLIFIC_PID=phone01&STUDY_ID=s1');
    const notice = phone.page.getByTestId('desktop-notice');
    await notice.waitFor();
    expect(await notice.locator('p').innerText()).toBe(
      'This task has questions that are not made for phones or tablets (mentions): a desktop browser is recommended.',
    );
    await notice.getByRole('button', { name: 'Dismiss' }).tap();
    await notice.waitFor({ state: 'detached' });
    // remembered on this device: after a reload the page reads the routing facts again and shows no notice
    const routing = phone.page.waitForResponse((r) => r.url().endsWith('/pocket/api/routing'));
    await phone.page.reload();
    await routing;
    await phone.page.getByTestId('instance-text').waitFor();
    // the answer's body read and drawn: a frame, then the tasks queued behind it
    await phone.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(await notice.count()).toBe(0);
    await phone.context.close();

    const ipad = await openPhone(rig, '/?PROLIFIC_PID=ipad01&STUDY_ID=s1', { userAgent: IPAD_AS_MAC });
    await ipad.page.getByTestId('desktop-notice').waitFor();
    await expect
      .poll(async () => {
        const devices = await rig.t.admin().get('/pocket/api/devices');
        return devices.body.users.find((u: { username: string }) => u.username === 'ipad01')?.tablet_visits;
      })
      .toBe(1);
    const phoneRow = (await rig.t.admin().get('/pocket/api/devices')).body.users.find(
      (u: { username: string }) => u.username === 'phone01',
    );
    // the phone said what it is in its User-Agent: the page did not report it again
    expect(phoneRow?.tablet_visits ?? 0).toBe(0);
    expect(rig.foreign).toEqual([]);
    await ipad.context.close();
  }, 120_000);

  test('an iPad that calls itself a Mac is sent to the card stack, and stays on the desktop page once chosen', async () => {
    const rig = await startRig({
      items: [{ id: 'c1', text: 'The room was spotless.' }],
      config: cardStackStudy(),
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=ipad02&STUDY_ID=s1', { userAgent: IPAD_AS_MAC });
    await page.waitForURL(/#\/pocket$/);
    await page.locator('.pocket-card').waitFor();
    const routing = page.waitForResponse((r) => r.url().endsWith('/pocket/api/routing'));
    await page.getByRole('link', { name: 'Full view' }).tap();
    await routing;
    await page.getByTestId('instance-text').waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(page.url()).not.toMatch(/pocket/);
    expect(await page.getByTestId('desktop-notice').count()).toBe(0);
    await context.close();
  }, 120_000);
});
