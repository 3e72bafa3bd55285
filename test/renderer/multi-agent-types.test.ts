/**
 * The multi-agent trace types (context_attribution, handoff_review, emergent_behavior) answered by keyboard in
 * headless Chromium against the real server, and still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, unnamedControls, type BrowserRig, allSaved } from './browser.js';
import type { Client } from '../helpers/client.js';
import { checkedIn as checkedOn, fieldKey as keyOf, focusedStep, openTraceRig } from './trace-rig.js';

const steps = [
  { agent: 'Planner', content: 'Budget is $400' },
  { agent: 'Searcher', content: 'Cheapest is $520' },
  { agent: 'Booker', content: 'Booked at $520' },
];
const ITEMS = [1, 2].map((n) => ({ id: `ma${n}`, text: `Book a flight (${n})`, steps }));
const SCHEMES = [
  { annotation_type: 'context_attribution', name: 'ctx', turns_key: 'steps' },
  { annotation_type: 'handoff_review', name: 'hand', flags: ['info_loss', 'goal_drift'], quality_scale: 3 },
  { annotation_type: 'emergent_behavior', name: 'emerge', behaviors: ['groupthink', 'cascading_error'] },
];

let rig: BrowserRig;
let page: Page;
let api: Client;

const focused = () => focusedStep(page);
const fieldKey = (scheme: string) => keyOf(page, scheme);
const checkedIn = (scheme: string, step: number) => checkedOn(page, scheme, step);

describe('multi-agent trace types by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openTraceRig(ITEMS, SCHEMES, 'fieldset[data-scheme="emerge"] [data-step="2"]'));
  });

  test('shows the handoffs found in the trace and lists the keys', async () => {
    expect(await page.locator('fieldset[data-scheme="hand"] .trace-step-agent').allInnerTexts()).toEqual([
      'Planner → Searcher',
      'Searcher → Booker',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('?');
    const help = await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).innerText();
    expect(help).toContain("hand: rate the focused handoff's quality (1–3)");
    expect(help).toContain("hand: the handoff's flags (info loss, goal drift)");
    expect(help).toContain('emerge: put the focused turn in a behavior, or take it out (groupthink, cascading error)');
    expect(help).toContain('ctx: tag the focused turn with an act (used_context_correctly');
    await page.keyboard.press('Escape');
  });

  test('answers them by keyboard, and after a reload they are still there', async () => {
    await page.keyboard.press(await fieldKey('ctx'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // turn 2 hallucinated context: not linked, on to turn 3
    await expect.poll(focused).toBe('2');

    await page.locator('body').focus();
    await page.keyboard.press(await fieldKey('hand'));
    await page.keyboard.press('3'); // handoff 1 quality 3, on to handoff 2
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('1'); // handoff 2 quality 1
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // its second flag: goal_drift
    await page.keyboard.press('Escape');

    await page.keyboard.press(await fieldKey('emerge'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // turn 2 in cascading_error; the focus stays
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // turn 3 too
    const note = page.locator('fieldset[data-scheme="emerge"] textarea');
    await note.waitFor();
    await note.focus();
    await page.keyboard.type('the budget error carries on');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);

    const stored = (await api.get('/get_annotations?instance_id=ma1')).body.annotations;
    expect(JSON.parse(stored['ctx:ctx'])).toEqual([{ turn: 1, act: 'hallucinated_context', agent_id: 'Searcher' }]);
    expect(JSON.parse(stored['hand:hand'])).toEqual([
      { index: 0, step: 1, from: 'Planner', to: 'Searcher', flags: [], quality: 3 },
      { index: 1, step: 2, from: 'Searcher', to: 'Booker', flags: ['goal_drift'], quality: 1 },
    ]);
    expect(JSON.parse(stored['emerge:emerge'])).toEqual({
      cascading_error: { turns: [1, 2], note: 'the budget error carries on' },
    });

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await checkedIn('ctx', 1)).toEqual(['hallucinated_context']);
    expect(await checkedIn('hand', 1)).toEqual(['1', 'goal_drift']);
    expect(await checkedIn('emerge', 2)).toEqual(['cascading_error']);
    expect(await page.locator('fieldset[data-scheme="emerge"] textarea').inputValue()).toBe(
      'the budget error carries on',
    );
    expect(rig.foreign).toEqual([]);
  });
});
