/**
 * A task written for Potato's live coding agent (the agent's session is recorded while annotating, so the data
 * holds only the tasks): the page and the server say plainly that the item has no steps yet, and the questions
 * that need none are answered and stored.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, progress } from './browser.js';
import { openRig } from './annotator-rig.js';
import type { Client } from '../helpers/client.js';
import { writeProject } from '../helpers/project.js';
import { loadConfig } from '../../server/config/load.js';

const ITEMS = [1, 2].map((n) => ({ id: `task${n}`, text: '', task_description: `Task ${n}: add a --verbose flag` }));
const CONFIG = {
  item_properties: { id_key: 'id', text_key: 'task_description' },
  live_coding_agent: { backend_type: 'ollama_tool_use', ai_config: { model: 'a-coder' }, max_turns: 5 },
  instance_display: {
    fields: [
      { key: 'task_description', type: 'text', label: 'Task' },
      { key: 'structured_turns', type: 'live_coding_agent', label: 'Coding Agent Session' },
    ],
  },
  annotation_schemes: [
    { annotation_type: 'radio', name: 'task_success', labels: ['success', 'failure'] },
    { annotation_type: 'process_reward', name: 'step_rewards', steps_key: 'structured_turns', mode: 'first_error' },
  ],
};

let page: Page;
let api: Client;

describe('a live coding agent task', () => {
  beforeAll(async () => {
    ({ page, api } = await openRig({ items: ITEMS, config: CONFIG }));
  });

  test('says at start-up that no agent is run here', () => {
    const { warnings } = loadConfig(writeProject({ items: ITEMS, config: CONFIG }), {});
    expect(warnings.join('\n')).toMatch(
      /live_coding_agent is not acted on: no coding agent is run here: each item is reviewed with the steps its data already holds/,
    );
  });

  test('shows the task and says the item has no steps yet, and a step answer is refused saying so', async () => {
    expect(await page.getByTestId('instance-text').innerText()).toContain('Task 1: add a --verbose flag');
    expect(await page.locator('.display-absent').innerText()).toBe('Nothing under “structured_turns” in this item.');
    expect(await page.locator('fieldset[data-scheme="step_rewards"] .trace-none').innerText()).toBe(
      'No steps yet: this item holds none under “structured_turns”. No agent is run here, so a session’s steps come with the item’s data.',
    );
    const refused = await api.post('/updateinstance', {
      instance_id: 'task1',
      annotations: {
        'step_rewards:step_rewards': JSON.stringify({ mode: 'first_error', steps: [{ index: 0, reward: -1 }] }),
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /step_rewards:step_rewards.*the item has no steps yet: nothing is under "structured_turns" \(steps_key\), so there is nothing to answer about \(no agent is run here/,
    );
  });

  test('the other questions are answered and stored', async () => {
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    expect((await api.get('/get_annotations?instance_id=task1')).body.annotations).toEqual({
      'task_success:success': 'true',
    });
  });
});
