/**
 * The AI hint in headless Chromium: a suggestion that only repeats the annotator's saved answer is not shown, a
 * disagreement with the pre-annotation is said as such, and at 390 px the hint starts folded so the first
 * question is on the first screen.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, startRig, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

const bad = 'Awful, broken and useless junk.';
const good = 'Lovely, sturdy and wonderful value.';
let rig: BrowserRig;
let erin: Client;

async function openAt(id: string, viewport?: { width: number; height: number }): Promise<Page> {
  await erin.post('/go_to', { go_to: id });
  const page = await rig.open('/', viewport);
  await logIn(page, 'erin', 'erin-pass');
  await page.getByTestId('instance-text').waitFor();
  return page;
}

describe('AI hint', () => {
  beforeAll(async () => {
    const items = [
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `item-${n}`, text: n % 2 ? bad : good })),
      { id: 'item-7', text: 'Broken junk, awful.' },
      { id: 'item-8', text: 'Useless and broken.' },
    ];
    rig = await startRig({ items });
    erin = await rig.t.client().login('erin', 'erin-pass');
    for (let n = 1; n <= 6; n++) {
      expect(
        (
          await erin.post('/updateinstance', {
            instance_id: `item-${n}`,
            annotations: { [`sentiment:${n % 2 ? 'negative' : 'positive'}`]: 'true' },
          })
        ).status,
      ).toBe(200);
    }
    // the embedded assistant learns in the background: wait until it suggests for item-7
    for (
      let i = 0;
      i < 80 &&
      (await erin.get('/get_ai_suggestion?instance_id=item-7')).body.suggestions?.sentiment?.label !== 'negative';
      i++
    )
      await new Promise((r) => setTimeout(r, 250));
    expect(
      (await erin.post('/updateinstance', { instance_id: 'item-7', annotations: { 'sentiment:negative': 'true' } }))
        .status,
    ).toBe(200);
    const imported = await rig.t.admin().post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [{ instance_id: 'item-8', labels: { sentiment: 'positive' }, spans: [] }],
    });
    expect(imported.status).toBe(200);
  });

  test('a suggestion that repeats the saved answer is not shown', async () => {
    const page = await openAt('item-7');
    await page.waitForFunction(() => !document.body.innerText.includes('Asking the AI assistant'));
    expect(
      await page
        .getByTestId('ai-hint')
        .innerText()
        .catch(() => ''),
    ).not.toMatch(/sentiment: negative/);
  });

  test('a disagreement with the pre-annotation is shown as such', async () => {
    const page = await openAt('item-8');
    const disagrees = page.getByTestId('ai-disagrees');
    await disagrees.waitFor();
    expect(await disagrees.innerText()).toBe(
      'Disagrees with the pre-annotation (model-a): positive. Check the text before choosing.',
    );
    expect(await page.getByTestId('ai-hint').innerText()).toMatch(/sentiment: negative · \d+% likely right/);
  });

  test('at 390 px the hint starts folded and the first question is on the first screen', async () => {
    const page = await openAt('item-8', { width: 390, height: 844 });
    const hint = page.getByTestId('ai-hint');
    await hint.locator('.ai-line').waitFor();
    expect(await hint.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await hint.locator(':scope > summary').innerText()).toContain('sentiment: negative');
    const top = await page
      .locator('form.schemes fieldset')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
