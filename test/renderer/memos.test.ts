/**
 * Memos in headless Chromium: with memos on, the annotate page shows a Memos panel under the item's text; an
 * annotator adds, edits and deletes their own memos there and sees another's shared one; they are kept on the
 * server. With memos off the panel is not there and the page asks for no memo (so no 503 and no console error).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { logIn, progress, startRig, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

describe('memos, in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({ items: sampleItems(2), config: { annotation_ui: { memos: true } } });
  });

  test('add, edit and delete a memo; another annotator’s shared memo is shown, their private one is not', async () => {
    const other = await rig.t.client().login('other');
    await other.post('/api/memos', { instance_id: 'item-1', body: 'shared by other', visibility: 'shared' });
    await other.post('/api/memos', { instance_id: 'item-1', body: 'private to other' });
    await rig.t.client().login('annie', 'annie-secret-1');

    const page = await rig.signedIn('annie', 'annie-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const panel = page.getByRole('region', { name: 'Memos' });
    await panel.getByRole('button', { name: 'Memos (1)' }).click();
    expect(await panel.getByTestId('memo').allInnerTexts()).toEqual([
      expect.stringMatching(/shared by other\s+other · shared/),
    ]);

    await panel.getByLabel('New memo').fill('Sarcasm? ask the team');
    await panel.getByLabel('Visibility').selectOption('private');
    await panel.getByRole('button', { name: 'Add memo' }).click();
    await panel.getByRole('button', { name: 'Memos (2)' }).waitFor();
    const mine = panel.getByTestId('memo').filter({ hasText: 'Sarcasm?' });
    expect(await mine.innerText()).toMatch(/You · private/);

    await mine.getByRole('button', { name: 'Edit' }).click();
    const editing = panel.getByTestId('memo').filter({ has: page.getByLabel('Edit memo') });
    await editing.getByLabel('Edit memo').fill('Sarcasm: yes');
    await editing.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('Sarcasm: yes').waitFor();
    const stored = await rig.t.admin().get('/admin/api/memos?author=annie');
    expect(stored.body.memos.map((m: { body: string; visibility: string }) => [m.body, m.visibility])).toEqual([
      ['Sarcasm: yes', 'private'],
    ]);

    // the other annotator's memo has no edit or delete for annie
    expect(await panel.getByTestId('memo').filter({ hasText: 'shared by other' }).getByRole('button').count()).toBe(0);
    await panel.getByTestId('memo').filter({ hasText: 'Sarcasm: yes' }).getByRole('button', { name: 'Delete' }).click();
    await panel.getByRole('button', { name: 'Memos (1)' }).waitFor();
    expect((await rig.t.admin().get('/admin/api/memos?author=annie')).body.count).toBe(0);
    expect(rig.foreign).toEqual([]);
  }, 60_000);
});

describe('memos off', () => {
  test('no panel on the annotate page', async () => {
    const rig = await startRig({ items: sampleItems(2) });
    await rig.t.client().login('bert', 'bert-secret-1');
    const page = await rig.open('/');
    const asked: string[] = [];
    const failed: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/memos')) asked.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() >= 500) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      const at = new URL(m.location().url || 'about:blank').pathname;
      // not this test's: "who is signed in?" answered 401 before logging in, and the browser's own icon request
      const before = (at === '/api/me' && m.text().includes('401')) || at === '/favicon.ico';
      if (m.type() === 'error' && !before) errors.push(`${m.text()} ${at}`);
    });
    const study = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/study');
    await logIn(page, 'bert', 'bert-secret-1');
    expect((await (await study).json()).memos).toBe(false);
    await page.getByTestId('instance-text').waitFor();
    // the page has shown the next item too, so a per-item request would have gone out by now
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    expect(await page.getByRole('region', { name: 'Memos' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Memos/ }).count()).toBe(0);
    expect(asked).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
