/**
 * axe-core on the login, annotate (with and without the keymap open), study phase and dashboard pages (every
 * panel), in the light and the dark theme: no critical
 * or serious violation, one main landmark, every piece of content inside a landmark, and one h1 per page.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, signIn, startRig, type BrowserRig } from './browser.js';
import { axeViolations, failing } from './axe.js';

const PANELS = ['overview', 'annotators', 'instances', 'notes', 'quality', 'agreement', 'webhooks', 'data', 'settings'];
let rig: BrowserRig;

async function check(page: Page, where: string) {
  const problems = failing(await axeViolations(page));
  expect(problems, `${where}: ${JSON.stringify(problems, null, 1)}`).toEqual([]);
  expect(await page.locator('h1').count(), `${where}: h1 count`).toBe(1);
  expect(await page.locator('main, [role="main"]').count(), `${where}: main landmarks`).toBe(1);
}

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (scheme) => {
  beforeAll(async () => {
    rig = await startRig({ config: { admin_users: ['root'] } });
    const alice = await rig.t.client().login('alice', 'alice-pass');
    await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    await alice.post('/api/item_note', { instance_id: 'item-1', note: 'is this sarcasm?', flags: ['unsure'] });
    await rig.t.client().login('bob', 'bob-pass-1');
  });

  const open = async (path: string, as?: [string, string]) => {
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    if (as) await signIn(context, rig.t.url, ...as);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(rig.t.url + path);
    return page;
  };

  test('login page', async () => {
    const page = await open('/');
    await page.getByLabel('Username').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    await check(page, 'login');
  });

  test('annotate page, with a label chosen and a flag set', async () => {
    const page = await open('/', ['bob', 'bob-pass-1']);
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Shift+U');
    await page.getByTestId('item-note-state').getByText('Note saved').waitFor();
    await check(page, 'annotate');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await check(page, 'annotate with the keymap open');
  });

  test('dashboard, every panel', async () => {
    const page = await open('/#/admin');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await check(page, 'admin key form');
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    for (const panel of PANELS) {
      await page.goto(`${rig.t.url}/#/admin/${panel}`);
      await page.locator(`[data-testid="section-${panel}"] h2`).waitFor();
      await page.waitForFunction(() => !document.querySelector('.loading'));
      await check(page, `dashboard ${panel}`);
    }
  });

  test('a study phase page (consent)', async () => {
    const study = await startRig({
      config: {
        phases: {
          order: ['consent', 'annotation', 'poststudy'],
          consent: { title: 'Consent', content: 'We study how people read reviews.' },
          poststudy: {
            title: 'Survey',
            questions: [{ id: 'hard', text: 'Was it hard?', type: 'radio', options: ['yes', 'no'] }],
          },
        },
      },
    });
    await study.t.client().login('dana', 'dana-pass');
    const context = await study.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(study.t.url + '/');
    await logIn(page, 'dana', 'dana-pass');
    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    await check(page, 'consent phase');
  });
});
