/**
 * Conditional questions (display_logic) on the annotate page and a survey page, in headless Chromium against the
 * real server: follow-ups appear and go as answers change, keys and focus skip hidden questions, a hidden
 * required question does not hold the annotator, and the server keeps only what was shown.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, startRig } from './browser.js';

const PASSWORD = 'correct-horse';
const rig = await startRig({
  config: {
    annotation_schemes: [
      {
        annotation_type: 'radio',
        name: 'pii',
        labels: [
          { name: 'Yes', key_value: 'y' },
          { name: 'No', key_value: 'x' },
        ],
        label_requirement: { required: true },
      },
      {
        annotation_type: 'multiselect',
        name: 'types',
        labels: [
          { name: 'Name', key_value: '1' },
          { name: 'Other', key_value: '2' },
        ],
        label_requirement: { required: true },
        display_logic: { show_when: [{ schema: 'pii', operator: 'equals', value: 'Yes' }] },
      },
      {
        annotation_type: 'text',
        name: 'other',
        description: 'Which other kind?',
        display_logic: { show_when: [{ schema: 'types', operator: 'contains', value: 'Other' }] },
      },
      {
        annotation_type: 'radio',
        name: 'sure',
        labels: [
          { name: 'Sure', key_value: '3' },
          { name: 'Unsure', key_value: '4' },
        ],
        display_logic: { show_when: [{ schema: 'pii', operator: 'equals', value: 'No' }] },
      },
    ],
    phases: { order: ['prestudy', 'annotation'], prestudy: { type: 'prestudy', file: 'pre.json' } },
  },
  files: {
    'pre.json': JSON.stringify([
      {
        name: 'prior',
        annotation_type: 'radio',
        description: 'Annotated before?',
        labels: ['Yes', 'No'],
        label_requirement: { required: true },
      },
      {
        name: 'details',
        annotation_type: 'text',
        description: 'Tell us more.',
        label_requirement: { required: true },
        display_logic: { show_when: [{ schema: 'prior', operator: 'equals', value: 'Yes' }] },
      },
    ]),
  },
  items: [
    { id: 'a', text: 'Call Ann at 555-1234.' },
    { id: 'b', text: 'Nothing personal here.' },
    { id: 'c', text: 'A third one.' },
  ],
});

const shownQuestions = (page: Page) =>
  page
    .locator('form.schemes fieldset[data-scheme]')
    .evaluateAll((all) => all.map((f) => (f as HTMLElement).dataset.scheme));
const saved = (page: Page) => page.getByTestId('save-state').innerText();
const focusedQuestion = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('fieldset[data-scheme]')?.dataset.scheme ?? null);

test('follow-up questions come and go with the answers, by keyboard, and the server keeps only the shown ones', async () => {
  await rig.t.client().login('ann', PASSWORD);
  const page = await rig.signedIn('ann', PASSWORD, '/');

  // the survey page: details appears only after "Yes", and is required only then
  await page.getByText('Annotated before?').waitFor();
  expect(await page.getByText('Tell us more.').count()).toBe(0);
  await page.getByLabel('Yes').check();
  await page.getByText('Tell us more.').waitFor();
  await page.getByLabel('No').check();
  expect(await page.getByText('Tell us more.').count()).toBe(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 3/);
  expect(await shownQuestions(page)).toEqual(['pii']);
  // a hidden question's key does nothing
  await page.locator('body').press('2');
  await page.locator('body').press('y');
  await expect.poll(() => shownQuestions(page)).toEqual(['pii', 'types']);
  await page.locator('body').press('2');
  await expect.poll(() => shownQuestions(page)).toEqual(['pii', 'types', 'other']);
  // focus moves question to question over the shown ones only
  await page.locator('body').press('f');
  expect(await focusedQuestion(page)).toBe('pii');
  await page.keyboard.press('f');
  expect(await focusedQuestion(page)).toBe('types');
  await page.keyboard.press('f');
  expect(await focusedQuestion(page)).toBe('other');
  await page.keyboard.type('a passport number');
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 3/);
  await expect.poll(() => saved(page)).toBe('All answers saved');

  // "No" shows sure instead; types stays hidden, so its requirement does not hold the annotator
  expect(await shownQuestions(page)).toEqual(['pii']);
  await page.locator('body').press('x');
  await expect.poll(() => shownQuestions(page)).toEqual(['pii', 'sure']);
  await page.locator('body').press('3');
  await page.locator('body').press('Enter');
  await expect.poll(() => progress(page)).toMatch(/^Instance 3 of 3/);
  await expect.poll(() => saved(page)).toBe('All answers saved');

  // back on the first: answering "No" now hides the chain, and the server drops its answers on submit
  await page.locator('body').press('ArrowLeft');
  await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 3/); // a key pressed mid-move is dropped
  await page.locator('body').press('ArrowLeft');
  await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 3/);
  expect(await shownQuestions(page)).toEqual(['pii', 'types', 'other']);
  expect(await page.locator('[data-scheme="other"] textarea, [data-scheme="other"] input').first().inputValue()).toBe(
    'a passport number',
  );
  await page.locator('body').press('x');
  await expect.poll(() => shownQuestions(page)).toEqual(['pii', 'sure']);
  await page.locator('body').press('4');
  await page.locator('body').press('Enter');
  await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 3/);
  await expect.poll(() => saved(page)).toBe('All answers saved');

  const c = await rig.t.client().login('ann', PASSWORD);
  expect((await c.get('/get_annotations?instance_id=a')).body.annotations).toEqual({
    'pii:No': 'true',
    'sure:Unsure': 'true',
  });
  expect((await c.get('/get_annotations?instance_id=b')).body.annotations).toEqual({
    'pii:No': 'true',
    'sure:Sure': 'true',
  });
});
