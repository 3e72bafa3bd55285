/**
 * Keys pressed while the screen waits for a move are not lost, in headless Chromium: ← twice goes back two
 * instances, and an answer key pressed before the instance arrived lands on it.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { progress, startRig, type BrowserRig } from './browser.js';

const PASSWORD = 'correct-horse';
let rig: BrowserRig;

describe('keys pressed during a move', () => {
  beforeAll(async () => {
    rig = await startRig();
  });

  test('are replayed in order on the instance moved to', async () => {
    const api = await rig.t.client().login('tara', PASSWORD);
    const page = await rig.signedIn('tara', PASSWORD, '/');
    await page.getByTestId('instance-text').waitFor();
    for (const n of [2, 3, 4]) {
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${n} of`));
    }
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('All answers saved');

    // ← is a round trip (the instance before is not kept ready): the second ← and the 2 come while it is under way
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('2');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    await expect
      .poll(() => page.locator('fieldset[data-scheme="sentiment"] input[value="negative"]').isChecked())
      .toBe(true);
    expect(await page.getByTestId('instance-text').innerText()).toMatch(/^Item 2:/);
    expect(await page.getByTestId('save-state').innerText()).toBe('Unsaved changes');
    // nothing landed on the instances passed through
    expect((await api.get('/get_annotations?instance_id=item-3')).body.annotations).toEqual({
      'sentiment:positive': 'true',
    });
    expect((await api.get('/api/current_instance')).body.instance_id).toBe('item-2');
  });
});
