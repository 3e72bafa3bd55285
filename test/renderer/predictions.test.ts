/**
 * Pre-annotations in headless Chromium: imported through the admin API, shown on the annotate screen with their
 * source, applied to the form with one key, and stored only when the annotator submits.
 */
import { describe, expect, test } from 'vitest';
import { logIn, startRig } from './browser.js';

describe('pre-annotations', () => {
  test('are shown, accepted with g, and saved only on submit', async () => {
    const rig = await startRig({
      items: [
        { id: 'p-1', text: 'The price was fair but it broke.' },
        { id: 'p-2', text: 'Nothing predicted here.' },
      ],
    });
    const imported = await rig.t.admin().post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [
        {
          instance_id: 'p-1',
          labels: { sentiment: 'negative', topics: ['price', 'quality'] },
          spans: [{ schema: 'evidence', label: 'neg', start: 26, end: 31 }],
        },
      ],
    });
    expect(imported.status).toBe(200);
    const erin = await rig.t.client().login('erin', 'erin-pass');
    const page = await rig.open('/');
    await logIn(page, 'erin', 'erin-pass');

    const hint = page.getByTestId('prediction-hint');
    await hint.waitFor();
    expect(await hint.innerText()).toContain('model-a');
    expect(await hint.innerText()).toContain('evidence: neg “broke”');

    await page.keyboard.press('g');
    await page.getByText('Applied to the form. Review it, then submit.').waitFor();
    // nothing stored yet: accepting only fills the form
    expect((await erin.get('/get_annotations?instance_id=p-1')).body.annotations).toEqual({});

    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await erin.get('/get_annotations?instance_id=p-1')).body.annotations)
      .toEqual({
        'sentiment:negative': 'true',
        'topics:price': 'true',
        'topics:quality': 'true',
      });
    const stored = (await erin.get('/get_annotations?instance_id=p-1')).body.span_annotations;
    expect(
      stored.map((s: { schema: string; name: string; start: number; end: number; text: string }) => [
        s.schema,
        s.name,
        s.start,
        s.end,
        s.text,
      ]),
    ).toEqual([['evidence', 'neg', 26, 31, 'broke']]);

    // the next instance has no pre-annotation, so nothing is offered
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toBe('Nothing predicted here.');
    expect(await hint.count()).toBe(0);
  });
});
