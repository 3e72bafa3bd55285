/**
 * Browser-test support: the real server serving the built UI, and Debian's headless Chromium driven by
 * playwright-core.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openBrowser } from '../helpers/chromium.js';
import { startServer, type TestServer } from '../helpers/server.js';
import type { ProjectSpec } from '../helpers/project.js';
import type { Client } from '../helpers/client.js';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');

/**
 * The built UI the test servers serve: what `npm start` serves, brought up to date for the run by the globalSetup
 * (test/helpers/build-global.ts), so a fresh clone builds it once instead of once per worker.
 */
export const BUILT_UI = resolve(import.meta.dirname, '../../dist/renderer');

export interface BrowserRig {
  t: TestServer;
  browser: Browser;
  /** a fresh browser context (its own cookies) with the page at `path`; requests off the server fail the test */
  open(path?: string, viewport?: { width: number; height: number }): Promise<Page>;
  /**
   * As `open`, but the context is signed in as `username` first: its own session from POST /auth (what the login
   * form sends), its cookie in the context's jar. A second or more per test quicker than the form on a loaded
   * machine; tests about logging in, out and sessions keep the form (`logIn`).
   */
  signedIn(
    username: string,
    password: string,
    path?: string,
    viewport?: { width: number; height: number },
  ): Promise<Page>;
  /**
   * As `signedIn`, but with the session `client` holds (its session cookies copied into the fresh context), so the
   * page and the client are one signed-in annotator without a second password check: each check is a scrypt hash
   * of tens of milliseconds of CPU, paid again for every annotator of every test.
   */
  sharingSession(client: Client, path?: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** requests the pages made to anything but the server under test */
  foreign: string[];
  /** console errors, uncaught page errors and 404s from the server under test, in the order they came */
  slips: string[];
  screenshot(page: Page, name: string): Promise<void>;
}

const DESKTOP = { width: 1280, height: 800 };
/** the session cookie and its signature, as the server sets them */
const SESSION_COOKIES = ['marginalia.sid', 'marginalia.sid.sig'];

/** `dataDir`: the data folder, where a test needs it somewhere of its own (a small disk); else a fresh temp folder */
export async function startRig(
  spec: ProjectSpec & { options?: Record<string, unknown>; dataDir?: string } = {},
): Promise<BrowserRig> {
  const t = await startServer({ ...spec, options: { ...spec.options, staticDir: BUILT_UI } });
  const browser = await openBrowser();
  const foreign: string[] = [];
  const slips: string[] = [];
  const context = async (viewport: { width: number; height: number }) => {
    const c = await browser.newContext({ viewport });
    c.on('request', (r) => {
      if (!r.url().startsWith(t.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    c.on('console', (m) => {
      if (m.type() === 'error') slips.push(`console: ${m.text()} (${m.location().url})`);
    });
    c.on('weberror', (e) => slips.push(`page error: ${e.error().message}`));
    c.on('response', (r) => {
      if (r.status() === 404 && r.url().startsWith(t.url)) slips.push(`404: ${r.url()}`);
    });
    return c;
  };
  return {
    t,
    browser,
    foreign,
    slips,
    async open(path = '/', viewport = DESKTOP) {
      const page = await (await context(viewport)).newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(t.url + path);
      return page;
    },
    async signedIn(username, password, path = '/', viewport = DESKTOP) {
      const c = await context(viewport);
      await signIn(c, t.url, username, password);
      const page = await c.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(t.url + path);
      return page;
    },
    async sharingSession(client, path = '/', viewport = DESKTOP) {
      const c = await context(viewport);
      const cookies = SESSION_COOKIES.map((name) => ({ name, value: client.cookie(name) ?? '' }));
      if (cookies.some((k) => !k.value)) throw new Error('the client holds no session to share');
      await c.addCookies(cookies.map((k) => ({ ...k, url: t.url, httpOnly: true, sameSite: 'Lax' as const })));
      const page = await c.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(t.url + path);
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
  };
}

/**
 * Signs a browser context in over HTTP: POST /auth as the login form sends it, from the context's own request
 * client, which shares the context's cookie jar, so the session cookie (SameSite, httpOnly) lands where its pages
 * will send it. A session of its own, as the form would make.
 */
export async function signIn(context: BrowserContext, url: string, username: string, password: string): Promise<void> {
  const r = await context.request.post(`${url}/auth`, { data: { username, password } });
  if (!r.ok()) throw new Error(`sign-in of ${username} failed: ${r.status()} ${await r.text()}`);
}

/** Logs in through the login form. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * The annotate page's progress line ("Instance 2 of 10 · 1 annotated"), read only once the page has finished
 * saving or moving: until then keys are ignored, so a test that pressed one on seeing the new line would lose it.
 */
export function progress(page: Page): Promise<string> {
  return page.evaluate(() => {
    if (document.querySelector('form[aria-label="Annotation"][aria-busy="true"]')) return '(busy)';
    return document.querySelector<HTMLElement>('[data-testid="progress-text"]')?.innerText ?? '(no progress line)';
  });
}

/** Presses Tab until the focused element matches `selector`; a keyboard user's way to a field. */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Form controls with no accessible name (no label, aria-label or text): each is an accessibility bug. */
export function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input, select, textarea, button')]
      .filter((el) => {
        const labels = (el as HTMLInputElement).labels;
        return !(
          labels?.length ||
          el.getAttribute('aria-label') ||
          el.getAttribute('aria-labelledby') ||
          el.textContent?.trim()
        );
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/** Opens a dashboard panel from its menu, as an admin would, and waits until it is the current one. */
export async function openPanel(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Dashboard panels' }).getByRole('link', { name, exact: true });
  await link.click();
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('nav[aria-label="Dashboard panels"] a[aria-current="page"]')].some(
        (a) => a.textContent === n,
      ),
    name,
  );
}

/** Waits until the page says every answer reached the server: a step is sent after the next item is painted. */
export const allSaved = (page: Page) =>
  expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: 10_000 }).toBe('All answers saved');
