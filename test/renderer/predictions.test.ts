/**
 * Pre-annotations in headless Chromium: imported through the admin API, shown on the annotate screen with their
 * source, applied to the form with one key, and stored only when the annotator submits.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';

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
    const page = await rig.signedIn('erin', 'erin-pass', '/');

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

  test('fill a text_edit and a tree_annotation from their exported shapes', async () => {
    const tree = { id: 'root', text: 'Hi', children: [{ id: 'r1', text: 'Hello!', children: [] }] };
    const rig = await startRig({
      items: [
        { id: 'e-1', text: 'Edit me.', mt: 'the cat sit', tree },
        { id: 'e-2', text: 'Other.', mt: 'x', tree },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'text_edit', name: 'post', source_field: 'mt' },
          {
            annotation_type: 'tree_annotation',
            name: 'turns',
            node_scheme: { annotation_type: 'radio', labels: ['good', 'bad'] },
            path_selection: { enabled: true },
          },
        ],
      },
    });
    const imported = await rig.t.admin().post('/admin/api/predictions', {
      source: 'model-b',
      predictions: [
        {
          instance_id: 'e-1',
          labels: {
            post: { edited_text: 'the cat sits', original_text: 'the cat sit' },
            turns: { node_annotations: { root: 'good', r1: 'bad' }, selected_path: ['root'] },
          },
        },
      ],
    });
    expect(imported.status, imported.text).toBe(200);
    const erin = await rig.t.client().login('erin', 'erin-pass');
    const page = await rig.signedIn('erin', 'erin-pass', '/');
    await page.getByTestId('prediction-hint').waitFor();
    await page.keyboard.press('g');
    await page.getByText('Applied to the form. Review it, then submit.').waitFor();
    expect(await page.locator('fieldset[data-scheme="post"] textarea').inputValue()).toBe('the cat sits');
    expect(
      await page.locator('fieldset[data-scheme="turns"] li[data-node="r1"] input[type="radio"]:checked').count(),
    ).toBe(1);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await erin.get('/get_annotations?instance_id=e-1')).body.annotations)
      .toEqual({
        'post:post': JSON.stringify({
          edited_text: 'the cat sits',
          original_text: 'the cat sit',
          edit_distance_chars: 1,
          edit_distance_words: 1,
        }),
        'turns:node_annotations': JSON.stringify({ root: 'good', r1: 'bad' }),
        'turns:selected_path': JSON.stringify(['root']),
      });
  });

  test('put a span of a span target field in that field when accepted', async () => {
    const rig = await startRig({
      items: [{ id: 't-1', text: 'Rain fell all day.', hypothesis: 'The valley was dry.' }],
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Premise', span_target: true },
            { key: 'hypothesis', type: 'text', label: 'Hypothesis', span_target: true },
          ],
        },
        annotation_schemes: [{ annotation_type: 'span', name: 'claims', labels: ['claim'] }],
      },
    });
    const imported = await rig.t.admin().post('/admin/api/predictions', {
      source: 'model-c',
      predictions: [
        {
          instance_id: 't-1',
          spans: [{ schema: 'claims', label: 'claim', start: 15, end: 18, target_field: 'hypothesis' }],
        },
      ],
    });
    expect(imported.status, imported.text).toBe(200);
    const erin = await rig.t.client().login('erin', 'erin-pass');
    const page = await rig.signedIn('erin', 'erin-pass', '/');
    await page.getByTestId('prediction-hint').waitFor();
    await page.keyboard.press('g');
    await page.getByText('Applied to the form. Review it, then submit.').waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await erin.get('/get_annotations?instance_id=t-1')).body.span_annotations)
      .toEqual([
        expect.objectContaining({
          schema: 'claims',
          name: 'claim',
          start: 15,
          end: 18,
          text: 'dry',
          target_field: 'hypothesis',
        }),
      ]);
  });
});
