/**
 * Login and the admin dashboard in headless Chromium against the real server: the wrong-password message,
 * registering, admin access by key and by an admin user's session, and every dashboard section showing the
 * numbers the admin API reports after real annotation work (agreement, webhooks with a real receiver, QC,
 * instances filter and paging, the settings editor).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, openPanel, startRig, unnamedControls, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';
import { afterFile } from '../helpers/after-file.js';

const received: { type: string; body: string }[] = [];
let rig: BrowserRig;

async function startReceiver(): Promise<string> {
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ type: JSON.parse(body).event_type, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterFile(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const card = (page: Page, name: string) => page.getByTestId(`card-${name}`).locator('.card-value').innerText();

describe('login and dashboard', () => {
  beforeAll(async () => {
    const hook = await startReceiver();
    rig = await startRig({
      items: sampleItems(30),
      config: {
        num_annotators_per_item: 2,
        admin_users: ['root'],
        webhooks: { enabled: true, endpoints: [{ name: 'receiver', url: hook, events: ['*'], active: true }] },
      },
    });
    // two annotators agree on two items and differ on a third: real agreement to show
    const labels: Record<string, [string, string]> = {
      'item-1': ['positive', 'positive'],
      'item-2': ['negative', 'negative'],
      'item-3': ['positive', 'neutral'],
    };
    const [alice, bob] = [
      await rig.t.client().login('alice', 'alice-pass'),
      await rig.t.client().login('bob', 'bob-pass'),
    ];
    for (const [id, [a, b]] of Object.entries(labels)) {
      expect(
        (await alice.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${a}`]: 'true' } })).status,
      ).toBe(200);
      expect(
        (await bob.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${b}`]: 'true' } })).status,
      ).toBe(200);
    }
    expect(
      (await alice.post('/updateinstance', { instance_id: 'item-4', annotations: { 'sentiment:neutral': 'true' } }))
        .status,
    ).toBe(200);
  });

  test('a wrong password says so, and nothing else happens', async () => {
    const page = await rig.open('/');
    await logIn(page, 'alice', 'not-her-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/wrong username or password/i);
    expect(await page.getByLabel('Username').isVisible()).toBe(true);
  });

  test('a new annotator registers from the login form and lands on the annotate screen', async () => {
    const page = await rig.open('/');
    await page.getByLabel('Username').fill('carol');
    await page.getByLabel('Password').fill('carol-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('instance-text').waitFor();
    expect(await page.locator('.who').innerText()).toContain('carol');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Username').waitFor();
    expect((await rig.t.client().login('carol', 'carol-pass')).cookie('marginalia.sid')).toBeTruthy();
  });

  test('the dashboard asks for the key, refuses a wrong one, and shows the real numbers with the right one', async () => {
    const page = await rig.open('/#/admin');
    await page.getByLabel('Admin API key').fill('not-the-key');
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByText('That key was not accepted').waitFor();
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // the key is kept for the tab only, never in the URL
    expect(page.url()).not.toContain(rig.t.adminKey);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    const admin = rig.t.admin();
    const overview = (await admin.get('/admin/api/overview')).body;
    await expect.poll(() => card(page, 'annotations')).toBe(String(overview.total_annotations));
    expect(overview.total_annotations).toBe(7);
    expect(await card(page, 'items')).toBe('30');
    expect(await card(page, 'completed-items')).toBe(String(overview.completed_items));
    expect(await card(page, 'annotators')).toBe(String(overview.total_users));
    expect(await card(page, 'completion')).toBe(`${Math.round(overview.completion_rate * 1000) / 10}%`);

    // per-annotator chart: one bar per annotator, labelled with the count (the hover cursor is a rectangle too)
    const chart = page.getByTestId('per-annotator-chart');
    const bars = Object.values(overview.per_annotator as Record<string, number>).filter((n) => n > 0).length;
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path.recharts-rectangle').count()).toBe(bars);
    const rows = await chart.locator('table tr').evaluateAll((trs) => trs.map((tr) => tr.textContent));
    expect(rows).toEqual(Object.entries(overview.per_annotator).map(([name, n]) => `${name}${n}`));
    await page.getByTestId('progress-chart').waitFor();
    // progress over time: the whole history the server derives from its timestamps
    const last = (await admin.get('/admin/api/timeline')).body.points.at(-1);
    expect(await page.getByTestId('progress-chart').locator('figcaption').innerText()).toContain(
      `${last.annotations} annotations and ${last.completed_items} completed instances`,
    );

    await openPanel(page, 'Annotators');
    expect(page.url()).toMatch(/#\/admin\/annotators$/);
    await page.getByTestId('annotators-table').waitFor();
    const annotatorRows = await page.getByTestId('annotators-table').locator('tbody tr').allInnerTexts();
    const listed = (await admin.get('/admin/api/annotators')).body.annotators as {
      username: string;
      annotated: number;
      assigned: number;
    }[];
    for (const [name, annotated] of [
      ['alice', 4],
      ['bob', 3],
    ] as const) {
      const api = listed.find((a) => a.username === name)!;
      expect(api.annotated).toBe(annotated);
      expect(annotatorRows.find((r) => r.startsWith(name))).toMatch(
        new RegExp(`^${name}\\s+${annotated}\\s+${api.assigned}\\s`),
      );
    }

    // agreement: the average the API computes, to three places
    await openPanel(page, 'Agreement');
    const agreement = (await admin.get('/admin/api/agreement')).body;
    expect(typeof agreement.overall.average_krippendorff_alpha).toBe('number');
    expect(await page.getByTestId('average-alpha').innerText()).toBe(
      agreement.overall.average_krippendorff_alpha.toFixed(3),
    );
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'dashboard');
  });

  test('the instances table filters by status and pages', async () => {
    const page = await rig.open('/#/admin/instances');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    const range = page.getByTestId('instances-range');
    await expect.poll(() => range.innerText()).toBe('1–20 of 30');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => range.innerText()).toBe('21–30 of 30');
    await expect.poll(() => page.getByTestId('instances-table').locator('tbody tr').count()).toBe(10);
    await page.getByLabel('Show status').selectOption('completed');
    await expect.poll(() => range.innerText()).toBe('1–3 of 3');
    // the range can show the new page's figures a frame before its rows: poll the rows too
    await expect
      .poll(() => page.getByTestId('instances-table').locator('tbody th').allInnerTexts())
      .toEqual(['item-1', 'item-2', 'item-3']);
    await page.getByLabel('Show status').selectOption('in_progress');
    await expect
      .poll(() => page.getByTestId('instances-table').locator('tbody th').allInnerTexts())
      .toEqual(['item-4']);
  });

  test('webhooks show their stats and "Send test" reaches the receiver', async () => {
    const page = await rig.open('/#/admin/webhooks');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    const table = page.getByTestId('webhooks-table');
    await table.waitFor();
    const stats = (await rig.t.admin().get('/admin/api/webhooks')).body.endpoints[0].stats;
    expect(await table.locator('tbody tr').innerText()).toContain(`receiver`);
    expect((await table.locator('tbody td').allInnerTexts()).slice(2, 3)).toEqual([String(stats.total_emitted)]);
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Delivered: the endpoint answered 200.').waitFor();
    await expect.poll(() => received.some((r) => r.type === 'webhook.test')).toBe(true);
  });

  test('the settings editor changes what the server uses', async () => {
    const page = await rig.open('/#/admin/settings');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByLabel('Task name').fill('Renamed task');
    await page.getByLabel('Annotators per item (empty: no limit)').fill('3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved: annotation_task_name, num_annotators_per_item.').waitFor();
    const config = (await rig.t.admin().get('/admin/api/config')).body;
    expect(config.annotation_task_name).toBe('Renamed task');
    expect(config.num_annotators_per_item).toBe(3);
    // a bad value is refused with the server's reason, shown by its field, and nothing changes
    await page.getByLabel('Task name').fill('   ');
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect(await page.locator('#cfg-error-annotation_task_name').innerText()).toMatch(/too small/i);
    expect((await rig.t.admin().get('/admin/api/config')).body.annotation_task_name).toBe('Renamed task');
  });

  test('an admin user reaches the dashboard from their session, without a key', async () => {
    // an admin name cannot be registered: its password is set with the admin key first
    expect(
      (await rig.t.admin().request('PUT', '/admin/api/users/root/password', { json: { password: 'root-pass-1' } }))
        .status,
    ).toBe(200);
    const page = await rig.signedIn('root', 'root-pass-1', '/');
    await page.getByTestId('instance-text').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByLabel('Admin API key').count()).toBe(0);
    expect(rig.foreign).toEqual([]);
  });
});
