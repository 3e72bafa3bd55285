/**
 * The desktop window's first seconds, in headless Chromium (the browser inside Electron) against the server as
 * the shell starts it: the one-time sign-in link lands on the UI already signed in as the owner, with the admin
 * dashboard open to them, no login form and no log-out; the spent link signs nobody else in.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startHost } from '../../electron/host.js';
import { packageRoot } from '../../server/index.js';
import { BUILT_UI } from '../renderer/browser.js';
import { quietLogger } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { afterFile } from '../helpers/after-file.js';
import { openBrowser } from '../helpers/chromium.js';

describe('desktop sign-in in the browser', () => {
  it('opens the example signed in as the owner, with the dashboard, and the link works once', async () => {
    const host = await startHost({
      configFile: join(packageRoot(), 'examples', 'product-reviews', 'config.yaml'),
      bundled: true,
      userDataDir: tempDir('marginalia-userdata-'),
      owner: 'ana',
      staticDir: BUILT_UI,
      logger: quietLogger,
      env: {},
    });
    afterFile(() => host.close());
    const browser = await openBrowser();

    const context = await browser.newContext();
    // what preload.cts exposes in the real window, so the UI knows it runs in the desktop app
    await context.addInitScript(() => {
      (globalThis as unknown as { marginalia: object }).marginalia = {
        openProject: async () => false,
        revealDataFolder: async () => undefined,
        appVersion: async () => '0.0.0-test',
      };
    });
    const window = await context.newPage();
    window.setDefaultTimeout(10_000);
    const link = host.signInUrl();
    await window.goto(link);
    expect(window.url()).toBe(`${host.url}/`);
    await expect.poll(() => window.locator('.who').innerText()).toContain('ana');
    expect(await window.getByLabel('Password').count()).toBe(0);
    // the owner has no password to come back with, so the desktop UI offers no log-out
    expect(await window.getByRole('button', { name: 'Log out' }).count()).toBe(0);

    await window.getByRole('link', { name: 'Dashboard' }).click();
    await window.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(window.url()).toBe(`${host.url}/#/admin`);

    // the same link in another browser profile: refused, and that profile sees the login form
    const other = await (await browser.newContext()).newPage();
    other.setDefaultTimeout(10_000);
    const refused = await other.goto(link);
    expect(refused?.status()).toBe(401);
    await other.goto(`${host.url}/`);
    await other.getByLabel('Password').waitFor();
  });
});
