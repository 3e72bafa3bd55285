/**
 * A `pdf` field in headless Chromium: its pages drawn by PDF.js under the page's content security policy (its
 * worker from the app's own files), in a column or a page at a time with page controls; a file that is no PDF
 * says why; boxes drawn on a page are saved with that page and each page keeps its own while paging.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import { axeViolations, failing } from './axe.js';
import type { Client } from '../helpers/client.js';
import { tinyPdf } from '../helpers/tiny-pdf.js';

const files = {
  'docs/report.pdf': tinyPdf(['First page', 'Second page', 'Third page']),
  'docs/broken.pdf': 'this is not a PDF',
};
const items = [
  { id: 'p1', text: 'Mark the figures.', file: 'docs/report.pdf' },
  { id: 'p2', text: 'A broken file.', file: 'docs/broken.pdf' },
];

/** Whether a page's canvas has been drawn on: some pixel is not white. */
const drawn = (page: Page, n: number) =>
  page.locator(`.pdf-page[data-page="${n}"] canvas`).evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200) return true;
    return false;
  });

describe('a pdf field shown as a column of pages', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page } = await openRig({
      items,
      files,
      config: {
        instance_display: { fields: [{ key: 'file', type: 'pdf', label: 'Report' }] },
        annotation_schemes: [
          { annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] },
          { annotation_type: 'span', name: 'notes', labels: ['check'] },
        ],
      },
    }));
    errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
  });

  test('draws every page, with no policy violation, and a broken file says why', async () => {
    await page.reload();
    await page.locator('.pdf-page canvas').first().waitFor();
    await expect.poll(() => page.locator('.pdf-page').count()).toBe(3);
    await expect.poll(() => drawn(page, 1)).toBe(true);
    await expect.poll(() => drawn(page, 3)).toBe(true);
    expect(await page.locator('.pdf-page-info').innerText()).toBe('Page 1 of 3');
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(failing(await axeViolations(page))).toEqual([]);

    await page.locator('body').focus();
    await page.keyboard.press(']');
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('p2');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not show the PDF' }).innerText())
      .toMatch(/docs\/broken\.pdf: .*(Invalid|PDF)/);
  });
});

describe('boxes on the pages of a pdf field', () => {
  let page: Page;
  let api: Client;
  const stored = async () => (await api.get('/get_annotations?instance_id=p1')).body.span_annotations;
  beforeAll(async () => {
    ({ page, api } = await openRig({
      items,
      files,
      config: {
        instance_display: {
          fields: [
            {
              key: 'file',
              type: 'pdf',
              label: 'Report',
              display_options: { annotation_mode: 'bounding_box', bbox_min_size: 10 },
            },
          ],
        },
        annotation_schemes: [{ annotation_type: 'span', name: 'regions', labels: ['FIGURE', 'TABLE'] }],
      },
    }));
  });

  async function drag(from: [number, number], to: [number, number]) {
    const r = (await page.getByTestId('box-overlay').boundingBox())!;
    await page.mouse.move(r.x + from[0] * r.width, r.y + from[1] * r.height);
    await page.mouse.down();
    await page.mouse.move(r.x + to[0] * r.width, r.y + to[1] * r.height, { steps: 3 });
    await page.mouse.up();
  }

  test('a box drawn on page 2 is saved with page 2, and each page keeps its boxes while paging', async () => {
    await page.locator('.pdf-page[data-page="1"] canvas').waitFor();
    expect(await page.locator('.pdf-page').count()).toBe(1); // paginated for boxes, as Potato sets it
    await drag([0.1, 0.1], [0.5, 0.3]);
    await expect.poll(() => page.locator('.box-overlay .box').count()).toBe(1);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('.pdf-page[data-page="2"] canvas').waitFor();
    expect(await page.locator('.box-overlay .box').count()).toBe(0);
    await page.getByLabel('Box label').selectOption({ label: 'TABLE' });
    await drag([0.2, 0.5], [0.8, 0.9]);
    await expect.poll(() => page.locator('.box-overlay .box').count()).toBe(1);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator('.pdf-page[data-page="1"]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Box 1 of 1: FIGURE/ }).count()).toBe(1);
    expect(failing(await axeViolations(page))).toEqual([]);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stored()).length).toBe(2);
    const byPage = Object.fromEntries(
      (await stored()).map((s: { name: string; format_coords: { page: number } }) => [s.format_coords.page, s]),
    );
    expect(byPage[1]).toMatchObject({ name: 'FIGURE', start: 0, end: 0, format_coords: { format: 'bounding_box' } });
    expect(byPage[2]).toMatchObject({ name: 'TABLE', format_coords: { label: 'TABLE', format: 'bounding_box' } });
    const [x, y, w, h] = byPage[2].format_coords.bbox;
    expect([x, y, w, h].map((v: number) => Math.round(v * 10) / 10)).toEqual([0.2, 0.5, 0.6, 0.4]);

    // back on the item, page 2 shows its box again
    await page.keyboard.press('[');
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('p1');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Box 1 of 1: TABLE/ }).count()).toBe(1);
  });
});
