/**
 * Agent-trace scheme types (process_reward, consensus_tracking) answered by keyboard in headless Chromium against
 * the real server: move between the steps with the arrows, answer each with the number row, and the answers
 * still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, startRig, unnamedControls, type BrowserRig, progress } from './browser.js';
import type { Client } from '../helpers/client.js';

const PASSWORD = 'correct-horse';
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

const focusedStep = () =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-step]')?.dataset.step ?? null);
const fieldKey = (schema: string) => page.locator(`fieldset[data-schema="${schema}"] legend .field-key`).innerText();
const checked = (schema: string, step: number) =>
  page.locator(`fieldset[data-schema="${schema}"] [data-step="${step}"] input:checked`).getAttribute('value');

describe('agent-trace types by keyboard', () => {
  beforeAll(async () => {
    rig = await startRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
    api = await rig.t.client().login('ann', PASSWORD);
    page = await rig.open('/');
    await logIn(page, 'ann', PASSWORD);
    await page.getByTestId('instance-text').waitFor();
  });

  test("shows each scheme's steps and lists the step keys", async () => {
    await page.locator('fieldset[data-schema="acts"] [data-step="2"]').waitFor();
    expect(await page.locator('fieldset[data-schema="rewards"] .trace-step-text').allInnerTexts()).toEqual(
      steps.map((s) => s.content),
    );
    expect(await page.locator('fieldset[data-schema="acts"] .trace-step-agent').allInnerTexts()).toEqual([
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
    const ref = page.locator('fieldset[data-schema="acts"] [data-step="1"] select');
    await ref.waitFor();
    await expect.poll(focusedStep).toBe('1');
    await page.keyboard.press('Tab');
    expect(await ref.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown'); // refers to turn 1
    await page.keyboard.press('Escape'); // out of the choice, so Enter submits
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);

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
    expect(await page.locator('fieldset[data-schema="acts"] [data-step="1"] select').inputValue()).toBe('0');
    await rig.screenshot(page, 'trace-types');
    expect(rig.foreign).toEqual([]);
  });
});
