/**
 * Going back across phases in headless Chromium (allow_phase_back_navigation): from the first instance Back
 * returns to the survey before it, its answer shown to change, and sending it again opens annotation again.
 * Without the option the first instance has nowhere to go back to.
 */
import { describe, expect, test } from 'vitest';
import { progress, startRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

const phases = {
  order: ['consent', 'prestudy', 'annotation'],
  consent: { title: 'Consent', content: 'We study how people read reviews.' },
  prestudy: {
    title: 'About you',
    questions: [{ id: 'experience', text: 'Have you labelled reviews before?', options: ['Yes', 'No'] }],
  },
};

describe('Back across phases', () => {
  test('from the first instance to the survey, its answer changed and sent again', async () => {
    const rig = await startRig({
      items: sampleItems(3),
      config: { phases, allow_phase_back_navigation: true, export_include_phase_data: true },
    });
    await rig.t.client().login('fay', 'fay-pass');
    const page = await rig.signedIn('fay', 'fay-pass', '/');

    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    expect(await page.getByRole('button', { name: '← Back' }).count()).toBe(0); // the first page
    await page.getByLabel(/agree to take part/).check();
    await page.getByRole('button', { name: 'I agree, continue' }).click();
    await page.getByRole('heading', { name: 'About you' }).waitFor();
    await page.getByLabel('Yes').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 3/);
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'About you' }).waitFor();
    expect(await page.getByLabel('Yes').isChecked()).toBe(true);
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 3/);

    const rows = (await rig.t.admin().get('/admin/api/export?view=phases')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.user_id, r.schema, r.value, r.submitted])).toEqual([['fay', 'experience', 'No', true]]);
  });

  test('without the option the first instance has no way back', async () => {
    const rig = await startRig({ items: sampleItems(2), config: { phases } });
    await rig.t.client().login('gus', 'gus-pass');
    const page = await rig.signedIn('gus', 'gus-pass', '/');
    await page.getByLabel(/agree to take part/).check();
    await page.getByRole('button', { name: 'I agree, continue' }).click();
    await page.getByRole('heading', { name: 'About you' }).waitFor();
    expect(await page.getByRole('button', { name: '← Back' }).count()).toBe(0);
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await page.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    expect(await page.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(false);
  });
});
