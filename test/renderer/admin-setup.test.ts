/**
 * The one-time admin setup link in headless Chromium, as the project owner meets it: the link printed at start-up
 * opens a password form, and submitting it from the browser sets the password and logs the admin in. A browser
 * sends the form's Origin, so the page must not make it `null` (which the cross-site guard refuses).
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { quietLogger } from '../helpers/server.js';
import { sampleItems } from '../helpers/project.js';

describe('the admin setup link, walked in the browser', () => {
  test('opens the form, sets the password, and lands on the app logged in as the admin', async () => {
    const from = quietLogger.lines.length;
    const rig = await startRig({ items: sampleItems(2), config: { admin_users: ['boss'] } });
    const log = quietLogger.lines.slice(from).join('\n');
    const link = /admin "boss" has no password yet: set it within 15 minutes at http:\/\/\S+(\/setup\?t=[\w-]+)/.exec(
      log,
    );
    expect(link, log).not.toBeNull();

    const page = await rig.open(link![1]);
    await page.getByRole('heading', { name: /Set the password of the admin account/ }).waitFor();
    await page.getByLabel('New password').fill('a-long-owner-secret-7');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/setup') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Set password and log in' }).click(),
    ]);
    expect(answer.status(), await answer.text().catch(() => '')).toBe(303);
    await page.waitForURL(`${rig.t.url}/`);
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me).toMatchObject({ username: 'boss', is_admin: true });
    // the link was used up: opening it again is refused
    expect((await rig.t.client().get(link![1])).status).toBeGreaterThanOrEqual(400);
    expect(rig.foreign).toEqual([]);
  }, 60_000);
});
