/**
 * Agent-trace scheme types (process_reward, consensus_tracking) answered by keyboard in headless Chromium against
 * the real server: move between the steps with the arrows, answer each with the number row, and the answers
 * still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { unnamedControls, type BrowserRig, progress, allSaved } from './browser.js';
import type { Client } from '../helpers/client.js';
import { fieldKey as keyOf, focusedStep as stepIn, openTraceRig } from './trace-rig.js';
const steps = [
  { agent: 'Planner', content: 'Split the task into search and booking' },
  { agent: 'Searcher', content: 'Found three flights, all over budget' },
  { agent: 'Booker', content: 'Booked the cheapest one anyway' },
];
const ITEMS = [1, 2].map((n) => ({ id: `tr${n}`, text: `Book a flight under $400 (${n})`, steps }));
const SCHEMES = [
  { annotation_type: 'process_reward', name: 'rewards', mode: 'per_step', allow_neutral: true },
  { annotation_type: 'process_reward', name: 'first', description: 'Where did it go wrong?' },
  {
    annotation_type: 'consensus_tracking',
    name: 'acts',
    turns_key: 'steps',
    acts: ['proposal', 'objection', 'decision'],
    linked_acts: ['objection'],
  },
];

let rig: BrowserRig;
let page: Page;
let api: Client;

const focusedStep = () => stepIn(page);
const fieldKey = (scheme: string) => keyOf(page, scheme);
const checked = (scheme: string, step: number) =>
  page.locator(`fieldset[data-scheme="${scheme}"] [data-step="${step}"] input:checked`).getAttribute('value');

describe('agent-trace types by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openTraceRig(ITEMS, SCHEMES));
  });

  test("shows each scheme's steps and lists the step keys", async () => {
    await page.locator('fieldset[data-scheme="acts"] [data-step="2"]').waitFor();
    expect(await page.locator('fieldset[data-scheme="rewards"] .trace-step-text').allInnerTexts()).toEqual(
      steps.map((s) => s.content),
    );
    expect(await page.locator('fieldset[data-scheme="acts"] .trace-step-agent').allInnerTexts()).toEqual([
      'Planner',
      'Searcher',
      'Booker',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const help = await dialog.innerText();
    expect(help).toContain('rewards: previous / next step');
    expect(help).toContain('rewards: 1 correct, 2 wrong, 3 neutral: reward the focused step');
    expect(help).toContain('first: 1 marks the steps up to the focused one correct, 2 makes it the first wrong step');
    expect(help).toContain('acts: tag the focused turn with an act (proposal, objection, decision)');
    await page.keyboard.press('Escape');
  });

  test('answers the steps by keyboard and submits', async () => {
    await page.keyboard.press(await fieldKey('rewards'));
    expect(await focusedStep()).toBe('0');
    await page.keyboard.press('1'); // correct, on to step 2
    await expect.poll(focusedStep).toBe('1');
    await page.keyboard.press('3'); // neutral
    await expect.poll(focusedStep).toBe('2');
    await page.keyboard.press('ArrowUp');
    expect(await focusedStep()).toBe('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // step 3 wrong
    expect(await page.getByTestId('rewards-count').innerText()).toBe('1 correct, 1 wrong, 1 neutral of 3');

    await page.locator('body').focus();
    await page.keyboard.press(await fieldKey('first'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // step 2 is the first wrong one: step 1 right, 2 and 3 wrong
    expect(await page.getByTestId('first-count').innerText()).toBe('1 correct, 2 wrong of 3');

    await page.locator('body').focus();
    await page.keyboard.press(await fieldKey('acts'));
    await page.keyboard.press('1'); // proposal
    await expect.poll(focusedStep).toBe('1');
    await page.keyboard.press('2'); // objection: a linked act, so the focus stays for its reference
    const ref = page.locator('fieldset[data-scheme="acts"] [data-step="1"] select');
    await ref.waitFor();
    await expect.poll(focusedStep).toBe('1');
    await page.keyboard.press('Tab');
    expect(await ref.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown'); // refers to turn 1
    await page.keyboard.press('Escape'); // out of the choice, so Enter submits
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);

    const stored = (await api.get('/get_annotations?instance_id=tr1')).body.annotations;
    expect(JSON.parse(stored['rewards:rewards'])).toEqual({
      mode: 'per_step',
      steps: [
        { index: 0, reward: 1 },
        { index: 1, reward: 0 },
        { index: 2, reward: -1 },
      ],
    });
    expect(JSON.parse(stored['first:first'])).toEqual({
      mode: 'first_error',
      steps: [
        { index: 0, reward: 1 },
        { index: 1, reward: -1 },
        { index: 2, reward: -1 },
      ],
    });
    expect(JSON.parse(stored['acts:acts'])).toEqual([
      { turn: 0, act: 'proposal', agent_id: 'Planner' },
      { turn: 1, act: 'objection', ref: 0, agent_id: 'Searcher' },
    ]);
  });

  test('after a reload the answers are still there', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await checked('rewards', 1)).toBe('0');
    expect(await checked('first', 2)).toBe('-1');
    expect(await checked('acts', 1)).toBe('objection');
    expect(await page.locator('fieldset[data-scheme="acts"] [data-step="1"] select').inputValue()).toBe('0');
    await rig.screenshot(page, 'trace-types');
    expect(rig.foreign).toEqual([]);
  });
});

const EVAL_SCHEMES = [
  {
    annotation_type: 'trajectory_eval',
    name: 'judged',
    correctness_options: ['correct', 'flawed'],
    error_types: [{ name: 'planning', subtypes: ['ignored constraint'] }],
    max_score: 10,
  },
  { annotation_type: 'failure_attribution', name: 'blame' },
  { annotation_type: 'trajectory_edit', name: 'fixed', step_text_key: 'content', edit_final_answer: true },
];
const EVAL_ITEMS = [1, 2].map((n) => ({ id: `ev${n}`, text: `Trace ${n}`, steps, final_answer: 'Booked UA482' }));

describe('judging, blaming and correcting a trace by keyboard', () => {
  let rig2: BrowserRig;
  let p: Page;
  let c: Client;
  beforeAll(async () => {
    ({
      rig: rig2,
      page: p,
      api: c,
    } = await openTraceRig(EVAL_ITEMS, EVAL_SCHEMES, 'fieldset[data-scheme="fixed"] [data-step="2"]'));
  });

  test('answers them by keyboard, and after a reload they are still there', async () => {
    const key = (scheme: string) => keyOf(p, scheme);
    const step = () => stepIn(p);
    expect(await unnamedControls(p)).toEqual([]);
    await p.keyboard.press(await key('judged'));
    await p.keyboard.press('1'); // correct, on to step 2
    await expect.poll(step).toBe('1');
    await p.keyboard.press('2'); // flawed: its error form opens and the focus stays
    await p.locator('fieldset[data-scheme="judged"] [data-step="1"] select').first().waitFor();
    await expect.poll(step).toBe('1');
    await p.keyboard.press('Tab'); // the error type
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowDown'); // planning › ignored constraint
    await p.keyboard.press('Tab'); // the severity
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowDown'); // major
    await p.keyboard.press('Tab');
    await p.keyboard.type('Kept the non-refundable fare');
    await p.keyboard.press('Escape');
    expect(await p.getByTestId('judged-score').innerText()).toBe('Score: 5 / 10');

    await p.keyboard.press(await key('blame'));
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('1'); // step 2 is decisive; its agent (Searcher) responsible
    await p.keyboard.press('Escape');

    await p.keyboard.press(await key('fixed'));
    await p.keyboard.press('Tab'); // step 2's box
    await p.keyboard.press('End');
    await p.keyboard.type(', so we stopped');
    await p.keyboard.press('Escape');
    // the step's words removed and added, under its box (show_diff is on by default)
    const changes = p.locator('fieldset[data-scheme="fixed"] [data-step="1"] .text-edit-diff');
    expect(await changes.locator('del').allTextContents()).toEqual(['budget ']);
    expect(await changes.locator('ins').allTextContents()).toEqual(['budget, ', 'so ', 'we ', 'stopped ']);
    await p.keyboard.press('Enter');
    await expect.poll(() => progress(p)).toMatch(/^Instance 2 of 2/);
    await allSaved(p);

    const stored = (await c.get('/get_annotations?instance_id=ev1')).body.annotations;
    expect(JSON.parse(stored['judged:judged'])).toEqual({
      steps: [
        { step_index: 0, correctness: 'correct' },
        {
          step_index: 1,
          correctness: 'flawed',
          error_type: 'planning',
          error_subtype: 'ignored constraint',
          severity: 'major',
          rationale: 'Kept the non-refundable fare',
        },
      ],
      score: 5,
    });
    expect(JSON.parse(stored['blame:blame'])).toEqual({ responsible_agent: 'Searcher', decisive_step: 1, reason: '' });
    expect(JSON.parse(stored['fixed:fixed'])).toMatchObject({
      steps: [
        {
          step_index: 1,
          field: 'content',
          original_text: steps[1].content,
          edited_text: `${steps[1].content}, so we stopped`,
          edited: true,
        },
      ],
      final_answer: null,
    });

    await p.reload();
    await p.getByTestId('instance-text').waitFor();
    await p.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(p)).toMatch(/^Instance 1 of 2/);
    expect(await p.locator('fieldset[data-scheme="judged"] [data-step="1"] textarea').inputValue()).toBe(
      'Kept the non-refundable fare',
    );
    expect(await p.locator('fieldset[data-scheme="blame"] [data-step="1"] input').isChecked()).toBe(true);
    expect(await p.locator('fieldset[data-scheme="blame"] select').inputValue()).toBe('Searcher');
    expect(await p.locator('fieldset[data-scheme="fixed"] [data-step="1"] textarea').inputValue()).toBe(
      `${steps[1].content}, so we stopped`,
    );
    await rig2.screenshot(p, 'trace-types-judged');
    expect(rig2.foreign).toEqual([]);
  });
});

const SCREEN =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'><rect width='200' height='100' fill='%23eee'/></svg>";
const GUI_ITEMS = [1, 2].map((n) => ({
  id: `g${n}`,
  text: `Turn on dark mode (${n})`,
  steps: [
    { action: 'click Settings', x: 0.2, y: 0.8, screenshot: SCREEN, tool_calls: [{ name: 'click', args: { x: 0.2 } }] },
    { action: 'click Display', x: 0.5, y: 0.5, screenshot: SCREEN },
  ],
}));

describe('verdicts per step and per tool call by keyboard', () => {
  test('gives verdicts with the number row, shows the screenshots, and keeps them over a reload', async () => {
    const {
      rig: rig3,
      page: p,
      api: c,
    } = await openTraceRig(
      GUI_ITEMS,
      [
        { annotation_type: 'gui_trajectory', name: 'gui' },
        { annotation_type: 'tool_call_review', name: 'calls' },
      ],
      'fieldset[data-scheme="gui"] [data-step="1"] img',
    );
    expect(await p.locator('fieldset[data-scheme="gui"] .trace-click').count()).toBe(2);
    expect(await p.locator('fieldset[data-scheme="calls"] .trace-step-text').allInnerTexts()).toEqual([
      'click({\n "x": 0.2\n})',
    ]);
    expect(await unnamedControls(p)).toEqual([]);
    const key = (scheme: string) => keyOf(p, scheme);
    await p.keyboard.press(await key('gui'));
    await p.keyboard.press('1'); // correct, on to step 2
    await p.keyboard.press('2'); // wrong element
    await p.keyboard.press('Tab');
    await p.keyboard.type('Display is not Appearance');
    await p.keyboard.press('Escape');
    await p.keyboard.press(await key('calls'));
    await p.keyboard.press('3'); // wrong args
    await p.keyboard.press('Enter');
    await expect.poll(() => progress(p)).toMatch(/^Instance 2 of 2/);
    await allSaved(p);
    const stored = (await c.get('/get_annotations?instance_id=g1')).body.annotations;
    expect(JSON.parse(stored['gui:gui'])).toEqual([
      { index: 0, verdict: 'correct', notes: '' },
      { index: 1, verdict: 'wrong_element', notes: 'Display is not Appearance' },
    ]);
    expect(JSON.parse(stored['calls:calls'])).toEqual([{ index: 0, verdict: 'wrong_args', notes: '' }]);
    await p.reload();
    await p.getByTestId('instance-text').waitFor();
    await p.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(p)).toMatch(/^Instance 1 of 2/);
    expect(await p.locator('fieldset[data-scheme="gui"] [data-step="1"] input:checked').getAttribute('value')).toBe(
      'wrong_element',
    );
    expect(await p.locator('fieldset[data-scheme="gui"] [data-step="1"] .trace-notes').inputValue()).toBe(
      'Display is not Appearance',
    );
    await rig3.screenshot(p, 'trace-types-verdicts');
    expect(rig3.foreign).toEqual([]);
  });
});
