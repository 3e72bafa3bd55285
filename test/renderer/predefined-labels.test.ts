/**
 * Potato's `use_predefined_labels` in headless Chromium: a prestudy question from a phase file is a drop-down of
 * every country, and the annotation form's select scheme offers the language list; both answers are kept.
 */
import { describe, expect, test } from 'vitest';
import { progress, startRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

const files = {
  'pages/about.json': JSON.stringify([
    { annotation_type: 'select', name: 'home', description: 'Where do you live?', use_predefined_labels: 'country' },
  ]),
};
const config = {
  phases: { order: ['prestudy', 'annotation'], prestudy: { type: 'prestudy', file: 'pages/about.json' } },
  export_include_phase_data: true,
  annotation_schemes: [
    { annotation_type: 'select', name: 'lang', description: 'Language', use_predefined_labels: 'language' },
  ],
};

describe('built-in label lists', () => {
  test('a country drop-down on the survey page and a language select on the form', async () => {
    const rig = await startRig({ items: sampleItems(2), files, config });
    await rig.t.client().login('ida', 'ida-pass');
    const page = await rig.signedIn('ida', 'ida-pass', '/');
    const home = page.getByLabel('Where do you live?');
    await home.waitFor();
    expect(await home.locator('option').count()).toBe(250); // the prompt and 249 countries
    await home.selectOption('Portugal');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    const lang = page.locator('fieldset[data-scheme="lang"] select');
    expect(await lang.locator('option', { hasText: 'Welsh' }).count()).toBe(1);
    await lang.selectOption('Welsh');
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await expect.poll(async () => (await rig.t.admin().get('/admin/api/export?format=jsonl')).text).toContain('Welsh');
    const phases = (await rig.t.admin().get('/admin/api/export?view=phases')).text;
    expect(phases).toContain('Portugal');
  });
});
