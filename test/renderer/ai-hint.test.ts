/**
 * The AI hint in headless Chromium: triage and binary pairwise suggestions read as their buttons and fill the form
 * on the accept key; a suggestion that only repeats the annotator's saved answer is not shown, a
 * disagreement with the pre-annotation is said as such, and at 390 px the hint starts folded so the first
 * question is on the first screen.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, startRig, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

const bad = 'Awful, broken and useless junk.';
const good = 'Lovely, sturdy and wonderful value.';
let rig: BrowserRig;
let erin: Client;

async function openAt(id: string, viewport?: { width: number; height: number }): Promise<Page> {
  await erin.post('/go_to', { go_to: id });
  const page = await rig.signedIn('erin', 'erin-pass', '/', viewport);
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

describe('AI hint for types answered by one fixed value', () => {
  test('triage and a binary pair show the suggestion by its button, and the accept key fills both', async () => {
    const pairOf = (n: number) => (n % 2 ? [bad, good] : [good, bad]);
    const rig = await startRig({
      items: [
        ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `item-${n}`, text: n % 2 ? bad : good, pair: pairOf(n) })),
        { id: 'item-7', text: 'Broken junk, awful.', pair: ['Sturdy, lovely value.', 'Useless, awful junk.'] },
        { id: 'item-8', text: good, pair: [good, bad] },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'triage', name: 'keep', description: 'Worth keeping?' },
          { annotation_type: 'pairwise', name: 'better', items_key: 'pair', labels: ['Left', 'Right'] },
        ],
      },
    });
    const ann = await rig.t.client().login('ann', 'ann-pass');
    for (let n = 1; n <= 6; n++) {
      const r = await ann.post('/updateinstance', {
        instance_id: `item-${n}`,
        annotations: { 'keep:decision': n % 2 ? 'reject' : 'accept', 'better:selection': n % 2 ? 'B' : 'A' },
      });
      expect(r.status, r.text).toBe(200);
    }
    // the embedded assistant learns in the background: wait until it suggests for item-7
    await expect
      .poll(async () => (await ann.get('/get_ai_suggestion?instance_id=item-7')).body.suggestions?.better?.label, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe('A');
    await ann.post('/go_to', { go_to: 'item-7' });
    const page = await rig.signedIn('ann', 'ann-pass', '/');
    const hint = page.getByTestId('ai-hint');
    await hint.getByRole('button', { name: /Accept suggestion/ }).waitFor();
    const text = await hint.innerText();
    expect(text).toMatch(/keep: Discard · \d+% likely right/);
    expect(text).toMatch(/better: Left · \d+% likely right/);
    const discard = page.locator('fieldset[data-scheme="keep"] input[value="reject"]');
    const left = page.locator('fieldset[data-scheme="better"] input[value="A"]');
    expect([await discard.isChecked(), await left.isChecked()]).toEqual([false, false]);

    await page.keyboard.press('a');
    expect([await discard.isChecked(), await left.isChecked()]).toEqual([true, true]);
    expect(await page.getByTestId('save-state').innerText()).toBe('Unsaved changes');
    expect(await progress(page)).toMatch(/^Instance 7 of/); // a fill never submits, auto_advance or not

    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 8 of/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    expect((await ann.get('/get_annotations?instance_id=item-7')).body.annotations).toEqual({
      'keep:decision': 'reject',
      'better:selection': 'A',
    });
  });
});
