/**
 * Turn-level questions on the annotate page in headless Chromium against the real server: each question shown
 * under the dialogue turns its binding matches and nowhere else, answered by clicking and typing, saved as the
 * per-turn document Potato's scripts read, and shown again after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, unnamedControls, type BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';

// the assistant's turns come from two runs of an agent's run tree, which a binding may pick
const conversation = [
  { speaker: 'User', text: 'Is the bridge open?' },
  { speaker: 'Assistant', text: 'Yes, since 1932.', run_id: 'run-lookup' },
  { speaker: 'User', text: 'And tolls?' },
  { speaker: 'Assistant', text: 'None at all.', turn_id: 'last', run_id: 'run-tolls' },
];
const ITEMS = [1, 2].map((n) => ({ id: `d${n}`, text: `Judge the assistant (${n})`, conversation }));
const SCHEMES = [
  {
    annotation_type: 'multiselect',
    name: 'turn_errors',
    description: 'Errors',
    labels: ['wrong', 'rude'],
    turn_level: true,
    turn_binding: { field: 'conversation', speakers: ['Assistant'] },
  },
  { annotation_type: 'text', name: 'why', description: 'Why', turn_level: true, turn_binding: { turn_range: [0, 0] } },
  {
    annotation_type: 'radio',
    name: 'delegation',
    description: 'Delegated well?',
    labels: ['yes', 'no'],
    turn_level: true,
    turn_binding: { runs: ['run-tolls'] },
  },
  { annotation_type: 'radio', name: 'solved', description: 'Solved?', labels: ['yes', 'no'] },
];

let rig: BrowserRig;
let page: Page;
let api: Client;

const slotIds = (scheme: string) =>
  page
    .locator(`.turn-questions:has(.turn-question[data-scheme="${scheme}"])`)
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turn));
const chip = (turn: string, label: string) =>
  page.locator(`.turn-questions[data-turn="${turn}"] .turn-question[data-scheme="turn_errors"] button`, {
    hasText: label,
  });
const stored = async (id: string) => (await api.get(`/get_annotations?instance_id=${id}`)).body.annotations;

describe('turn-level questions on the annotate page', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: ITEMS,
      config: {
        annotation_schemes: SCHEMES,
        instance_display: {
          fields: [
            { key: 'text', type: 'text' },
            { key: 'conversation', type: 'dialogue', label: 'Conversation' },
          ],
        },
      },
    }));
  });

  test('asks each question under the turns its binding matches, not in the form', async () => {
    await page.locator('.turn-questions').first().waitFor();
    expect(await slotIds('turn_errors')).toEqual(['t1', 'last']);
    expect(await slotIds('why')).toEqual(['t0']);
    expect(await slotIds('delegation')).toEqual(['last']);
    expect(await page.locator('form.schemes [data-scheme="turn_errors"]').count()).toBe(0);
    expect(await page.locator('form.schemes').innerText()).toContain('Solved?');
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('saves the answers per turn with the item’s, as Potato’s document, and shows them again after a reload', async () => {
    await chip('t1', 'wrong').click();
    await chip('last', 'rude').click();
    await chip('last', 'wrong').click();
    await chip('last', 'rude').click(); // unticked again
    await page.getByRole('textbox', { name: 'Why, turn t0' }).fill('asks for a fact');
    expect(await chip('t1', 'wrong').getAttribute('aria-pressed')).toBe('true');
    await page.locator('fieldset[data-scheme="solved"] input[value="yes"]').check();
    await page.locator('form.schemes button[type="submit"]').click();
    await page.getByTestId('instance-text').getByText('Judge the assistant (2)').waitFor();
    await allSaved(page);
    const saved = await stored('d1');
    expect(JSON.parse(saved['turn_errors:_data'])).toEqual({
      v: 1,
      schema_type: 'multiselect',
      turns: { t1: { values: ['wrong'], speaker: 'Assistant' }, last: { values: ['wrong'], speaker: 'Assistant' } },
    });
    expect(JSON.parse(saved['why:_data']).turns).toEqual({ t0: { value: 'asks for a fact', speaker: 'User' } });
    expect(saved['solved:yes']).toBe('true');

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.locator('button[aria-keyshortcuts="ArrowLeft"]').click();
    await page.getByTestId('instance-text').getByText('Judge the assistant (1)').waitFor();
    await expect.poll(() => chip('last', 'wrong').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('last', 'rude').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('textbox', { name: 'Why, turn t0' }).inputValue()).toBe('asks for a fact');
    expect(rig.slips).toEqual([]);
  });
});
