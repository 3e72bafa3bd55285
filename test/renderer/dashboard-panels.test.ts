/**
 * The dashboard's panels in headless Chromium: each at its own address with a menu (loaded directly, by the menu,
 * and by the browser's Back), and its tables sorted by a column header and filtered by text.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPanel, startRig, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

let rig: BrowserRig;

const PANELS: [string, string][] = [
  ['overview', 'Overview'],
  ['annotators', 'Annotators'],
  ['instances', 'Instances'],
  ['search', 'Search'],
  ['notes', 'Notes and flags'],
  ['quality', 'Quality control'],
  ['time', 'Time'],
  ['agreement', 'Agreement'],
  ['review', 'Review board'],
  ['webhooks', 'Webhooks'],
  ['automation', 'Automation'],
  ['data', 'Data'],
  ['settings', 'Settings'],
];

async function dashboard(path: string): Promise<Page> {
  const page = await rig.open(path);
  await page.getByLabel('Admin API key').fill(rig.t.adminKey);
  await page.getByRole('button', { name: 'Open dashboard' }).click();
  await page.getByRole('navigation', { name: 'Dashboard panels' }).waitFor();
  return page;
}

const shownPanels = (page: Page) =>
  page.locator('[data-testid^="section-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
const current = (page: Page) =>
  page.locator('nav[aria-label="Dashboard panels"] a[aria-current="page"]').allInnerTexts();

describe('dashboard panels', () => {
  beforeAll(async () => {
    rig = await startRig({ items: sampleItems(12) });
    // three annotators with 3, 1 and 2 answers: an order no column starts in
    const done: Record<string, number> = { carol: 3, adam: 1, bea: 2 };
    for (const [name, n] of Object.entries(done)) {
      const c = await rig.t.client().login(name, `${name}-pass`);
      for (let i = 1; i <= n; i++)
        expect(
          (await c.post('/updateinstance', { instance_id: `item-${i}`, annotations: { 'sentiment:positive': 'true' } }))
            .status,
        ).toBe(200);
    }
  });

  test('each panel has its own address and is the only one shown there', async () => {
    const page = await dashboard('/#/admin');
    expect(await current(page)).toEqual(['Overview']);
    await page.getByTestId('section-overview').waitFor();
    for (const [id, title] of PANELS) {
      await page.goto(`${rig.t.url}/#/admin/${id}`);
      await page.getByTestId(`section-${id}`).waitFor();
      expect(await shownPanels(page), id).toEqual([`section-${id}`]);
      expect(await current(page)).toEqual([title]);
      expect(await page.title()).toBe(`${title} · Dashboard · Marginalia`);
    }
    // an unknown panel is the overview
    await page.goto(`${rig.t.url}/#/admin/nothing-here`);
    await page.getByTestId('section-overview').waitFor();
  });

  test('the menu moves between panels and Back returns to the one before', async () => {
    const page = await dashboard('/#/admin/webhooks');
    await page.getByTestId('section-webhooks').waitFor();
    await openPanel(page, 'Annotators');
    expect(page.url()).toBe(`${rig.t.url}/#/admin/annotators`);
    await page.getByTestId('annotators-table').waitFor();
    await openPanel(page, 'Settings');
    await page.getByTestId('section-settings').waitFor();
    await page.goBack();
    await page.getByTestId('annotators-table').waitFor();
    expect(await current(page)).toEqual(['Annotators']);
  });

  test('the annotators table sorts by a column header, both ways, and filters by text', async () => {
    const page = await dashboard('/#/admin/annotators');
    const table = page.getByTestId('annotators-table');
    const names = () => table.locator('tbody th').allInnerTexts();
    await table.waitFor();
    const header = (name: string) => table.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    await header('Annotated').getByRole('button').click();
    expect(await names()).toEqual(['adam', 'bea', 'carol']);
    expect(await header('Annotated').getAttribute('aria-sort')).toBe('ascending');
    await header('Annotated').getByRole('button').click();
    expect(await names()).toEqual(['carol', 'bea', 'adam']);
    expect(await header('Annotated').getAttribute('aria-sort')).toBe('descending');
    await header('Annotator').getByRole('button').click();
    expect(await names()).toEqual(['adam', 'bea', 'carol']);
    expect(await header('Annotated').getAttribute('aria-sort')).toBeNull();
    await page.getByLabel('Filter annotators').fill('ca');
    expect(await names()).toEqual(['carol']);
    await page.getByLabel('Filter annotators').fill('');
    expect(await names()).toHaveLength(3);
  });

  test('the instances table sorts by annotations and id on the server, across pages, and filters by text', async () => {
    const page = await dashboard('/#/admin/instances');
    const table = page.getByTestId('instances-table');
    const ids = () => table.locator('tbody th').allInnerTexts();
    await table.waitFor();
    const sortBy = (name: string) =>
      table
        .getByRole('columnheader', { name: new RegExp(`^${name}`) })
        .getByRole('button')
        .click();
    await sortBy('Annotations');
    await expect.poll(async () => (await ids()).slice(0, 3)).toEqual(['item-4', 'item-5', 'item-6']); // none yet, in the task's order
    await sortBy('Annotations');
    await expect.poll(async () => (await ids()).slice(0, 3)).toEqual(['item-1', 'item-2', 'item-3']);
    await sortBy('Instance');
    await sortBy('Instance');
    await expect.poll(async () => (await ids())[0]).toBe('item-9');
    await page.getByLabel('Filter by id or text').fill('item-1');
    await expect.poll(ids).toEqual(['item-12', 'item-11', 'item-10', 'item-1']);
    expect(await page.getByTestId('instances-range').innerText()).toBe('1–4 of 4');
  });

  test('new figures arrive on Refresh and on returning to the window, with no loading flash in between', async () => {
    const page = await dashboard('/#/admin');
    const annotations = page.getByTestId('card-annotations').locator('.card-value');
    await expect.poll(() => annotations.innerText()).toBe('6');
    // count every loading note that appears from here on
    await page.evaluate(() => {
      const w = window as unknown as { loadingSeen: number };
      w.loadingSeen = 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element && (n.matches('.loading') || n.querySelector('.loading'))) w.loadingSeen++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const dan = await rig.t.client().login('dan', 'dan-pass');
    const annotate = async (id: string) =>
      expect(
        (await dan.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:negative': 'true' } })).status,
      ).toBe(200);

    await annotate('item-7');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => annotations.innerText()).toBe('7');

    // the tab comes back into view: read again at once, well before the 15 s refresh
    await annotate('item-8');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => annotations.innerText(), { timeout: 5_000 }).toBe('8');
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: number }).loadingSeen)).toBe(0);
  });
});
