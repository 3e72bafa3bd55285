/**
 * Truth serum's question in headless Chromium: once a label is chosen on the truth-serum scheme, a card beside the
 * form asks for the predicted share of other annotators and saves it at once (read back over HTTP and shown again
 * on the item); a different label asks again. With truth serum off there is no card and no request for one.
 */
import { describe, expect, test } from 'vitest';
import { logIn, startRig } from './browser.js';

const items = [
  { id: 't1', text: 'Wonderful, the printer jammed again.' },
  { id: 't2', text: 'The wifi worked this year.' },
];
const schemes = [{ annotation_type: 'radio', name: 'sarcasm', labels: ['Sarcastic', 'Sincere'] }];

describe('truth serum, in the browser', () => {
  test('a chosen label brings the question; the prediction is saved and shown again', async () => {
    const rig = await startRig({
      items,
      config: { annotation_schemes: schemes, truth_serum: { enabled: true, question: 'How many will agree?' } },
    });
    await rig.t.client().login('tess', 'tess-secret-1');
    const page = await rig.signedIn('tess', 'tess-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const card = page.getByRole('region', { name: 'Prediction' });
    expect(await card.count()).toBe(0);

    await page.keyboard.press('1');
    await card.getByText('You chose Sarcastic. How many will agree?').waitFor();
    await card.getByLabel('Predicted share of other annotators (%)').fill('70');
    await card.getByRole('button', { name: 'Save prediction' }).click();
    await card.getByRole('button', { name: 'Prediction saved' }).waitFor();
    const stored = (await rig.t.admin().get('/truth_serum/api/export')).body.predictions;
    expect(stored).toMatchObject([{ instance_id: 't1', annotator: 'tess', label: 'Sarcastic', predicted_pct: 70 }]);

    // another label: the saved prediction is for the first one, so the card asks again
    await page.keyboard.press('2');
    await card.getByText('Your saved prediction was for Sarcastic; save again for Sincere.').waitFor();
    await card.getByRole('button', { name: 'Save prediction' }).click();
    await card.getByRole('button', { name: 'Prediction saved' }).waitFor();
    expect((await rig.t.admin().get('/truth_serum/api/export')).body.predictions[0]).toMatchObject({
      label: 'Sincere',
      predicted_pct: 70,
    });

    // submitted and come back to: the stored answer brings the card with the saved share
    await page.keyboard.press('Enter');
    await page.getByTestId('instance-text').getByText('The wifi worked').waitFor();
    expect(await card.count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await card.getByRole('button', { name: 'Prediction saved' }).waitFor();
    expect(await card.locator('output').innerText()).toBe('70%');
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 90_000);

  test('off: no card and no request for one', async () => {
    const rig = await startRig({ items, config: { annotation_schemes: schemes } });
    await rig.t.client().login('otto', 'otto-secret-1');
    const page = await rig.open('/');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/truth_serum')) asked.push(r.url());
    });
    await logIn(page, 'otto', 'otto-secret-1');
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('1');
    await page
      .getByRole('radio', { name: /Sarcastic/ })
      .first()
      .waitFor();
    expect(await page.getByRole('region', { name: 'Prediction' }).count()).toBe(0);
    expect(asked).toEqual([]);
  }, 60_000);
});
