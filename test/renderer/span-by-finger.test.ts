/**
 * Spans on a phone: a finger's selection (press-and-hold, then the handles) is followed by no mouseup, so the text
 * offers a "Label selected text" button; tapping it opens the label picker, and the span made is stored. The hint
 * under the text says how, by finger, instead of naming the mouse and a key a phone does not have.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { openPhone } from './phone.js';
import { selectByFinger } from './select-text.js';

const TEXT = 'We met Ana in Lisbon on a Tuesday.';
const at = (word: string) => [TEXT.indexOf(word), TEXT.indexOf(word) + word.length] as const;

describe('spans by finger', () => {
  test('a touch selection is labelled through the Label selected text button and stored', async () => {
    const rig = await startRig({
      items: [{ id: 'f1', text: TEXT }],
      config: {
        login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
        annotation_schemes: [{ annotation_type: 'span', name: 'who', labels: ['person', 'place'] }],
      },
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=thumb01&STUDY_ID=s1');
    const text = page.getByTestId('instance-text');
    await text.waitFor();
    expect(await page.locator('.span-panel .hint').innerText()).toMatch(/Press and hold/);
    expect(await page.locator('.hint').allInnerTexts()).not.toContainEqual(expect.stringMatching(/mouse/));

    await selectByFinger(page, ...at('Lisbon'));
    const button = page.getByRole('button', { name: /Label selected text/ });
    await button.waitFor();
    expect(await button.innerText()).toContain('“Lisbon”');
    await button.tap();
    await page.locator('.span-picker').getByRole('button', { name: /place/ }).tap();
    expect(await page.locator('.span-list .chip').allInnerTexts()).toEqual(['place']);
    expect(await button.count()).toBe(0);

    // a tap inside the text deselects: no button is left for a selection that is gone
    await selectByFinger(page, ...at('Ana'));
    await button.waitFor();
    await page.evaluate(() => {
      const t = document.querySelector('[data-testid="instance-text"]')!.firstChild!;
      getSelection()!.collapse(t, 0);
    });
    await button.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Next/ }).first().tap();
    const stored = async () => (await rig.t.admin().get('/admin/api/export?format=jsonl')).text;
    await expect.poll(stored).toContain('"place"');
    const row = JSON.parse((await stored()).trim());
    expect(row).toMatchObject({ annotator: 'thumb01', instance_id: 'f1' });
    expect(JSON.stringify(row)).toContain('Lisbon');
    expect(rig.foreign).toEqual([]);
    await context.close();
  }, 90_000);
});
