/**
 * Boxes over a document field (Potato's `annotation_mode: bounding_box`) in headless Chromium: drawn by mouse with
 * the label picked, saved as spans with `bounding_box` format_coords, back in place after a reload at another
 * width, labelled anew, moved and deleted by keyboard; a drag under `bbox_min_size` draws nothing.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import { axeViolations, failing } from './axe.js';
import type { Client } from '../helpers/client.js';

const DOC = `<h1>Quarterly report</h1>${'<p>A paragraph of the report, long enough to wrap over a line or two.</p>'.repeat(6)}`;
let page: Page;
let api: Client;

const stored = async () => (await api.get('/get_annotations?instance_id=d1')).body.span_annotations;
const overlay = () => page.getByTestId('box-overlay');

/** Drags from one point to another, in shares of the overlay's width and height. */
async function drag(from: [number, number], to: [number, number]) {
  const r = (await overlay().boundingBox())!;
  await page.mouse.move(r.x + from[0] * r.width, r.y + from[1] * r.height);
  await page.mouse.down();
  await page.mouse.move(r.x + ((from[0] + to[0]) / 2) * r.width, r.y + ((from[1] + to[1]) / 2) * r.height);
  await page.mouse.move(r.x + to[0] * r.width, r.y + to[1] * r.height);
  await page.mouse.up();
}

describe('boxes over a document', () => {
  beforeAll(async () => {
    ({ page, api } = await openRig({
      items: [
        { id: 'd1', text: 'Mark the layout regions.', doc: DOC },
        { id: 'd2', text: 'Another page.', doc: '<p>Short.</p>' },
      ],
      config: {
        instance_display: {
          fields: [
            {
              key: 'doc',
              type: 'document',
              label: 'Page',
              display_options: { annotation_mode: 'bounding_box', bbox_min_size: 12, show_bbox_labels: true },
            },
          ],
        },
        annotation_schemes: [{ annotation_type: 'span', name: 'regions', labels: ['HEADER', 'PARAGRAPH'] }],
      },
    }));
  });

  test('a box drawn by mouse with its label is saved with format_coords and kept through a reload', async () => {
    await overlay().waitFor();
    await page.getByLabel('Box label').selectOption({ label: 'HEADER' });
    await drag([0.02, 0.02], [0.6, 0.15]);
    await expect.poll(() => page.locator('.box-overlay .box').count()).toBe(1);
    expect(await page.locator('.box-overlay .box .box-label').allInnerTexts()).toEqual(['HEADER']);
    // a slip smaller than bbox_min_size is no box
    await drag([0.5, 0.5], [0.501, 0.502]);
    expect(await page.locator('.box-overlay .box').count()).toBe(1);

    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect.poll(stored).toMatchObject([{ schema: 'regions', name: 'HEADER', start: 0, end: 0 }]);
    const [span] = await stored();
    const { format, page: onPage, bbox, label } = span.format_coords;
    expect({ format, onPage, label }).toEqual({ format: 'bounding_box', onPage: 1, label: 'HEADER' });
    expect(bbox[0]).toBeCloseTo(0.02, 2);
    expect(bbox[1]).toBeCloseTo(0.02, 2);
    expect(bbox[2]).toBeCloseTo(0.58, 2);
    expect(bbox[3]).toBeCloseTo(0.13, 2);
    // the span list under the text lists text spans, not boxes
    expect(await page.locator('.span-list').count()).toBe(0);

    // at another width, back on the item, the box keeps its place on the document
    await allSaved(page);
    await page.setViewportSize({ width: 900, height: 900 });
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('[');
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('d1');
    await expect.poll(() => page.locator('.box-overlay .box').count()).toBe(1);
    const area = (await overlay().boundingBox())!;
    const box = (await page.locator('.box-overlay .box').boundingBox())!;
    expect((box.x - area.x) / area.width).toBeCloseTo(0.02, 2);
    expect(box.width / area.width).toBeCloseTo(0.58, 2);
    expect(await unnamedControls(page)).toEqual([]);
    expect(failing(await axeViolations(page))).toEqual([]);
  });

  test('by keyboard a box is added, labelled anew, moved and deleted', async () => {
    await page.getByRole('button', { name: 'Add box' }).focus();
    await page.keyboard.press('Enter');
    const added = page.getByRole('button', { name: /^Box 2 of 2: HEADER/ });
    await expect.poll(() => added.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await page.locator('.instance-id').innerText()).toBe('d1');
    // with the box selected, picking a label labels it anew
    await page.getByLabel('Box label').selectOption({ label: 'PARAGRAPH' });
    await page.getByRole('button', { name: /^Box 2 of 2: PARAGRAPH/ }).waitFor();

    // the first box, reached by keyboard and deleted
    await page.getByRole('button', { name: /^Box 1 of 2: HEADER/ }).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('.box-overlay .box').count()).toBe(1);
    // focus went to Add box, so a deleting annotator keeps their place; Enter from the page submits
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add box');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stored()).map((s: { name: string }) => s.name)).toEqual(['PARAGRAPH']);
    const [moved] = await stored();
    expect(moved.format_coords).toMatchObject({ bbox: [0.41, 0.41, 0.21, 0.2], label: 'PARAGRAPH', page: 1 });
    await allSaved(page);
  });
});
