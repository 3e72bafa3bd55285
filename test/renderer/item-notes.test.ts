/**
 * Notes and flags from the annotate screen's keyboard in headless Chromium: stored for the annotator, sent as a
 * signed item.flagged webhook to a real receiver, in the JSONL export, and listed and filtered in the dashboard.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, startRig, type BrowserRig } from './browser.js';
import { startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { verify } from '../helpers/webhook-receiver.js';

const SECRET = 'flag-secret';
let rig: BrowserRig;
let receiver: WebhookReceiver;
let page: Page;

describe('notes and flags on items', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    rig = await startRig({
      config: {
        webhooks: { endpoints: [{ name: 'flags', url: receiver.url, secret: SECRET, events: ['item.flagged'] }] },
      },
    });
    await rig.t.client().login('alice', 'alice-pass');
    page = await rig.signedIn('alice', 'alice-pass', '/');
    await page.getByTestId('instance-text').waitFor();
  });

  test('Shift+U flags the item and Shift+N writes a note, both saved at once and fired as item.flagged', async () => {
    await page.keyboard.press('?');
    const keymap = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await keymap.innerText()).toContain('Flag the item: unsure');
    await page.keyboard.press('Escape');
    await keymap.waitFor({ state: 'detached' });
    await page.keyboard.press('Shift+U');
    await expect.poll(() => page.getByTestId('flag-unsure').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('item-note-state').getByText('Note saved').waitFor();
    await page.keyboard.press('Shift+N');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('item-note-input');
    // typed into the note, label keys are text: "1" does not pick a label
    await page.keyboard.type('1 sarcasm, or not?');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await rig.t.admin().get('/admin/api/item_notes')).body.notes)
      .toMatchObject([{ instance_id: 'item-1', annotator: 'alice', note: '1 sarcasm, or not?', flags: ['unsure'] }]);
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('item-note-input');
    expect(await page.locator('fieldset[data-scheme="sentiment"] input:checked').count()).toBe(0);
    expect(await progress(page)).toMatch(/^Instance 1 of/);

    const [hook] = await receiver.waitFor((r) => r.length === 1);
    expect(hook.body).toMatchObject({
      event_type: 'item.flagged',
      data: { annotator_id: 'alice', instance_id: 'item-1', flags: ['unsure'], added: ['unsure'] },
    });
    expect(
      verify(
        SECRET,
        'v1_hex',
        {
          id: hook.id,
          timestamp: String(hook.headers['webhook-timestamp']),
          signature: String(hook.headers['webhook-signature']),
        },
        hook.raw,
        Number(hook.headers['webhook-timestamp']),
      ),
    ).toBe(true);
  });

  test('the note and flags stay with the item across a move and a reload, and reach the JSONL export', async () => {
    await page.keyboard.press('1'); // sentiment: positive
    await page.keyboard.press('Shift+B'); // broken item, too
    await expect.poll(() => page.getByTestId('flag-broken').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('item-note-state').getByText('Note saved').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    expect(await page.getByTestId('flag-broken').getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('#item-note-input').inputValue()).toBe('');
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of/);
    await expect.poll(() => page.locator('#item-note-input').inputValue()).toBe('1 sarcasm, or not?');
    expect(await page.getByTestId('flag-unsure').getAttribute('aria-pressed')).toBe('true');

    const rows = String((await rig.t.admin().get('/admin/api/export?format=jsonl')).text)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toMatchObject([
      {
        instance_id: 'item-1',
        annotator: 'alice',
        labels: { sentiment: 'positive' },
        note: '1 sarcasm, or not?',
        flags: ['unsure', 'broken'],
      },
    ]);
    await receiver.waitFor((r) => r.length === 2);
    expect(receiver.requests[1].body.data).toMatchObject({ flags: ['unsure', 'broken'], added: ['broken'] });
  });

  test('the dashboard lists the notes, filtered by flag and by text', async () => {
    const bob = await rig.t.client().login('bob', 'bob-pass');
    await bob.post('/api/item_note', { instance_id: 'item-2', flags: ['discuss'], note: 'two readings' });
    const admin = await rig.open('/#/admin/notes');
    await admin.getByLabel('Admin API key').fill(rig.t.adminKey);
    await admin.getByRole('button', { name: 'Open dashboard' }).click();
    const table = admin.getByTestId('notes-table');
    const rows = () => table.locator('tbody tr').allInnerTexts();
    await table.waitFor();
    expect(await rows()).toHaveLength(2);
    expect((await rows())[0]).toMatch(/^item-1\s+alice\s+Unsure\s*Broken item\s+1 sarcasm, or not\?/);
    await admin.getByLabel('Show flag').selectOption('discuss');
    await expect.poll(rows).toHaveLength(1);
    expect((await rows())[0]).toMatch(/^item-2\s+bob\s+Needs discussion\s+two readings/);
    await admin.getByLabel('Show flag').selectOption('');
    await expect.poll(rows).toHaveLength(2);
    await admin.getByLabel('Filter', { exact: true }).fill('sarcasm');
    expect(await rows()).toHaveLength(1);
    expect(rig.foreign).toEqual([]);
  });
});
