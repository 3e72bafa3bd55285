/**
 * Spans in a field other than the text (instance_display `span_target: true`) in headless Chromium: a selection in
 * the second field is highlighted there and not in the text, it is stored with its field and shown again after a
 * reload, and a link between a span of the text and a span of the other field is drawn across the two and saved.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { unnamedControls, type BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import { dragOver } from './select-text.js';
import type { Client } from '../helpers/client.js';

const PREMISE = 'The museum opens at nine and closes at five every weekday.';
const HYPOTHESIS = 'The museum closes at five on weekdays.';
const FIELD = '[data-span-field="hypothesis"]';
let rig: BrowserRig;
let page: Page;
let api: Client;

const at = (text: string, words: string) => [text.indexOf(words), text.indexOf(words) + words.length] as const;

async function label(name: string) {
  await page.locator('.span-picker button', { hasText: name }).click();
  await page.locator('.span-picker').waitFor({ state: 'detached' });
}

const marked = (root: string) => page.locator(`${root} mark.span-mark`).allInnerTexts();

describe('spans in a span_target field other than the text', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: [
        { id: 'p1', text: PREMISE, hypothesis: HYPOTHESIS },
        { id: 'p2', text: 'Another premise.', hypothesis: 'Another hypothesis.' },
      ],
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Premise', span_target: true },
            { key: 'hypothesis', type: 'text', label: 'Hypothesis', span_target: true },
          ],
        },
        annotation_schemes: [
          { annotation_type: 'span', name: 'evidence', labels: ['CLAIM', 'SUPPORT'] },
          {
            annotation_type: 'span_link',
            name: 'entails',
            span_schema: 'evidence',
            link_types: [{ name: 'SUPPORTS', directed: true }],
          },
        ],
      },
    }));
  });

  test('a selection in the second field is highlighted there, not in the text, and kept after a reload', async () => {
    await page.locator(FIELD).waitFor();
    await dragOver(page, ...at(HYPOTHESIS, 'closes at five'), FIELD);
    expect(await page.locator('.span-picker > span').innerText()).toBe('Label closes at five as:');
    await label('CLAIM');
    expect(await marked(FIELD)).toEqual(['closes at five']);
    expect(await marked('[data-testid="instance-text"]')).toEqual([]);

    await dragOver(page, ...at(PREMISE, 'closes at five every weekday'));
    await label('SUPPORT');
    expect(await marked('[data-testid="instance-text"]')).toEqual(['closes at five every weekday']);
    expect(await marked(FIELD)).toEqual(['closes at five']);
    expect(await page.locator('.span-list li').allInnerTexts()).toEqual([
      expect.stringContaining('closes at five every weekday'),
      expect.stringMatching(/closes at five\s+in hypothesis/),
    ]);

    // the link: from the premise's span to the hypothesis's, drawn over both fields
    const fieldset = page.locator('fieldset[data-scheme="entails"]');
    await fieldset.getByLabel('closes at five every weekday (SUPPORT)').check();
    await fieldset.getByLabel('closes at five (CLAIM)').check();
    await fieldset.getByRole('button', { name: 'Add link' }).click();
    const arc = page.locator('[data-testid="field-link-arcs"] .text-arc');
    await expect.poll(() => arc.count()).toBe(1);
    expect(await arc.getAttribute('data-label')).toBe('SUPPORTS');
    expect(await page.locator('[data-testid="link-arcs"]').count()).toBe(0);
    const path = (await arc.locator('path').boundingBox())!;
    const premise = (await page.getByTestId('instance-text').boundingBox())!;
    const hypothesis = (await page.locator(FIELD).boundingBox())!;
    // it runs from the premise's line down into the hypothesis's
    expect(path.y).toBeLessThan(premise.y + premise.height);
    expect(path.y + path.height).toBeGreaterThan(hypothesis.y);
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'span-target-fields');

    await page.locator('body').focus();
    await page.keyboard.press('Enter'); // submit and advance
    await expect.poll(async () => (await api.get('/api/links/p1')).body.links.length).toBe(1);
    const stored = (await api.get('/get_annotations?instance_id=p1')).body;
    const spans = stored.span_annotations.map((s: Record<string, unknown>) => [s.target_field, s.text]);
    expect(spans).toEqual([
      [undefined, 'closes at five every weekday'],
      ['hypothesis', 'closes at five'],
    ]);
    const ids = stored.span_annotations.map((s: { id: string }) => s.id);
    expect(stored.link_annotations).toMatchObject([{ link_type: 'SUPPORTS', span_ids: ids }]);

    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('['); // back to p1
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('p1');
    await expect.poll(() => marked(FIELD)).toEqual(['closes at five']);
    expect(await marked('[data-testid="instance-text"]')).toEqual(['closes at five every weekday']);
    await expect.poll(() => arc.count()).toBe(1);
  });
});
