/**
 * Boundary probes in headless Chromium: once a label is chosen on the probed scheme, a panel beside the form shows
 * the item's probes; Holds and a flip with its new label and reason are saved at once (read back over HTTP) and
 * shown again on the item. With probing off there is no panel and no request for one.
 */
import { describe, expect, test } from 'vitest';
import { logIn, startRig } from './browser.js';

const items = [
  {
    id: 'b1',
    text: 'Please water the plants.',
    counterfactuals: [
      { text: 'Water the plants.', kind: 'flip', edit_hint: 'removed please' },
      { text: 'Could you water the plants?', kind: 'invariance', edit_hint: 'reworded' },
    ],
  },
  { id: 'b2', text: 'Fix the numbers.' },
];
const schemes = [{ annotation_type: 'radio', name: 'politeness', labels: ['Polite', 'Neutral', 'Impolite'] }];

describe('boundary probes, in the browser', () => {
  test('a chosen label brings its probes; verdicts are saved and shown again', async () => {
    const rig = await startRig({
      items,
      config: {
        annotation_schemes: schemes,
        boundary_probing: { enabled: true, probes_per_item: 2, debounce_ms: 1500 },
      },
    });
    await rig.t.client().login('bea', 'bea-secret-12');
    const page = await rig.signedIn('bea', 'bea-secret-12', '/');
    await page.getByTestId('instance-text').waitFor();
    const panel = page.getByRole('region', { name: 'Boundary probes' });
    expect(await panel.count()).toBe(0);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/boundary/api/probe')) asked.push((r.postDataJSON() as { label: string }).label);
    });

    // debounce_ms: a label tried and changed at once is never asked about, only the one settled on
    await page.keyboard.press('2');
    await page.keyboard.press('1');
    await panel.getByText('You said Polite. Would that survive these edits?').waitFor();
    expect(asked).toEqual(['Polite']);
    const probes = panel.getByTestId('probe');
    expect(await probes.locator('blockquote').allInnerTexts()).toEqual([
      'Water the plants.',
      'Could you water the plants?',
    ]);
    await probes.nth(1).getByRole('button', { name: 'Holds' }).click();
    await probes.nth(1).getByRole('button', { name: 'Holds', pressed: true }).waitFor();
    await probes.nth(0).getByRole('button', { name: 'Flips' }).click();
    await probes.nth(0).getByLabel('New label').selectOption('Neutral');
    await probes.nth(0).getByLabel('Which edit changed it?').fill('no please');
    await probes.nth(0).getByRole('button', { name: 'Save flip' }).click();
    await probes.nth(0).getByText('Flips to Neutral: no please').waitFor();

    const lines = (await rig.t.admin().get('/boundary/api/export')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.counterfactual_text, l.counterfactual_label, l.flipped, l.rationale])).toEqual([
      ['Could you water the plants?', 'Polite', false, ''],
      ['Water the plants.', 'Neutral', true, 'no please'],
    ]);

    // submitted and come back to: the stored answer brings the panel with the verdicts
    await page.keyboard.press('Enter');
    await page.getByTestId('instance-text').getByText('Fix the numbers').waitFor();
    await page.keyboard.press('ArrowLeft');
    await panel.getByTestId('probe').nth(1).getByRole('button', { name: 'Holds', pressed: true }).waitFor();
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 90_000);

  test('off: no panel and no request for one', async () => {
    const rig = await startRig({ items, config: { annotation_schemes: schemes } });
    await rig.t.client().login('bo', 'bo-secret-123');
    const page = await rig.open('/');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/boundary')) asked.push(r.url());
    });
    await logIn(page, 'bo', 'bo-secret-123');
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('1');
    await page
      .getByRole('radio', { name: /Polite/ })
      .first()
      .waitFor();
    expect(await page.getByRole('region', { name: 'Boundary probes' }).count()).toBe(0);
    expect(asked).toEqual([]);
  }, 60_000);
});
