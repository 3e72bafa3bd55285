/**
 * The dashboard while the data folder's disk is full, in headless Chromium: it still opens, says above its panels
 * that answers cannot be saved and why, and the notice goes once a write succeeds again. The disk is a small tmpfs
 * (root only, as CI runs; elsewhere the suite says so and skips).
 */
import { afterAll, describe, expect, test } from 'vitest';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startRig } from './browser.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';
import { sampleItems } from '../helpers/project.js';

const mountPoint = mountTmpfs('4m');
afterAll(() => unmountTmpfs(mountPoint));

// a note of nearly the longest a text answer may be, to use up the room the journal keeps written ahead
const note = (n: number) => ({
  instance_id: 'item-2',
  annotations: { 'sentiment:negative': 'true', 'note:text': `${n}:`.padEnd(99_000, 'n') },
});

describe.skipIf(!mountPoint)('the dashboard on a full disk (needs root for a tmpfs)', () => {
  test('says answers cannot be saved, and why, until a write goes through again', async () => {
    const rig = await startRig({ items: sampleItems(3), dataDir: join(mountPoint!, 'data') });
    const ada = await rig.t.client().login('ada', 'ada-pass');
    const filler = join(mountPoint!, 'filler');
    try {
      appendFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    let status = 200;
    for (let n = 1; n <= 200 && status === 200; n++) status = (await ada.post('/updateinstance', note(n))).status;
    expect(status).toBe(503);

    const page = await rig.open('/#/admin');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const notice = page.locator('.storage-notice');
    await expect
      .poll(() => notice.innerText())
      .toMatch(/^Answers cannot be saved right now: could not save to .*ENOSPC.*Annotators' submissions are refused/);
    expect(await notice.getAttribute('role')).toBe('alert');

    rmSync(filler);
    const again = { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } };
    expect((await ada.post('/updateinstance', again)).status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await notice.waitFor({ state: 'detached' });
  });
});
