/**
 * Every span target by keyboard and in a dialogue, in headless Chromium: `s` selects in the text, `s` again moves the
 * selection to the next span target, each span target is a tab stop where `s` then starts, and the one the keys act
 * on is marked; a dialogue span target is selected in by mouse and by keyboard and shows its spans in its turns
 * after a reload; a span scheme with a target_field is offered only in that field.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls, type BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import { dragOver } from './select-text.js';
import { axeViolations, failing } from './axe.js';
import type { Client } from '../helpers/client.js';

const PREMISE = 'The museum opens at nine and closes at five every weekday.';
const HYPOTHESIS = 'The museum closes at five on weekdays.';
const TURNS = [
  { speaker: 'Ana', text: 'When does the museum open?' },
  { speaker: 'Ben', text: 'It opens at nine.' },
];
const SECOND_TURN = TURNS[0].text.length + 1;
const HYP = '[data-span-field="hypothesis"]';
const TALK = '[data-span-field="talk"]';
const TEXT = '[data-testid="instance-text"]';
let rig: BrowserRig;
let page: Page;
let api: Client;

const marked = (root: string) => page.locator(`${root} mark.span-mark`).allInnerTexts();
const selected = (root: string) => page.locator(`${root} mark.selection-mark`).allInnerTexts();
const keyTarget = () => page.locator('[data-keyboard-target]').getAttribute('data-span-root');

async function stored() {
  const body = (await api.get('/get_annotations?instance_id=p1')).body;
  return body.span_annotations.map((s: Record<string, unknown>) => [s.schema, s.target_field, s.start, s.text]);
}

describe('span targets by keyboard, dialogues, and a scheme kept to its field', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: [
        { id: 'p1', text: PREMISE, hypothesis: HYPOTHESIS, talk: TURNS },
        { id: 'p2', text: 'Another premise.', hypothesis: 'Another hypothesis.', talk: TURNS },
      ],
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Premise', span_target: true },
            { key: 'hypothesis', type: 'text', label: 'Hypothesis', span_target: true },
            { key: 'talk', type: 'dialogue', label: 'Talk', span_target: true },
          ],
        },
        annotation_schemes: [
          { annotation_type: 'span', name: 'evidence', labels: ['CLAIM', 'SUPPORT'] },
          { annotation_type: 'span', name: 'negation', target_field: 'hypothesis', labels: ['NEG'] },
        ],
      },
    }));
  });

  test('s selects in the text, s again in the next span target; Tab reaches each one', async () => {
    await page.locator(HYP).waitFor();
    expect(await keyTarget()).toBe('');
    await page.locator('body').focus();
    await page.keyboard.press('s');
    expect(await selected(TEXT)).toEqual(['The']);
    await page.keyboard.press('s');
    expect(await selected(TEXT)).toEqual([]);
    expect(await selected(HYP)).toEqual(['The']);
    expect(await keyTarget()).toBe('hypothesis');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await selected(HYP)).toEqual(['closes at']);
    await page.keyboard.press('1'); // evidence: CLAIM
    expect(await marked(HYP)).toEqual(['closes at']);
    expect(await marked(TEXT)).toEqual([]);

    // the span targets are tab stops named for their field; `s` starts in the one focused
    await page.locator('body').focus();
    await tabTo(page, TALK);
    expect(await page.locator(TALK).getAttribute('aria-label')).toBe('Talk: press s to select words');
    expect(await keyTarget()).toBe('talk');
    await page.keyboard.press('s');
    expect(await selected(TALK)).toEqual(['When']);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('keyboard-field').innerText()).toBe('Talk');
    expect(await failing(await axeViolations(page))).toEqual([]);
  });

  test("a dialogue's turns take spans by mouse and by keyboard, kept after a reload", async () => {
    // by mouse over the second turn's words
    const turn = `${TALK} [data-span-offset="${SECOND_TURN}"]`;
    const opens = TURNS[1].text.indexOf('opens at nine');
    await dragOver(page, opens, opens + 'opens at nine'.length, turn);
    expect(await page.locator('.span-picker > span').innerText()).toBe('Label opens at nine as:');
    await page.keyboard.press('2'); // evidence: SUPPORT
    expect(await marked(TALK)).toEqual(['opens at nine']);

    // by keyboard: `s` starts where the last selection was, the arrows walk the turns' words
    await page.locator('body').focus();
    await page.keyboard.press('s');
    expect(await selected(TALK)).toEqual(['When']);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    // a selection running into the next turn is drawn in both
    expect(await selected(TALK)).toEqual(['museum open?', 'It']);
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('1'); // evidence: CLAIM
    expect(await marked(TALK)).toEqual(['museum open', 'opens at nine']);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await failing(await axeViolations(page))).toEqual([]);
    await rig.screenshot(page, 'span-targets-keyboard');

    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    const museum = TURNS[0].text.indexOf('museum');
    await expect.poll(stored).toEqual([
      ['evidence', 'hypothesis', HYPOTHESIS.indexOf('closes at'), 'closes at'],
      ['evidence', 'talk', museum, 'museum open'],
      ['evidence', 'talk', SECOND_TURN + opens, 'opens at nine'],
    ]);
    await page.getByTestId('save-state').getByText('All answers saved').waitFor();
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('['); // back to p1
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('p1');
    await expect.poll(() => marked(TALK)).toEqual(['museum open', 'opens at nine']);
    expect(await marked(HYP)).toEqual(['closes at']);
  });

  test('a span scheme with a target_field is offered only in that field', async () => {
    const picker = page.locator('.span-picker button');
    await dragOver(page, PREMISE.indexOf('museum'), PREMISE.indexOf('museum') + 6);
    expect(await picker.allInnerTexts()).not.toContainEqual(expect.stringContaining('NEG'));
    await page.keyboard.press('3'); // NEG's key does nothing here
    expect(await marked(TEXT)).toEqual([]);
    await page.keyboard.press('Escape');

    await dragOver(page, HYPOTHESIS.indexOf('weekdays'), HYPOTHESIS.indexOf('weekdays') + 8, HYP);
    expect(await picker.allInnerTexts()).toContainEqual(expect.stringContaining('negation: NEG'));
    await page.keyboard.press('3');
    expect(await marked(HYP)).toEqual(['closes at', 'weekdays']);
    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await stored()).filter((s: unknown[]) => s[0] === 'negation'))
      .toEqual([['negation', 'hypothesis', HYPOTHESIS.indexOf('weekdays'), 'weekdays']]);
  });
});
