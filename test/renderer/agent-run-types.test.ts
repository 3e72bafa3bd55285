/**
 * agent_scorecard, tool_contention and agent_interaction_graph answered by keyboard in headless Chromium against the
 * real server, and still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, unnamedControls, type BrowserRig, allSaved } from './browser.js';
import type { Client } from '../helpers/client.js';
import { checkedIn, fieldKey, focusedStep, openTraceRig } from './trace-rig.js';
import { AGENT_RUNS, SCORECARD } from '../helpers/agent-run-items.js';

const SCHEMES = [
  SCORECARD,
  { annotation_type: 'tool_contention', name: 'lock', contention_labels: ['deadlock', 'race_condition', 'benign'] },
  { annotation_type: 'agent_interaction_graph', name: 'graph' },
];

let rig: BrowserRig;
let page: Page;
let api: Client;
const focused = () => focusedStep(page);

describe('scorecard and contention types by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openTraceRig(AGENT_RUNS, SCHEMES, 'fieldset[data-scheme="lock"] [data-step="1"]'));
  });

  test('shows the rows and regions found in the item and lists the keys', async () => {
    expect(await page.locator('fieldset[data-scheme="card"] .trace-step-agent').allInnerTexts()).toEqual([
      'Planner',
      'Planner',
      'Searcher',
      'Searcher',
      'Team',
      'Milestone',
      'Milestone',
    ]);
    expect(await page.locator('fieldset[data-scheme="lock"] .trace-step-agent').allInnerTexts()).toEqual([
      'db',
      'lock',
    ]);
    expect(await page.locator('fieldset[data-scheme="lock"] .trace-step-text').first().innerText()).toBe(
      'A: read (0–2)\nB: write (1.5–2.5)',
    );
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('?');
    const help = await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).innerText();
    expect(help).toContain('card: score the focused row (1–4); a milestone: 1 reached, 2 not reached');
    expect(help).toContain('lock: classify the focused contention region (deadlock, race condition, benign)');
    expect(help).toContain('graph: on an agent 1 puts it on the critical path or takes it off; on an edge 1 normal');
    expect(await page.locator('fieldset[data-scheme="graph"] .trace-step-agent').allInnerTexts()).toEqual([
      'Planner',
      'Searcher',
      'Planner → Searcher',
      'Searcher → Planner',
    ]);
    await page.keyboard.press('Escape');
  });

  test('answers them by keyboard, and after a reload they are still there', async () => {
    await page.keyboard.press(await fieldKey(page, 'card'));
    expect(await focused()).toBe('0');
    await page.keyboard.press('3'); // Planner role fidelity 3, on to the next row
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('4'); // Planner contribution 4
    await expect.poll(focused).toBe('2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('2'); // Searcher contribution 2
    await expect.poll(focused).toBe('4');
    await page.keyboard.press('1'); // team coordination 1
    await expect.poll(focused).toBe('5');
    await page.keyboard.press('1'); // plan produced: reached
    await expect.poll(focused).toBe('6');
    await page.keyboard.press('2'); // result verified: not reached
    await page.keyboard.press('Escape');

    await page.keyboard.press(await fieldKey(page, 'lock'));
    await page.keyboard.press('3'); // db region benign, on to the lock region
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('1'); // deadlock
    await page.keyboard.press('Escape');

    await page.keyboard.press(await fieldKey(page, 'graph'));
    await page.keyboard.press('1'); // Planner on the critical path
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // the Searcher → Planner edge
    await page.keyboard.press('3'); // problematic
    await expect
      .poll(() => page.getByTestId('graph-summary').innerText())
      .toBe('Critical path: Planner. Flagged edges: Searcher → Planner problematic.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);

    const stored = (await api.get('/get_annotations?instance_id=run1')).body.annotations;
    expect(JSON.parse(stored['card:card'])).toEqual({
      agents: { Planner: { 'role fidelity': 3, contribution: 4 }, Searcher: { contribution: 2 } },
      team: { coordination: 1 },
      milestones: { 'plan produced': true, 'result verified': false },
    });
    expect(JSON.parse(stored['lock:lock'])).toEqual({ contentions: { 0: 'benign', 1: 'deadlock' } });
    expect(JSON.parse(stored['graph:graph'])).toEqual({
      critical_nodes: ['Planner'],
      edges: { 'Searcher->Planner': 'problematic' },
    });

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await checkedIn(page, 'card', 1)).toEqual(['4']);
    expect(await checkedIn(page, 'card', 2)).toEqual([]);
    expect(await checkedIn(page, 'card', 6)).toEqual(['false']);
    expect(await checkedIn(page, 'lock', 1)).toEqual(['deadlock']);
    expect(await checkedIn(page, 'graph', 0)).toEqual(['critical']);
    expect(await checkedIn(page, 'graph', 3)).toEqual(['problematic']);
    expect(rig.foreign).toEqual([]);
  });
});
