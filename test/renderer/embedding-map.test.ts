/**
 * The dashboard's embedding map in headless Chromium: one dot per item coloured by cluster with a legend naming
 * the clusters, an item's id and text (as text) on hover and on focus, keyboard selection and "Put these first"
 * changing the next annotator's list as read over HTTP, accessible names, the sentences for a map that is off or
 * has too few items, a 360 px screen without sideways scroll, and a map of 3,000 items.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_UI, startRig, unnamedControls, type BrowserRig } from './browser.js';
import { axeViolations, failing } from './axe.js';
import { startServer, type TestServer } from '../helpers/server.js';

const WORDS = {
  boats: ['harbour', 'sail', 'keel', 'anchor', 'mast', 'tide', 'rudder', 'deck'],
  bread: ['yeast', 'crust', 'knead', 'rye', 'loaf', 'bakery', 'starter', 'proof'],
  birds: ['heron', 'wren', 'feather', 'nest', 'beak', 'migration', 'owl', 'plumage'],
};
/** Items of three topics (`boats-0` …), each a few of its topic's words among common ones. */
function topics(perTopic: number): { id: string; text: string }[] {
  return Object.entries(WORDS).flatMap(([topic, w]) =>
    Array.from({ length: perTopic }, (_, i) => ({
      id: `${topic}-${i}`,
      text: `A note on ${w[i % 8]} and ${w[(i + 3) % 8]}, then ${w[(i + 5) % 8]} with ${w[(i + 6) % 8]} again.`,
    })),
  );
}
const schemes = [{ annotation_type: 'radio', name: 'topic', labels: ['boats', 'bread', 'birds'] }];
const diversity = (extra: Record<string, unknown> = {}) => ({
  annotation_schemes: schemes,
  assignment_strategy: 'diversity_clustering',
  diversity_ordering: { enabled: true, num_clusters: 3, auto_clusters: false },
  embedding_visualization: { enabled: true, label_source: 'majority', ...extra },
});
// an item whose text looks like markup: it must show as those characters
const MARKUP = '<b>bold</b> <img src=x onerror="window.hacked=1"> harbour sail keel';
const items = [...topics(8), { id: 'boats-markup', text: MARKUP }];

let rig: BrowserRig;

async function mapPage(t: TestServer, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await rig.browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${t.url}/#/admin/embedding-map`);
  await page.getByLabel('Admin API key').fill(t.adminKey);
  await page.getByRole('button', { name: 'Open dashboard' }).click();
  await page.getByTestId('section-embedding-map').waitFor();
  return page;
}
const dots = (page: Page) => page.getByTestId('embedding-scatter').locator('circle.map-dot');
const shown = (page: Page) => page.getByTestId('shown-item');

