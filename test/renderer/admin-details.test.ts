/**
 * The dashboard's details in headless Chromium: an instance row opens that item with every annotator's answers,
 * the kappas stand beside alpha, "Send test" reports the delivery's real outcome (a closed port is a failure),
 * the progress chart counts per minute in a project's first hour, and a refused setting is shown by its field.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openPanel, startRig, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';
import { afterFile } from '../helpers/after-file.js';

let rig: BrowserRig;
let page: Page;
const panel = (name: string) => openPanel(page, name);

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
};

describe('dashboard details', () => {
  beforeAll(async () => {
    const receiver = createServer((_req, res) => res.writeHead(204).end());
    const open = await listen(receiver);
    afterFile(() => new Promise<void>((r) => receiver.close(() => r())));
    const gone = createServer();
    const closed = await listen(gone); // a port with nobody listening once closed
    await new Promise<void>((r) => gone.close(() => r()));
    rig = await startRig({
      items: sampleItems(6),
      config: {
        num_annotators_per_item: 2,
        webhooks: {
          enabled: true,
          endpoints: [
            { name: 'receiver', url: `http://127.0.0.1:${open}/hook`, events: ['*'], active: true },
            { name: 'nobody', url: `http://127.0.0.1:${closed}/hook`, events: ['webhook.test'], active: true },
          ],
        },
      },
    });
    const answers: Record<string, [string, string]> = {
      'item-1': ['positive', 'neutral'],
      'item-2': ['negative', 'negative'],
      'item-3': ['positive', 'positive'],
      'item-4': ['neutral', 'negative'],
    };
    const [ada, ben] = [await rig.t.client().login('ada', 'ada-pass'), await rig.t.client().login('ben', 'ben-pass')];
    for (const [id, [a, b]] of Object.entries(answers)) {
      expect(
        (
          await ada.post('/updateinstance', {
            instance_id: id,
            annotations: { [`sentiment:${a}`]: 'true', 'note:text': `ada on ${id}` },
          })
        ).status,
      ).toBe(200);
      expect(
        (await ben.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${b}`]: 'true' } })).status,
      ).toBe(200);
    }
    page = await rig.open('/#/admin');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  test('an instance row opens the item with every annotator’s answers', async () => {
    await panel('Instances');
    await page.getByTestId('instances-table').getByRole('button', { name: 'item-1', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Instance item-1' });
    await dialog.waitFor();
    // the dialog opens at once and says it is loading the instance until its answer comes
    await expect.poll(() => dialog.innerText()).toContain('Item 1: the product was great');
    const rows = await dialog.getByTestId('item-answers').locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^ada\s+text: ada on item-1\s+positive$/);
    expect(rows[1]).toMatch(/^ben\s+—\s+neutral$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('the kappas the agreement API computes stand beside alpha', async () => {
    const api = (await rig.t.admin().get('/admin/api/agreement')).body.by_schema.sentiment;
    await panel('Agreement');
    expect(typeof api.cohen_kappa).toBe('number');
    const row = page.getByTestId('section-agreement').locator('tbody tr', { hasText: 'sentiment' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual([
      api.krippendorff_alpha.toFixed(3),
      api.fleiss_kappa === null ? '—' : api.fleiss_kappa.toFixed(3),
      api.cohen_kappa.toFixed(3),
    ]);
    expect(await page.getByTestId('section-agreement').locator('thead').innerText()).toMatch(/Fleiss’ κ\s+Cohen’s κ/);
  });

  test('Send test says delivered for a live receiver and not delivered for a closed port', async () => {
    await panel('Webhooks');
    const table = page.getByTestId('webhooks-table');
    const row = (name: string) =>
      table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
    await row('nobody').getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => row('nobody').getByRole('status').innerText(), { timeout: 20_000 })
      .toMatch(/^Not delivered: the connection was refused/);
    await row('receiver').getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => row('receiver').getByRole('status').innerText(), { timeout: 20_000 })
      .toBe('Delivered: the endpoint answered 204.');
  });

  test('in the project’s first hour the progress chart counts per minute', async () => {
    await panel('Overview');
    await expect
      .poll(() => page.getByTestId('progress-chart').locator('figcaption').innerText())
      .toMatch(/per minute\.$/);
  });

  test('a refused setting is shown next to its field, not in a banner', async () => {
    await panel('Settings');
    await page.getByLabel('Task name').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const note = page.locator('#cfg-error-annotation_task_name');
    await note.waitFor();
    expect(await page.getByLabel('Task name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Task name').getAttribute('aria-describedby')).toBe('cfg-error-annotation_task_name');
    expect(await note.innerText()).not.toContain('annotation_task_name');
    expect(await page.locator('.config-form .error').count()).toBe(0);
  });
});
