/**
 * The dashboard's Automation panel in headless Chromium: a project with two rules, one sending a webhook to a
 * receiver on 127.0.0.1 that takes it and one to a receiver that refuses it. Opened from Potato's /admin/automation,
 * the panel shows each rule in words with its counts, the actions' counts, the newest outcomes with the refusal's
 * text and item ids as text, and after Refresh the rules' work on an item that entered since. A project without
 * rules says how to add them. The page passes axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig } from './browser.js';
import { axeViolations } from './axe.js';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

async function automationPanel(rig: BrowserRig): Promise<Page> {
  const page = await rig.open('/admin/automation');
  await page.getByLabel('Admin API key').fill(rig.t.adminKey);
  await page.getByRole('button', { name: 'Open dashboard' }).click();
  await page.getByRole('heading', { name: 'Automation', exact: true }).waitFor();
  return page;
}

const ODD_ID = '<img src=x onerror="document.title=1">';

describe('the automation panel, in the browser', () => {
  let rig: BrowserRig;
  let lab: WebhookReceiver;
  let refusing: WebhookReceiver;

  beforeAll(async () => {
    lab = await startReceiver();
    refusing = await startReceiver(() => ({ status: 503 }));
    rig = await startRig({
      items: [
        { id: 'run-err', text: 'an agent run that failed', status: 'error' },
        { id: ODD_ID, text: 'a run that went well', status: 'ok' },
      ],
      config: {
        trace_ingestion: { enabled: true },
        automation: {
          enabled: true,
          rules: [
            {
              name: 'tell-the-lab',
              when: { field: 'status', in: ['error', 'failed'] },
              actions: [{ type: 'fire_webhook', url: `${lab.url}/hook`, headers: { 'x-hook-token': 'tok-s3cret' } }],
            },
            { name: 'mirror-all', actions: [{ type: 'fire_webhook', url: `${refusing.url}/mirror` }] },
          ],
        },
      },
    });
    await rig.t.server.services.automation.idle();
  });
  afterAll(async () => {
    await lab.close();
    await refusing.close();
    // the dashboard's first look, before the key is given, is a 401 the key form follows
    expect(rig.slips.filter((s) => !/401 \(Unauthorized\) \(\S+\/admin\/health\)/.test(s))).toEqual([]);
  });

  test('shows the rules in words with their counts, and the refused webhook with its text', async () => {
    expect(lab.requests.map((r) => r.body.item_id)).toEqual(['run-err']);
    expect(refusing.requests.length).toBe(2);
    const page = await automationPanel(rig);
    expect(page.url()).toBe(`${rig.t.url}/#/admin/automation`);

    const rules = page.getByRole('table', { name: 'Automation rules' });
    const rule = (name: string) => rules.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await rules.waitFor();
    expect(await rule('tell-the-lab').locator('td').allInnerTexts()).toEqual([
      'items where status is one of "error", "failed"',
      `POST it to ${lab.url}/hook with header x-hook-token`,
      '1',
      '0',
    ]);
    expect(await rule('mirror-all').locator('td').allInnerTexts()).toEqual([
      'every item',
      `POST it to ${refusing.url}/mirror`,
      '2',
      '2',
    ]);
    expect(await page.getByTestId('automation-counters').innerText()).toBe(
      'Items run through the rules: 2 · Rules fired: 3 · Actions failed: 2',
    );
    const actions = page.getByRole('table', { name: 'Automation actions' });
    expect(
      await actions
        .getByRole('row', { name: /Webhook/ })
        .locator('td')
        .allInnerTexts(),
    ).toEqual(['1', '2', '0']);

    const outcomes = page.getByRole('table', { name: 'Automation outcomes' });
    const failed = outcomes.locator('tbody tr[data-status="error"]');
    expect(await failed.count()).toBe(2);
    const refusedOdd = failed.filter({ hasText: ODD_ID });
    expect(await refusedOdd.locator('td').allInnerTexts()).toEqual([
      expect.any(String),
      ODD_ID,
      'mirror-all',
      'Webhook',
      'failed',
      'the receiver answered HTTP 503',
    ]);
    const delivered = outcomes.locator('tbody tr[data-status="ok"]');
    expect(await delivered.locator('td').allInnerTexts()).toEqual([
      expect.any(String),
      'run-err',
      'tell-the-lab',
      'Webhook',
      'done',
      'HTTP 200',
    ]);
    // the item id is text, not markup; the webhook's token is not shown
    expect(await page.locator('[data-testid="section-automation"] img').count()).toBe(0);
    expect(await page.content()).not.toContain('tok-s3cret');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  test('Refresh shows what the rules did to an item that entered since', async () => {
    const page = await automationPanel(rig);
    await page.getByTestId('automation-counters').waitFor();
    const sent = await rig.t.client().post('/api/traces/webhook', {
      id: 'late',
      task_description: 'a late run',
      status: 'failed',
      trace: [{ speaker: 'Agent', text: 'gave up' }],
    });
    expect(sent.status).toBe(200);
    await rig.t.server.services.automation.idle();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.getByTestId('automation-counters').innerText())
      .toBe('Items run through the rules: 3 · Rules fired: 5 · Actions failed: 3');
    await expect
      .poll(() => page.getByRole('table', { name: 'Automation outcomes' }).locator('tbody tr').count())
      .toBe(5);
    expect(lab.requests.map((r) => r.body.item_id)).toEqual(['run-err', 'webhook_late']);
  }, 60_000);
});

describe('the automation panel without rules', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({ items: [{ id: 'a', text: 'one item' }] });
  });

  test('says automation is off and how to add rules', async () => {
    const page = await automationPanel(rig);
    const empty = page.getByTestId('automation-empty');
    expect(await empty.innerText()).toMatch(/Automation is off/);
    expect(await empty.innerText()).toMatch(/enabled: true/);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);
});
