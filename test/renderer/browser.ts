/**
 * Browser-test support: the real server serving the built UI, and Debian's headless Chromium driven by
 * playwright-core.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openBrowser } from '../helpers/chromium.js';
import { startServer, type TestServer } from '../helpers/server.js';
import type { ProjectSpec } from '../helpers/project.js';

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
  /** requests the pages made to anything but the server under test */
  foreign: string[];
  /** console errors, uncaught page errors and 404s from the server under test, in the order they came */
  slips: string[];
  screenshot(page: Page, name: string): Promise<void>;
}

export async function startRig(spec: ProjectSpec & { options?: Record<string, unknown> } = {}): Promise<BrowserRig> {
  const t = await startServer({ ...spec, options: { ...spec.options, staticDir: BUILT_UI } });
  const browser = await openBrowser();
  const foreign: string[] = [];
  const slips: string[] = [];
  return {
    t,
    browser,
    foreign,
    slips,
    async open(path = '/', viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport });
      context.on('request', (r) => {
        if (!r.url().startsWith(t.url) && !r.url().startsWith('data:')) foreign.push(r.url());
      });
      context.on('console', (m) => {
        if (m.type() === 'error') slips.push(`console: ${m.text()} (${m.location().url})`);
      });
      context.on('weberror', (e) => slips.push(`page error: ${e.error().message}`));
      context.on('response', (r) => {
        if (r.status() === 404 && r.url().startsWith(t.url)) slips.push(`404: ${r.url()}`);
      });
      const page = await context.newPage();
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
