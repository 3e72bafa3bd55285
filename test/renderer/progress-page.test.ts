/**
 * The annotator's progress page in headless Chromium: with annotator_dashboard on, the navbar's Progress link
 * and Potato's /progress path open it; it shows the annotator's own counts and the project's, follows their
 * work, and passes axe. Off, there is no link.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';
import { axeViolations } from './axe.js';
import { sampleItems } from '../helpers/project.js';

describe('the progress page, in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({
      items: sampleItems(4),
      config: { annotator_dashboard: { enabled: true, show_active_annotators: true } },
    });
  });

  test('shows the annotator their own progress and the project’s, from the navbar and from /progress', async () => {
    const other = await rig.t.client().login('other');
    await other.get('/api/current_instance');
    await other.post('/updateinstance', { instance_id: 'item-3', annotations: { 'sentiment:neutral': 'true' } });
    const annie = await rig.t.client().login('annie', 'annie-secret-1');
    await annie.get('/api/current_instance');
    await annie.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });

    const page = await rig.signedIn('annie', 'annie-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Progress' }).click();
    await page.getByRole('heading', { name: 'Your annotation progress' }).waitFor();
    const you = page.getByTestId('personal-progress');
    await expect.poll(() => you.getByTestId('card-annotated').innerText()).toMatch(/^1\s+Annotated$/);
    expect(await you.getByTestId('card-assigned').innerText()).toMatch(/^4\s+Assigned$/);
    expect(await you.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    const project = page.getByTestId('project-progress');
    expect(await project.getByTestId('card-items-started').innerText()).toMatch(/^2\s+Items started$/);
    expect(await project.getByTestId('card-annotators-at-work').innerText()).toMatch(/^2\s+Annotators at work$/);
    expect(await project.innerText()).toContain('Items with at least one annotation: 2 of 4 (50%)');
    expect(await page.locator('main').innerText()).not.toContain('other');
    expect(await axeViolations(page)).toEqual([]);

    // Potato's path, as a bookmark: the same page, and the figures follow the annotator's work
    await annie.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:negative': 'true' } });
    await page.goto(rig.t.url + '/progress');
    await page.getByRole('heading', { name: 'Your annotation progress' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/progress');
    await expect.poll(() => you.getByTestId('card-annotated').innerText()).toMatch(/^2\s+Annotated$/);
    expect(await you.innerText()).toContain('Your assigned items completed: 2 of 4 (50%)');

    await page.getByRole('link', { name: 'Back to annotating' }).click();
    await page.getByTestId('instance-text').waitFor();
  }, 60_000);

  test('is not offered when the project leaves it off', async () => {
    const off = await startRig({ items: sampleItems(2) });
    await off.t.client().login('bea', 'bea-secret-1');
    const page = await off.signedIn('bea', 'bea-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const nav = page.getByRole('navigation', { name: 'Screens' });
    expect(await nav.getByRole('link', { name: 'Annotate' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Progress' }).count()).toBe(0);
  }, 60_000);
});
