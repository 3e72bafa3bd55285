/**
 * True progress in headless Chromium: the annotator sees their quota, or without one every instance they can
 * still get, with done and left — never the batch their list is handed out in — and the bar never moves back
 * as the list grows.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_UI, progress, signIn, startRig, type BrowserRig } from './browser.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { sampleItems } from '../helpers/project.js';
import { BATCH } from '../../server/domain/annotation/assignment.js';

const PASSWORD = 'correct-horse';
const bar = (p: Page) => p.getByRole('progressbar');
const barValues = async (p: Page) => ({
  now: Number(await bar(p).getAttribute('aria-valuenow')),
  max: Number(await bar(p).getAttribute('aria-valuemax')),
});

async function annotate(page: Page, position: number): Promise<void> {
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${position + 1} of`));
}

describe('true progress', () => {
  let rig: BrowserRig;
  let open: TestServer;
  beforeAll(async () => {
    rig = await startRig({
      items: sampleItems(60),
      config: { num_annotators_per_item: 1, max_annotations_per_user: 30 },
    });
    open = await startServer({
      items: sampleItems(45),
      config: { num_annotators_per_item: 1 },
      options: { staticDir: BUILT_UI },
    });
  });

  test('shows the quota, not the batch, and the bar holds its scale while the list grows', async () => {
    const api = await rig.t.client().login('alice', PASSWORD);
    expect((await api.get('/api/current_instance')).body.total_instances).toBe(BATCH);
    const page = await rig.signedIn('alice', PASSWORD, '/');
    await page.getByTestId('instance-text').waitFor();
    expect(await progress(page)).toBe('Instance 1 of 30 · 0 annotated · 30 left of your quota');
    expect(await bar(page).getAttribute('aria-label')).toBe('Annotated instances of your quota of 30');
    expect(await barValues(page)).toEqual({ now: 0, max: 30 });

    let last = 0;
    const answered = BATCH - 3; // past the point where the list is handed its next batch
    for (let i = 1; i <= answered; i++) {
      await annotate(page, i);
      const values = await barValues(page);
      expect(values.max).toBe(30);
      expect(values.now).toBeGreaterThanOrEqual(last);
      last = values.now;
    }
    expect(await progress(page)).toBe(
      `Instance ${answered + 1} of 30 · ${answered} annotated · ${30 - answered} left of your quota`,
    );
    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    // the list did grow behind it
    expect((await api.get('/api/current_instance')).body.total_instances).toBe(30);
    expect(await barValues(page)).toEqual({ now: answered, max: 30 });
  }, 90_000);

  test('without a quota: every instance the annotator can still get, shrinking as others take theirs', async () => {
    const t = open;
    const page = await rig.browser.newPage();
    page.setDefaultTimeout(10_000);
    await t.client().login('alice', PASSWORD);
    await signIn(page.context(), t.url, 'alice', PASSWORD);
    await page.goto(t.url + '/');
    await page.getByTestId('instance-text').waitFor();
    expect(await progress(page)).toBe('Instance 1 of 45 · 0 annotated · 45 left');
    // another annotator arrives and is handed a batch of the instances alice does not hold: 45 − 20 − 20 = 5 are open
    await (await t.client().login('carl', PASSWORD)).get('/api/current_instance');
    await annotate(page, 1);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    await expect.poll(() => progress(page)).toBe('Instance 2 of 25 · 1 annotated · 24 left');
    expect(await barValues(page)).toEqual({ now: 1, max: 25 });
  });
});
