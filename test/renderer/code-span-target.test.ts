/**
 * A code field with `span_target: true` in headless Chromium: drawn as code (monospace, its indentation kept on
 * its own lines, as Potato draws a code span target), and a selection in it is saved as a span of that field.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import { dragOver } from './select-text.js';
import type { Client } from '../helpers/client.js';

const CODE = 'def area(r):\n    return 3.14 * r * r\n';
const FIELD = '[data-span-field="snippet"]';
let page: Page;
let api: Client;

describe('a code field as a span target', () => {
  beforeAll(async () => {
    ({ page, api } = await openRig({
      items: [{ id: 'c1', text: 'Review the function.', snippet: CODE }],
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Task' },
            {
              key: 'snippet',
              type: 'code',
              label: 'Snippet',
              span_target: true,
              display_options: { language: 'python' },
            },
          ],
        },
        annotation_schemes: [{ annotation_type: 'span', name: 'issues', labels: ['bug', 'style'] }],
      },
    }));
  });

  test('is drawn as code, and a selection in it is a span of that field', async () => {
    const field = page.locator(FIELD);
    await field.waitFor();
    const look = await field.evaluate((el) => {
      const css = getComputedStyle(el);
      return { font: css.fontFamily, whiteSpace: css.whiteSpace };
    });
    expect(look.font).toMatch(/monospace/);
    expect(look.whiteSpace).toBe('pre');
    expect(await field.innerText()).toContain('    return 3.14');

    const start = CODE.indexOf('3.14');
    await dragOver(page, start, start + 4, FIELD);
    await page.locator('.span-picker button', { hasText: 'bug' }).click();
    expect(await page.locator(`${FIELD} mark.span-mark`).allInnerTexts()).toEqual(['3.14']);
    expect(await unnamedControls(page)).toEqual([]);
    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await api.get('/get_annotations?instance_id=c1')).body.span_annotations)
      .toMatchObject([{ target_field: 'snippet', text: '3.14' }]);
  });
});
