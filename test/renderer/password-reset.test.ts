/**
 * A forgotten password in headless Chromium, as the user meets it: the login page's link leads to the
 * forgot-password form, which shows no link; the admin creates one; the user opens it, sets a new password on its
 * page and logs in with it on the login page, while the old one no longer works.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { logIn, startRig, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

describe('a password reset, walked in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({ items: sampleItems(2), config: { require_password: true } });
  });

  test('forgot-password form, the admin’s link, the new password, and logging in with it', async () => {
    await rig.t.client().login('walker', 'first-secret-1');

    const page = await rig.open('/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Username').fill('walker');
    await page.getByRole('button', { name: 'Ask for a reset link' }).click();
    await page.getByText('the project owner has been told').waitFor();
    expect(await page.content()).not.toContain('/reset/');
    const asked = await rig.t.admin().get('/admin/api/password-resets');
    expect(asked.body.requests.map((r: { username: string }) => r.username)).toEqual(['walker']);

    const link: string = (await rig.t.admin().post('/admin/create_reset_token', { username: 'walker' })).body
      .reset_link;
    await page.goto(link);
    await page.getByText('Choose a new password for walker').waitFor();
    // a mismatch comes back to the same form, saying why
    await page.getByLabel('New password').fill('second-secret-2');
    await page.getByLabel('Confirm password').fill('second-secret-3');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').filter({ hasText: 'confirm_password: does not match password' }).waitFor();
    await page.getByLabel('New password').fill('second-secret-2');
    await page.getByLabel('Confirm password').fill('second-secret-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password updated successfully').waitFor();

    await page.getByRole('link', { name: 'Log in' }).click();
    await logIn(page, 'walker', 'first-secret-1');
    await page.getByText('wrong username or password').waitFor();
    await logIn(page, 'walker', 'second-secret-2');
    await page.getByTestId('instance-text').waitFor();
    expect(rig.foreign).toEqual([]);
  }, 60_000);
});
