/**
 * Keystroke logging from the annotate page in headless Chromium: with keystroke_logging on, the page says so, and
 * typing and pasting in a text answer reach the server as a session it summarizes (keys typed, the paste and its
 * source), without the text itself; on the next item only that item's typing is logged.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, progress, startRig, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

let rig: BrowserRig;
let page: Page;
let alice: Client;

describe('keystroke logging on the annotate page', () => {
  beforeAll(async () => {
    rig = await startRig({
      config: { keystroke_logging: { enabled: true, flush_interval_ms: 200, idle_session_ms: 60_000 } },
    });
    alice = await rig.t.client().login('alice', 'alice-pass');
    page = await rig.open('/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, 'alice', 'alice-pass');
    await page.getByTestId('instance-text').waitFor();
  });

  test('tells the annotator, and sends how the answer was typed and pasted, never what', async () => {
    expect(await page.getByTestId('typing-notice').innerText()).toMatch(/records the timing and rhythm of your typing/);
    const field = page.locator('#scheme-note-text');
    await field.click();
    await page.keyboard.type('Slow shipping', { delay: 40 });
    await page.keyboard.press('Backspace');
    // the item's own words pasted in: a quote of the passage
    await page.evaluate(() => navigator.clipboard.writeText('the product was great'));
    await page.keyboard.press('Control+V');
    await expect.poll(() => field.inputValue()).toBe('Slow shippinthe product was great');
    await field.blur();

    const summary = async () =>
      (await alice.get('/api/typing_summary/item-1')).body.typing_summaries['note:::text'] ?? null;
    await expect.poll(summary, { timeout: 20_000 }).not.toBeNull();
    const s = await summary();
    expect(s).toMatchObject({
      sessions: 1,
      keystrokes: 14,
      chars_typed: 13,
      chars_deleted: 1,
      paste_events: 1,
      pasted_chars: 21,
      paste_sources: { instance_text: 1 },
      external_insert_chars: 0,
      final_chars: 33,
    });
    expect(s.verdict.level).toBe('ok');
    // the stream holds classes of keys and lengths, not the characters
    const [session] = (await rig.t.admin().get('/admin/api/process_sessions/typing')).text.trim().split('\n');
    expect(session).not.toMatch(/shipping|product/);
    expect(JSON.parse(session)).toMatchObject({ user_id: 'alice', instance_id: 'item-1', schema_name: 'note' });
  });

  test('on the next item, typing is logged for that item only: the first item stops listening', async () => {
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    const field = page.locator('#scheme-note-text');
    await field.click();
    await page.keyboard.type('ok', { delay: 40 });
    await field.blur();
    const summaries = async (id: string) => (await alice.get(`/api/typing_summary/${id}`)).body.typing_summaries;
    await expect
      .poll(async () => (await summaries('item-2'))['note:::text'] ?? null, { timeout: 20_000 })
      .not.toBeNull();
    expect((await summaries('item-2'))['note:::text']).toMatchObject({ sessions: 1, keystrokes: 2, chars_typed: 2 });
    expect((await summaries('item-1'))['note:::text']).toMatchObject({ sessions: 1, keystrokes: 14 });
  }, 60_000);
});
