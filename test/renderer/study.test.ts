/**
 * A study in headless Chromium: consent and instructions pages before annotation, gold-standard feedback while
 * annotating, the post-study survey after it, and the AI suggestion applied with one key but never saved by
 * itself.
 */
import { describe, expect, test } from 'vitest';
import { startRig, progress } from './browser.js';
import { sampleItems } from '../helpers/project.js';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('a study with phases and quality control', () => {
  test('consent → instructions → annotation with gold feedback → survey → done', async () => {
    const rig = await startRig({
      items: sampleItems(6),
      files: {
        'gold.jsonl': jsonl([{ id: 'gold-1', text: 'Broke on day one.', gold_label: { sentiment: 'negative' } }]),
      },
      config: {
        max_annotations_per_user: 2,
        gold_standards: { enabled: true, items_file: 'gold.jsonl', frequency: 1 },
        phases: {
          order: ['consent', 'instructions', 'annotation', 'poststudy'],
          consent: { title: 'Consent', content: 'We study how people read reviews.' },
          instructions: { title: 'How to annotate', content: '## Steps\n\n- Read the review\n- Pick a **sentiment**' },
          poststudy: {
            title: 'Survey',
            questions: [{ id: 'hard', text: 'Was it hard?', type: 'radio', options: ['yes', 'no'] }],
          },
        },
      },
    });
    await rig.t.client().login('dana', 'dana-pass');
    const page = await rig.signedIn('dana', 'dana-pass', '/');

    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    const agree = page.getByRole('button', { name: 'I agree, continue' });
    expect(await agree.isDisabled()).toBe(true);
    await page.getByLabel(/agree to take part/).check();
    await agree.click();

    await page.getByRole('heading', { name: 'How to annotate' }).waitFor();
    expect(await page.locator('.markdown li').allInnerTexts()).toEqual(['Read the review', 'Pick a sentiment']);
    expect(await page.locator('.markdown strong').innerText()).toBe('sentiment');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByTestId('instance-text').waitFor();
    const total = Number(/of (\d+)/.exec(await progress(page))![1]);
    expect(total).toBe(3); // two items and the gold check mixed in
    let sawGold = false;
    for (let i = 0; i < total; i++) {
      const isGold = (await page.getByTestId('instance-text').innerText()) === 'Broke on day one.';
      await page.keyboard.press('1'); // positive: wrong for the gold item
      await page.keyboard.press('Enter');
      if (isGold) {
        const feedback = page.getByTestId('qc-feedback');
        await feedback.waitFor();
        expect(await feedback.innerText()).toBe('Check item: the expected answer was sentiment: negative.');
        sawGold = true;
      }
      if (i < total - 1) await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${i + 2} of`));
    }
    expect(sawGold).toBe(true);
    await page.getByText('This is the last instance.').waitFor();

    await page.getByRole('button', { name: 'Continue to the next step' }).click();
    await page.getByRole('heading', { name: 'Survey' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/answers\.hard/);
    await page.getByLabel('no').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();

    const quality = (await rig.t.admin().get('/admin/api/quality_control')).body;
    expect(quality.gold_standards.by_annotator.dana).toEqual({ answered: 1, correct: 0, accuracy: 0 });
  });

  test('the AI suggestion is shown, applied with one key, and saved only on submit', async () => {
    const bad = 'Awful, broken and useless junk.';
    const good = 'Lovely, sturdy and wonderful value.';
    const items = [
      ...[1, 2, 3, 4, 5, 6].map((n) => ({ id: `item-${n}`, text: n % 2 ? bad : good })),
      { id: 'item-7', text: 'Broken junk, awful.' },
      { id: 'item-8', text: good },
    ];
    const rig = await startRig({ items });
    const erin = await rig.t.client().login('erin', 'erin-pass');
    for (let n = 1; n <= 6; n++) {
      const label = n % 2 ? 'negative' : 'positive';
      expect(
        (
          await erin.post('/updateinstance', {
            instance_id: `item-${n}`,
            annotations: { [`sentiment:${label}`]: 'true' },
          })
        ).status,
      ).toBe(200);
    }
    // the embedded assistant learns in the background: wait until it has a suggestion for item-7
    await expect
      .poll(async () => (await erin.get('/get_ai_suggestion?instance_id=item-7')).body.suggestions?.sentiment?.label, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe('negative');
    await erin.post('/go_to', { go_to: 'item-7' });

    const page = await rig.signedIn('erin', 'erin-pass', '/');
    const hint = page.getByTestId('ai-hint');
    await hint.getByRole('button', { name: /Accept suggestion/ }).waitFor();
    expect(await hint.innerText()).toMatch(/sentiment: negative/);
    expect(await page.locator('fieldset[data-scheme="sentiment"] input[value="negative"]').isChecked()).toBe(false);

    await page.keyboard.press('a');
    expect(await page.locator('fieldset[data-scheme="sentiment"] input[value="negative"]').isChecked()).toBe(true);
    expect(await page.getByTestId('save-state').innerText()).toBe('Unsaved changes');
    expect((await erin.get('/get_annotations?instance_id=item-7')).body.annotations).toEqual({});

    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 8 of/);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    expect((await erin.get('/get_annotations?instance_id=item-7')).body.annotations).toEqual({
      'sentiment:negative': 'true',
    });
  });

  test('training shows what was wrong and the attempts left; a failed attention check blocks, and the screen says so', async () => {
    const rig = await startRig({
      items: sampleItems(4),
      files: {
        'attention.jsonl': jsonl([
          { id: 'attn-1', text: 'Attention check: choose "negative".', expected_answer: { sentiment: 'negative' } },
        ]),
      },
      config: {
        max_annotations_per_user: 2,
        attention_checks: {
          enabled: true,
          items_file: 'attention.jsonl',
          frequency: 1,
          failure_handling: { warn_threshold: 1, block_threshold: 1 },
        },
        phases: {
          order: ['training', 'annotation'],
          training: {
            title: 'Practice',
            max_attempts: 3,
            questions: [
              {
                id: 'q1',
                text: 'Is "awful" positive?',
                type: 'radio',
                options: ['yes', 'no'],
                correct: 'no',
                explanation: 'Awful is negative.',
              },
            ],
          },
        },
      },
    });
    await rig.t.client().login('finn', 'finn-pass');
    const page = await rig.signedIn('finn', 'finn-pass', '/');
    await page.getByRole('heading', { name: 'Practice' }).waitFor();
    await page.getByLabel('yes').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /0 of 1 right: not enough to pass\. 2 attempt\(s\) left\.[\s\S]*Awful is negative\./,
    );
    await page.getByLabel('no').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('instance-text').waitFor();

    // walk to the attention check and fail it
    for (
      let i = 0;
      i < 3 && (await page.getByTestId('instance-text').innerText()) !== 'Attention check: choose "negative".';
      i++
    ) {
      const before = await progress(page);
      await page.keyboard.press(']');
      await expect.poll(() => progress(page)).not.toBe(before);
    }
    await page.keyboard.press('1'); // positive: wrong
    await page.keyboard.press('Enter');
    const feedback = page.getByTestId('qc-feedback');
    await feedback.waitFor();
    expect(await feedback.innerText()).toMatch(/failed too many attention checks/);
    await expect.poll(() => page.locator('button[type=submit]').isEnabled()).toBe(true); // keys pressed while saving are dropped
    // the next submission is refused, with the server's reason on screen
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').first().innerText()).toMatch(/block|attention/i);
    const standing = (await rig.t.admin().get('/admin/api/annotators')).body.annotators.find(
      (a: { username: string }) => a.username === 'finn',
    );
    expect(standing.blocked).toBe(true);
  });
});
