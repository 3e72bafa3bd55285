/**
 * Potato's agent_trace display on the annotate page in headless Chromium against the real server: step cards with
 * their badges, numbers and summary, and the run tree sidebar whose runs, picked by click or by key, keep their
 * own and their sub-runs' steps in view and dim the rest; per-turn questions under the cards still saved.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, unnamedControls, type BrowserRig } from './browser.js';
import { openAnnotator, openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

const conversation = [
  { speaker: 'Agent (Thought)', text: 'Split the job in two.', run_id: 'orch' },
  { speaker: 'Agent (Action)', text: 'delegate(research)', run_id: 'research' },
  { speaker: 'Agent (Action)', text: 'search("bridges")', run_id: 'search' },
  { speaker: 'Environment', text: 'Golden Gate, 1937', run_id: 'search' },
  { speaker: 'Agent (Thought)', text: 'Now write it up.', run_id: 'writer' },
  { speaker: 'Agent', text: 'The bridge opened in 1937.', run_id: 'writer' },
];
const run_tree = [
  { id: 'orch', parent_id: null, name: 'orchestrator', run_type: 'chain', status: 'success', turn_range: [0, 5] },
  { id: 'research', parent_id: 'orch', name: 'researcher', run_type: 'chain', status: 'success', turn_range: [1, 3] },
  { id: 'search', parent_id: 'research', name: 'web search', run_type: 'tool', status: 'error', turn_range: [2, 3] },
  { id: 'writer', parent_id: 'orch', name: 'writer', run_type: 'llm', status: 'success', turn_range: [4, 5] },
];
const ITEMS = [
  { id: 'a1', text: 'When did the bridge open?', conversation, copy: conversation, run_tree },
  { id: 'a2', text: 'A trace without a tree', conversation, copy: conversation },
];
const CONFIG = {
  annotation_schemes: [
    {
      annotation_type: 'radio',
      name: 'delegation',
      description: 'Delegated well?',
      labels: ['yes', 'no'],
      turn_level: true,
      turn_binding: { field: 'conversation', runs: ['research'] },
    },
    {
      // the turns name only their speakers: their step types are read from them, as Potato reads them
      annotation_type: 'multiselect',
      name: 'thinking',
      description: 'Flaws in this thought',
      labels: ['vague', 'wrong'],
      turn_level: true,
      turn_binding: { field: 'conversation', step_types: ['thought'] },
    },
    { annotation_type: 'radio', name: 'solved', description: 'Solved?', labels: ['yes', 'no'] },
  ],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'conversation', type: 'agent_trace', label: 'Trace', display_options: { collapse_observations: true } },
      {
        key: 'copy',
        type: 'agent_trace',
        label: 'Copy',
        display_options: { show_run_tree: false, show_summary: false },
      },
    ],
  },
};

let rig: BrowserRig;
let page: Page;
let api: Client;

const trace = () => page.locator('[data-field="conversation"]');
const node = (name: string) => trace().getByRole('button', { name: new RegExp(`^\\w+ ${name}\\b`) });
const lit = () =>
  trace()
    .locator('.trace-step:not(.dimmed)')
    .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.step)));

describe('agent trace display', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({ items: ITEMS, config: CONFIG }));
    await trace().locator('.trace-step').first().waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test('draws step cards with badges, numbers, a summary and the run tree nested as the item says', async () => {
    const cards = trace().locator('.trace-step');
    expect(await cards.count()).toBe(6);
    expect(await cards.locator('.step-badge').allInnerTexts()).toEqual([
      'Thought',
      'Action',
      'Action',
      'Observation',
      'Thought',
      'Observation',
    ]);
    expect(await cards.locator('.step-number').allInnerTexts()).toEqual(['#1', '#2', '#3', '#4']);
    expect(await trace().locator('.trace-summary').innerText()).toMatch(
      /6 steps:\s*2 thoughts\s*2 actions\s*2 observations/,
    );
    // collapse_observations: the observation is behind its summary until opened
    expect(await cards.nth(3).locator('details').getAttribute('open')).toBeNull();
    const tree = trace().getByRole('navigation', { name: 'Run tree' });
    const nesting = await tree
      .locator('.rt-node')
      .evaluateAll((els) =>
        els.map(
          (e) =>
            `${e.closest('ul')!.closest('li')?.querySelector('.rt-name')?.textContent ?? '-'} > ${e.querySelector('.rt-name')!.textContent}`,
        ),
      );
    expect(nesting).toEqual([
      '- > orchestrator',
      'orchestrator > researcher',
      'researcher > web search',
      'orchestrator > writer',
    ]);
    expect(await node('web search').innerText()).toMatch(/tool\s*web search\s*error\s*steps 2–3/);
    expect(await unnamedControls(page)).toEqual([]);
    // the copy with show_run_tree: false has steps but no tree, and no summary
    expect(await page.locator('[data-field="copy"] .trace-step').count()).toBe(6);
    expect(await page.locator('[data-field="copy"] .run-tree').count()).toBe(0);
    expect(await page.locator('[data-field="copy"] .trace-summary').count()).toBe(0);
  });

  test('a click on a run dims the steps of other runs, keeps its sub-runs, says how many are shown; again clears', async () => {
    await node('researcher').click();
    expect(await node('researcher').getAttribute('aria-pressed')).toBe('true');
    expect(await lit()).toEqual([1, 2, 3]);
    expect(await trace().locator('.trace-filter-status').innerText()).toBe(
      'Showing 3 of 6 steps: run researcher and its sub-runs',
    );
    await node('researcher').click();
    expect(await node('researcher').getAttribute('aria-pressed')).toBe('false');
    expect(await lit()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await trace().locator('.trace-filter-status').innerText()).toBe('');
  });

  test('a run picked by keyboard scrolls its first step into view', async () => {
    await page.setViewportSize({ width: 1200, height: 400 });
    await node('writer').focus();
    await page.keyboard.press(' ');
    expect(await lit()).toEqual([4, 5]);
    const inView = await trace()
      .locator('.trace-step[data-step="4"]')
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        // a sub-pixel's rounding allowed
        return r.top >= 0 && r.bottom <= window.innerHeight + 1;
      });
    expect(inView).toBe(true);
    await page.keyboard.press('Enter');
    expect(await node('writer').getAttribute('aria-pressed')).toBe('false');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('sits beside the steps on a wide screen; the per-turn question under a run’s step is saved', async () => {
    const side = await trace().locator('.run-tree').boundingBox();
    const steps = await trace().locator('.agent-trace-steps').boundingBox();
    expect(side!.x + side!.width).toBeLessThanOrEqual(steps!.x);
    const slots = await trace()
      .locator('.trace-step:has(.turn-question[data-scheme="delegation"])')
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.step)));
    expect(slots).toEqual([1]);
    const thoughts = await trace()
      .locator('.trace-step:has(.turn-question[data-scheme="thinking"])')
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.step)));
    expect(thoughts).toEqual([0, 4]);
    await trace()
      .locator('.trace-step[data-step="1"] .turn-question[data-scheme="delegation"]')
      .getByText('yes')
      .click();
    await page.locator('fieldset[data-scheme="solved"] input[value="yes"]').check();
    await page.locator('form.schemes button[type="submit"]').click();
    await page.getByTestId('instance-text').getByText('A trace without a tree').waitFor();
    await allSaved(page);
    const saved = (await api.get('/get_annotations?instance_id=a1')).body.annotations;
    expect(JSON.parse(saved['delegation:_data']).turns).toEqual({ t1: { value: 'yes', speaker: 'Agent (Action)' } });
    // an item without run_tree: step cards, no tree
    expect(await trace().locator('.trace-step').count()).toBe(6);
    expect(await trace().locator('.run-tree').count()).toBe(0);
  });

  test('on a 360 px screen the tree sits above the steps without sideways scroll', async () => {
    const narrow = await openAnnotator(rig, 'nara', { width: 360, height: 740 });
    const p = narrow.page;
    const tree = p.locator('[data-field="conversation"] .run-tree');
    await tree.waitFor();
    const side = await tree.boundingBox();
    const steps = await p.locator('[data-field="conversation"] .agent-trace-steps').boundingBox();
    expect(side!.y + side!.height).toBeLessThanOrEqual(steps!.y);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await p.close();
  });
});
