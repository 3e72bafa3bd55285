/**
 * Boxes over a document in a task without a span scheme, in headless Chromium: Potato labels a box with the radio
 * choice on its page, so the box label here is one of the radio schemes' labels; the box is saved as a span of the
 * field and shown again on the way back. Without a radio scheme, boxes are drawn without a label. An extracted PDF
 * shows its page count from its metadata as a line of text above it, an extracted document its format and counts
 * below it.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import { axeViolations, failing } from './axe.js';

const DOC = `<h1>Minutes</h1>${'<p>A paragraph of the minutes, long enough to wrap over a line or two.</p>'.repeat(4)}`;
const items = [
  {
    id: 'd1',
    text: 'Mark the regions.',
    doc: { rendered_html: DOC, metadata: { format: 'docx', paragraph_count: 5, char_count: 1234 } },
    file: { text: 'Extracted from the minutes.', metadata: { total_pages: 3 } },
  },
  { id: 'd2', text: 'Another.', doc: '<p>Short.</p>', file: { rendered_html: '<p>Two</p>' } },
];
const display = {
  fields: [
    { key: 'text', type: 'text', label: 'Task' },
    { key: 'doc', type: 'document', label: 'Page', display_options: { annotation_mode: 'bounding_box' } },
    { key: 'file', type: 'pdf', label: 'Source' },
  ],
};

/** Drags across the overlay, in shares of its width and height. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const r = (await page.getByTestId('box-overlay').boundingBox())!;
  await page.mouse.move(r.x + from[0] * r.width, r.y + from[1] * r.height);
  await page.mouse.down();
  await page.mouse.move(r.x + ((from[0] + to[0]) / 2) * r.width, r.y + ((from[1] + to[1]) / 2) * r.height);
  await page.mouse.move(r.x + to[0] * r.width, r.y + to[1] * r.height);
  await page.mouse.up();
}

describe('boxes without a span scheme', () => {
  test("are labelled with the radio scheme's labels, saved as spans of the field and shown again", async () => {
    const { page, api } = await openRig({
      items,
      config: {
        instance_display: display,
        annotation_schemes: [{ annotation_type: 'radio', name: 'part_kind', labels: ['HEADING', 'PARAGRAPH'] }],
      },
    });
    const stored = async () => (await api.get('/get_annotations?instance_id=d1')).body;
    await page.getByTestId('box-overlay').waitFor();
    // the extracted document's footer below it and the extracted PDF's page count above it, as lines of text
    await expect
      .poll(() => page.locator('.display-meta').allInnerTexts())
      .toEqual(['Format: DOCX | Paragraphs: 5 | Characters: 1,234', 'Pages: 3']);
    const overlay = (await page.getByTestId('box-overlay').boundingBox())!;
    expect((await page.locator('.display-footer').boundingBox())!.y).toBeGreaterThanOrEqual(overlay.y + overlay.height);

    const picker = page.getByLabel('Box label');
    expect(await picker.locator('option').allInnerTexts()).toEqual(['HEADING', 'PARAGRAPH']);
    await picker.selectOption({ label: 'PARAGRAPH' });
    await drag(page, [0.05, 0.3], [0.7, 0.6]);
    await expect.poll(() => page.locator('.box-overlay .box .box-label').allInnerTexts()).toEqual(['PARAGRAPH']);

    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await stored()).span_annotations)
      .toMatchObject([
        {
          schema: 'doc',
          name: 'PARAGRAPH',
          start: 0,
          end: 0,
          format_coords: { format: 'bounding_box', page: 1, label: 'PARAGRAPH' },
        },
      ]);
    expect((await stored()).label_annotations).toEqual({ doc: ['_data'] });

    await allSaved(page);
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('[');
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('d1');
    await expect.poll(() => page.locator('.box-overlay .box .box-label').allInnerTexts()).toEqual(['PARAGRAPH']);
    expect(await unnamedControls(page)).toEqual([]);
    expect(failing(await axeViolations(page))).toEqual([]);
  });

  test('without a radio scheme are drawn unlabelled', async () => {
    const { page, api } = await openRig({
      items,
      config: {
        instance_display: display,
        annotation_schemes: [{ annotation_type: 'text', name: 'note' }],
      },
    });
    await page.getByTestId('box-overlay').waitFor();
    expect(await page.getByLabel('Box label').count()).toBe(0);
    await page.getByRole('button', { name: 'Add box' }).click();
    await page.getByRole('button', { name: /^Box 1 of 1$/ }).waitFor();
    // the new box has the focus, where Enter would press it; from the page, Enter submits
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await api.get('/get_annotations?instance_id=d1')).body.span_annotations)
      .toMatchObject([
        { schema: 'doc', name: '', format_coords: { format: 'bounding_box', bbox: [0.4, 0.4, 0.2, 0.2] } },
      ]);
    await allSaved(page);
  });
});
