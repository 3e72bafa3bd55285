/**
 * Pocket Mode in headless Chromium as a crowd worker on a phone meets it: the study link signs them in and leads
 * to the card stack, a tap on a label saves the card and moves on, the completion code shows at the end, the
 * answers are the annotator's ordinary ones (read back over HTTP) and are still counted after a reload.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { cardStackStudy, openPhone } from './phone.js';

const items = [
  { id: 'c1', text: 'The room was spotless.' },
  { id: 'c2', text: 'Noisy <i>all</i> night.' },
  { id: 'c3', text: 'Breakfast was fine.' },
];

describe('the card stack on a phone', () => {
  test('a study link on a phone leads to the cards; taps save each item and the code shows at the end', async () => {
    const rig = await startRig({
      items,
      config: cardStackStudy({ completion_code: 'PKT-7' }),
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=phone01&STUDY_ID=s1');
    await page.waitForURL(/#\/pocket$/);

    const card = page.locator('.pocket-card');
    const progress = page.getByTestId('pocket-progress');
    await expect.poll(() => progress.innerText()).toBe('0 / 3');
    // item values are text, never markup
    const taps = ['good', 'bad', 'mixed'];
    for (const [i, label] of taps.entries()) {
      await expect.poll(() => card.getAttribute('data-instance')).toBe(items[i].id);
      expect(await card.innerText()).toBe(items[i].text);
      await page.getByRole('button', { name: label, exact: true }).tap();
      await expect.poll(() => progress.innerText()).toBe(`${i + 1} / 3`);
    }
    await page.getByTestId('completion-code').waitFor();
    expect(await page.getByTestId('completion-code').innerText()).toBe('PKT-7');

    // saved as the worker's ordinary answers
    const state = await rig.t.admin().get('/admin/user_state/phone01');
    expect(state.status).toBe(200);
    expect(state.body.annotations.by_instance).toEqual({
      c1: { 'tone:good': 'true' },
      c2: { 'tone:bad': 'true' },
      c3: { 'tone:mixed': 'true' },
    });

    // and still there after a reload
    await page.reload();
    await expect.poll(() => progress.innerText()).toBe('3 / 3');
    expect(await page.getByTestId('completion-code').innerText()).toBe('PKT-7');
    expect(rig.foreign).toEqual([]);
    await context.close();
  });
});