describe('embedding map page', () => {
  beforeAll(async () => {
    rig = await startRig({ items, config: diversity() });
  });

  test('is behind the admin key: without it the map is not shown', async () => {
    const page = await rig.open('/#/admin/embedding-map');
    await page.getByLabel('Admin API key').waitFor();
    expect(await page.getByTestId('section-embedding-map').count()).toBe(0);
  });

  test('draws one dot per item, names the clusters, shows the stats and an item on hover as text', async () => {
    const slipsBefore = rig.slips.length;
    const page = await mapPage(rig.t);
    await expect.poll(() => dots(page).count()).toBe(items.length);
    const legend = page.getByTestId('cluster-legend');
    expect(await legend.locator('label').evaluateAll((ls) => ls.map((l) => l.textContent))).toEqual([
      expect.stringMatching(/^Cluster 1 \(\d+ items\)$/),
      expect.stringMatching(/^Cluster 2 \(\d+ items\)$/),
      expect.stringMatching(/^Cluster 3 \(\d+ items\)$/),
    ]);
    // a dot's colour is its cluster's: three colours, one per topic
    const colours = await dots(page).evaluateAll((cs) => cs.map((c) => c.getAttribute('fill')));
    expect(new Set(colours).size).toBe(3);
    await expect
      .poll(() => page.getByTestId('embedding-stats').innerText())
      .toMatch(/^25 of 25 items shown \(0 annotated\) · 3 clusters/);

    const points = (await rig.t.admin().get('/admin/api/embedding_viz/data')).body.points as { instance_id: string }[];
    const markupAt = points.findIndex((p) => p.instance_id === 'boats-markup');
    await dots(page).nth(markupAt).hover({ force: true });
    await expect.poll(() => shown(page).innerText()).toContain('boats-markup');
    expect(await shown(page).locator('.item-text').innerText()).toBe(MARKUP);
    expect(await shown(page).locator('b, img').count()).toBe(0);
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    expect(rig.slips.slice(slipsBefore)).toEqual([]);
  });

  test('items picked by keyboard and put first lead the next annotator’s list, read over HTTP', async () => {
    const page = await mapPage(rig.t);
    await dots(page).first().waitFor();
    await page.getByLabel('Filter items by id or text').focus();
    await page.keyboard.type('bread-2');
    await page.keyboard.press('Tab');
    // focusing an item shows it, with its ring on the map
    await expect.poll(() => shown(page).innerText()).toContain('bread-2');
    expect(await page.getByTestId('map-ring').count()).toBe(1);
    await page.keyboard.press('Space');
    await page.getByLabel('Filter items by id or text').fill('');
    const put = page.getByRole('button', { name: /^Put these first/ });
    await expect.poll(() => put.innerText()).toBe('Put these first (1)');
    for (let i = 0; i < 30 && !(await put.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'first' }).innerText())
      .toMatch(/^1 item comes first in the lists of annotators who start from now on/);
    expect(await put.innerText()).toBe('Put these first (0)');

    const nell = await rig.t.client().login('nell');
    expect((await nell.get('/api/current_instance')).body.instance_id).toBe('bread-2');
  });

  test('a whole cluster is picked from the legend by keyboard and put first in the map’s order', async () => {
    const page = await mapPage(rig.t);
    const first = page.getByTestId('cluster-legend').getByRole('checkbox').first();
    await first.focus();
    await page.keyboard.press('Space');
    const picked = await page.getByTestId('embedding-items').getByRole('checkbox', { checked: true }).count();
    expect(picked).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: /^Put these first/ }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'first' }).innerText())
      .toMatch(new RegExp(`^${picked} items come first`));
    const ids = (await rig.t.admin().get('/admin/api/embedding_viz/data')).body.points as {
      instance_id: string;
      cluster: number;
    }[];
    const cluster0 = ids.filter((p) => p.cluster === 0).map((p) => p.instance_id);
    const otto = await rig.t.client().login('otto');
    expect((await otto.get('/api/current_instance')).body.instance_id).toBe(cluster0[0]);
  });

  test('every control has an accessible name and axe finds nothing serious', async () => {
    const page = await mapPage(rig.t);
    await dots(page).first().waitFor();
    expect(await unnamedControls(page)).toEqual([]);
    expect(failing(await axeViolations(page))).toEqual([]);
    await page.getByRole('button', { name: 'Recompute map' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'recomputed' }).innerText())
      .toBe('Map recomputed: 25 items in 3 clusters.');
    expect(await dots(page).count()).toBe(items.length);
  });

  test('at 360 px the map, legend and list fit the screen without sideways scroll', async () => {
    const page = await mapPage(rig.t, { width: 360, height: 740 });
    await dots(page).first().waitFor();
    const extra = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(extra).toBe(0);
    await rig.screenshot(page, 'embedding-map-360');
  });

  test('says so when diversity ordering is off, and when there are too few items', async () => {
    const off = await startServer({
      items,
      config: { annotation_schemes: schemes },
      options: { staticDir: BUILT_UI },
    });
    const offPage = await mapPage(off);
    await expect
      .poll(() => offPage.getByTestId('embedding-off').innerText())
      .toMatch(/^The embedding map is off for this project\. .*diversity_ordering: enabled: true/);
    expect(await offPage.getByRole('button', { name: /^Put these first/ }).count()).toBe(0);

    const few = await startServer({
      items: items.slice(0, 2),
      config: diversity(),
      options: { staticDir: BUILT_UI },
    });
    const fewPage = await mapPage(few);
    await expect
      .poll(() => fewPage.getByTestId('embedding-too-few').innerText())
      .toBe('Too few items to map: the task has 2, and the map needs at least 3.');
    expect(await fewPage.getByTestId('embedding-scatter').count()).toBe(0);
  });

  test('a map of 3,000 items draws every dot, and its list is filtered and picked from', async () => {
    const many = await startServer({
      items: topics(1000),
      config: diversity({ sample_size: 5000 }),
      options: { staticDir: BUILT_UI },
    });
    const page = await mapPage(many);
    await expect.poll(() => dots(page).count(), { timeout: 60_000 }).toBe(3000);
    const list = page.getByTestId('embedding-items');
    expect(await list.getByRole('checkbox').count()).toBe(100);
    await page.getByLabel('Filter items by id or text').fill('birds-999');
    await expect.poll(() => list.getByRole('checkbox').count()).toBe(1);
    await dots(page).nth(10).click({ force: true });
    await list.getByRole('checkbox').check();
    expect(await page.getByRole('button', { name: /^Put these first/ }).innerText()).toBe('Put these first (2)');
  });
});
