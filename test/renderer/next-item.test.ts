/**
 * The next item at once, in headless Chromium: Enter shows the instance kept ready while the step is saved
 * behind it, the save state is always in view, and a save that fails while the server is stopped is kept on
 * the page, said plainly, and sent once the server is back.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_UI, startRig, type BrowserRig } from './browser.js';
import { openAnnotator } from './annotator-rig.js';
import { startServer } from '../helpers/server.js';

const PASSWORD = 'correct-horse';
const progress = (p: Page) => p.getByTestId('progress-text').innerText();
const text = (p: Page) => p.getByTestId('instance-text').innerText();
const saveState = (p: Page) => p.getByTestId('save-state').innerText();

let rig: BrowserRig;

const annotator = async (name: string) => (await openAnnotator(rig, name)).page;

describe('next item', () => {
  beforeAll(async () => {
    rig = await startRig();
  });

  test('Enter shows the next instance with its stored answers, and the answer is saved behind it', async () => {
    const ann = await rig.t.client().login('nina', PASSWORD);
    await ann.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:negative': 'true' } });
    const page = await annotator('nina');
    expect(await saveState(page)).toBe('All answers saved');
    const steps: string[] = [];
    const times: unknown[] = [];
    page.on('request', (r) => {
      // the AI hint goes beside the step, not in its way; the left item's visible time goes in the step
      if (!r.url().includes('/get_ai_suggestion')) steps.push(`${r.method()} ${new URL(r.url()).pathname}`);
      if (r.url().endsWith('/api/annotate/step') && r.method() === 'POST') times.push(r.postDataJSON().time);
    });
    await page.keyboard.press('1');
    expect(await saveState(page)).toBe('Unsaved changes');
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page)).toContain('Item 2:');
    // the kept instance comes with its stored answer
    expect(await page.locator('fieldset[data-scheme="sentiment"] input[value="negative"]').isChecked()).toBe(true);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect((await ann.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:positive': 'true',
    });
    expect((await ann.get('/api/current_instance')).body.instance_id).toBe('item-2');
    // one request for the whole step, the time on item-1 in it
    expect(steps).toEqual(['POST /api/annotate/step']);
    expect(times).toEqual([{ visible_ms: expect.any(Number), visit: true, report_id: expect.any(String) }]);
    const timed = rig.t.server.services.itemTimes.get('nina', 'item-1');
    expect(timed).toMatchObject({ ms: (times[0] as { visible_ms: number }).visible_ms, visits: 1 });
    expect(timed!.ms).toBeGreaterThan(0);

    await page.keyboard.press('ArrowRight'); // moves on without saving anything
    await expect.poll(() => text(page)).toContain('Item 3:');
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect((await ann.get('/api/current_instance')).body.instance_id).toBe('item-3');
    expect(await progress(page)).toMatch(/^Instance 3 of 10/);
  });

  test('a save that fails while the server is stopped is kept, said plainly, and sent when it is back', async () => {
    const page = await annotator('otto');
    const port = Number(new URL(rig.t.url).port);
    await rig.t.close();
    await page.keyboard.press('2'); // negative
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page)).toContain('Item 2:');
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved yet' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Your last answer is kept on this page and sent again automatically/);
    // the page cannot be closed unnoticed
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);

    const back = await startServer({
      configFile: rig.t.configFile,
      dataDir: rig.t.dataDir,
      port,
      options: { staticDir: BUILT_UI },
    });
    await expect.poll(() => saveState(page), { timeout: 15_000 }).toBe('All answers saved');
    const otto = await back.client().login('otto', PASSWORD);
    expect((await otto.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:negative': 'true',
    });
    expect((await otto.get('/api/current_instance')).body.instance_id).toBe('item-2');
    await back.close();
    // two logins, a stop and a second server start: on a loaded 2-core runner that outgrows the default 30 s
  }, 60_000);
});
