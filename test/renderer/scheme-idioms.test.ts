/**
 * Scheme idioms of real configs on the annotate page, in headless Chromium against the real server: required
 * schemes hold the annotator on the instance with a message naming them, allow_skip with a required reason
 * records a skip shown apart from answers, and displayed_name, horizontal and label tooltips are shown.
 */
import { expect, test } from 'vitest';
import { startRig } from './browser.js';

const PASSWORD = 'correct-horse';
const rig = await startRig({
  config: {
    allow_skip: true,
    skip_reason_required: true,
    annotation_schemes: [
      {
        annotation_type: 'radio',
        name: 'strength',
        displayed_name: 'How strong is the argument?',
        labels: { 1: 'Very weak', 2: 'Weak', 3: 'Strong' },
        tooltips: { Strong: 'Convincing on its own' },
        horizontal: false,
        label_requirement: { required: true },
      },
      { annotation_type: 'multiselect', name: 'flags', labels: ['off-topic', 'toxic'], horizontal: true },
    ],
  },
  items: [
    { id: 'a1', text: 'Taxes should be lower because growth follows.' },
    { id: 'a2', text: 'Cats are better than dogs.' },
    { id: 'a3', text: 'Remote work saves commuting time.' },
  ],
});

test('required schemes hold the annotator with a message; a skip needs a reason and is shown apart; titles, layout and tooltips follow the config', async () => {
  await rig.t.client().login('ann', PASSWORD);
  const page = await rig.signedIn('ann', PASSWORD, '/');
  const form = page.getByRole('form', { name: 'Annotation' });
  await form.getByText('How strong is the argument?').waitFor();
  await expect(form.locator('.scheme-required').first().innerText()).resolves.toContain('required');
  expect(
    await page.locator('[data-scheme="strength"] .choices').evaluate((el) => getComputedStyle(el).flexDirection),
  ).toBe('column');
  expect(await page.locator('[data-scheme="flags"] .choices').evaluate((el) => getComputedStyle(el).flexWrap)).toBe(
    'nowrap',
  );
  expect(
    await page
      .locator('label.choice')
      .filter({ has: page.locator('input[value="Strong"]') })
      .getAttribute('title'),
  ).toBe('Convincing on its own');

  // submitting or moving on with the required question unanswered stays put and names it
  await page.getByRole('button', { name: /Submit/ }).click();
  await page
    .getByText('Answer the required question “How strong is the argument?” before moving on, or skip this instance.')
    .waitFor();
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByText(/Answer the required question/).waitFor();
  expect(await page.locator('.instance-id').innerText()).toBe('a1');

  // the label map's keys pick the labels: 2 is "Weak"
  await page.locator('body').press('2');
  expect(await page.locator('input[value="Weak"]').isChecked()).toBe(true);
  await page.getByRole('button', { name: /Submit/ }).click();
  await page.locator('.instance-id', { hasText: 'a2' }).waitFor();

  // a skip asks for the reason, moves on, and is counted apart from answers
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await page.getByLabel('Why do you skip it?').fill('Sarcasm, cannot tell');
  await page.getByRole('button', { name: 'Skip with this reason' }).click();
  await page.locator('.instance-id', { hasText: 'a3' }).waitFor();
  expect(await page.getByTestId('skipped-count').innerText()).toBe('1 skipped');
  await page.getByRole('button', { name: '← Previous' }).click();
  expect(await page.getByTestId('skipped-badge').innerText()).toBe('Skipped: Sarcasm, cannot tell');
  expect(await page.getByTestId('annotated-badge').innerText()).toBe('Not annotated yet');

  const skips = (await rig.t.admin().get('/admin/api/skips')).body;
  expect(skips.skips).toEqual([
    { instance_id: 'a2', annotator: 'ann', reason: 'Sarcasm, cannot tell', skipped_at: expect.any(String) },
  ]);
  const exported = (await rig.t.admin().get('/admin/api/export?format=jsonl')).text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(exported.map((r: { instance_id: string }) => r.instance_id)).toEqual(['a1']);
  expect(rig.foreign).toEqual([]);
});

test('label tooltips are reachable by keyboard: read out on the focused choice, and listed in the ? overlay', async () => {
  await rig.t.client().login('kim', PASSWORD);
  const page = await rig.signedIn('kim', PASSWORD, '/');
  await page.getByRole('form', { name: 'Annotation' }).getByText('How strong is the argument?').waitFor();
  expect(await page.locator('input[value="Strong"]').getAttribute('aria-description')).toBe('Convincing on its own');
  await page.locator('body').press('?');
  const help = page.getByTestId('label-help');
  await help.waitFor();
  expect(await help.locator('tr').allInnerTexts()).toEqual([
    'How strong is the argument?: Strong\tConvincing on its own',
  ]);
});
