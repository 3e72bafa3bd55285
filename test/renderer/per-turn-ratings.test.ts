/**
 * Potato's per_turn_ratings (a dialogue field's display option) in headless Chromium against the real server: each
 * rating's scale, with its end words, under every turn of the listed speakers and nowhere else, answered by
 * clicking and stored with the item's answers as a per-turn document.
 */
import { describe, expect, test } from 'vitest';
import { allSaved, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';
import { axeViolations, failing } from './axe.js';

const conversation = [
  { speaker: 'Traveller', text: 'Find me a train to Lyon.' },
  { speaker: 'Planner (step)', text: 'search_trains(to="Lyon")' },
  { speaker: 'Timetable', text: 'Two trains: 09:12, 14:40.' },
  { speaker: 'Planner (step)', text: 'reply("The 09:12 is first.")' },
];
const items = [
  { id: 'r1', text: 'A train to Lyon', conversation },
  { id: 'r2', text: 'A train to Nice', conversation },
];
const ratings = {
  speakers: ['Planner (step)'],
  schemes: [
    { schema_name: 'step_ok', scheme: { type: 'likert', size: 3, labels: ['Off track', 'On track'] } },
    { schema_name: 'step_clarity', scheme: { type: 'likert', size: 4, labels: ['Muddled', 'Clear'] } },
  ],
};
const config = {
  instance_display: {
    fields: [
      { key: 'text', type: 'text', label: 'Goal' },
      { key: 'conversation', type: 'dialogue', label: 'Run', display_options: { per_turn_ratings: ratings } },
    ],
  },
  annotation_schemes: [
    { annotation_type: 'radio', name: 'reached', description: 'Goal reached?', labels: ['yes', 'no'] },
  ],
};

describe('per_turn_ratings of a dialogue display', () => {
  test('rates each listed speaker’s turns on each scale and stores the ratings per turn', async () => {
    const { page, api, rig } = await openRig({ items, config });
    const group = (scheme: string, turn: string) => page.getByRole('group', { name: `${scheme}, turn ${turn}` });
    await group('step_ok', 't1').waitFor();
    const rated = await page
      .locator('.turn-questions')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turn));
    expect(rated).toEqual(['t1', 't3']);
    expect(await group('step_ok', 't1').innerText()).toMatch(/^Off track\s+1\s+2\s+3\s+On track$/);
    expect(await group('step_clarity', 't3').innerText()).toMatch(/^Muddled\s+1\s+2\s+3\s+4\s+Clear$/);
    expect(await unnamedControls(page)).toEqual([]);
    expect(failing(await axeViolations(page))).toEqual([]);

    await group('step_ok', 't1').getByRole('button', { name: '3' }).click();
    await group('step_clarity', 't3').getByRole('button', { name: '2' }).click();
    await page.locator('fieldset[data-scheme="reached"] input[value="yes"]').check();
    await page.locator('form.schemes button[type="submit"]').click();
    await page.getByTestId('instance-text').getByText('A train to Nice').waitFor();
    await allSaved(page);
    const saved = (await api.get('/get_annotations?instance_id=r1')).body.annotations;
    expect(JSON.parse(saved['step_ok:_data']).turns).toEqual({ t1: { value: '3', speaker: 'Planner (step)' } });
    expect(JSON.parse(saved['step_clarity:_data']).turns).toEqual({ t3: { value: '2', speaker: 'Planner (step)' } });
    expect(rig.slips).toEqual([]);
  }, 90_000);
});
