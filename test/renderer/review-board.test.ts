/**
 * The review board in headless Chromium: the admin opens it from Potato's /admin/review, sees each item in the
 * column its routing rule put it in, gives an item to a reviewer and moves it on from its card; the server keeps
 * both, and the reviewer's queue shows it. The page passes axe.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';
import { axeViolations } from './axe.js';

describe('the review board, in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({
      items: [
        { id: 'ok-1', text: 'trace that succeeded', status: 'ok' },
        { id: 'err-1', text: 'trace that failed', status: 'error' },
        { id: 'ok-2', text: 'another fine trace', status: 'ok' },
      ],
      config: {
        review_workflow: {
          enabled: true,
          reviewers: ['alice', 'bob'],
          routing: [
            { when: [{ field: 'status', equals: 'error' }], state: 'in_review', assign_to: 'alice', priority: 10 },
          ],
        },
      },
    });
  });

  test('shows the routed board; a card is assigned and moved, and the server keeps it', async () => {
    const page = await rig.open('/admin/review');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByRole('heading', { name: 'Review board' }).waitFor();
    const column = (name: string) => page.getByRole('region', { name, exact: true });
    const card = (id: string) => page.locator(`[data-testid="review-card"][data-instance="${id}"]`);
    await expect.poll(() => column('Pending').getByTestId('review-card').count()).toBe(2);
    expect(await column('In review').innerText()).toContain('trace that failed');
    expect(await card('err-1').getByLabel('Reviewer').inputValue()).toBe('alice');
    expect(await axeViolations(page)).toEqual([]);

    await card('ok-2').getByLabel('Reviewer').selectOption('bob');
    await expect
      .poll(async () => (await rig.t.admin().get('/admin/api/review/board')).body.board.pending[1].assignee)
      .toBe('bob');
    await card('ok-2').getByLabel('Move to').selectOption('needs_second');
    await expect.poll(() => column('Needs a second look').getByTestId('review-card').count()).toBe(1);
    expect(await column('Pending').getByTestId('review-card').count()).toBe(1);
    const bob = await rig.t.client().login('bob');
    const queue = (await bob.get('/api/review/my_queue')).body.queue;
    expect(queue.map((i: { instance_id: string; state: string }) => [i.instance_id, i.state])).toEqual([
      ['ok-2', 'needs_second'],
    ]);
  }, 60_000);
});
