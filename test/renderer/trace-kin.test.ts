/**
 * Potato's kin of agent_trace on the annotate page in headless Chromium against the real server: a coding trace's
 * diff and terminal, a chain-of-thought trace's step rail, an eval trace's final answer in its pane, a web agent's
 * notes and click point, each drawn in the shared step cards.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserRig } from './browser.js';
import { openRig } from './annotator-rig.js';

const ITEMS = [
  {
    id: 'k1',
    text: 'Fix and check',
    coding: [
      {
        role: 'assistant',
        content: 'Patch it.',
        tool_calls: [
          { tool: 'Edit', input: { file_path: 'app.py', old_string: 'x = 1', new_string: 'x = 2' } },
          { tool: 'Bash', input: { command: 'pytest' }, output: '1 passed' },
        ],
      },
    ],
    cot: ['I need to add 2 and 2.', 'add(2, 2)', '4\nso\nfour'],
    evaluated: [
      { thought: 'Look it up', action: 'search(q)' },
      { speaker: 'Agent (Final Answer)', text: 'Danube' },
    ],
    web: {
      steps: [
        {
          action_type: 'click',
          element: { tag: 'button', text: 'Go' },
          coordinates: { x: 640, y: 360 },
          screenshot_url:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          thought: 'Press it',
        },
      ],
    },
  },
];
const CONFIG = {
  annotation_schemes: [{ annotation_type: 'radio', name: 'ok', description: 'OK?', labels: ['yes', 'no'] }],
  instance_display: {
    fields: [
      { key: 'text', type: 'text' },
      { key: 'coding', type: 'coding_trace' },
      { key: 'cot', type: 'cot_trace', display_options: { clamp_lines: 2 } },
      { key: 'evaluated', type: 'eval_trace' },
      { key: 'web', type: 'web_agent_trace', display_options: { show_thought: false } },
    ],
  },
};

let rig: BrowserRig;
let page: Page;
const field = (key: string) => page.locator(`[data-field="${key}"]`);

describe('agent trace kin', () => {
  beforeAll(async () => {
    ({ rig, page } = await openRig({ items: ITEMS, config: CONFIG }));
    await field('coding').locator('.trace-step').first().waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test('a coding trace draws its diff, terminal and files as cards', async () => {
    const cards = field('coding').locator('.trace-step');
    expect(await cards.count()).toBe(3);
    expect(await field('coding').getByRole('list', { name: 'Files touched' }).innerText()).toBe('app.py');
    expect((await cards.nth(1).locator('.diff-removed').innerText()).trim()).toBe('- x = 1');
    expect((await cards.nth(1).locator('.diff-added').innerText()).trim()).toBe('+ x = 2');
    expect(await cards.nth(2).locator('.terminal-command').innerText()).toBe('$ pytest');
    expect(await cards.nth(2).locator('.part-output').innerText()).toBe('1 passed');
  });

  test('a chain-of-thought trace has a rail of its steps, typed from their words', async () => {
    // clamp_lines: 2 folds the three-line step
    expect(await field('cot').locator('.trace-step').nth(2).locator('summary').innerText()).toBe('Show all 3 lines');
    const rail = field('cot').getByRole('navigation', { name: 'Reasoning step navigation' });
    expect(await rail.getByRole('button').count()).toBe(3);
    expect(
      await field('cot')
        .locator('.trace-step')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.stepType)),
    ).toEqual(['thought', 'action', 'observation']);
  });

  test("an eval trace's step dicts are cards in its panes, the final answer in the third", async () => {
    const cards = field('evaluated').locator('.trace-step');
    expect(await cards.locator('.step-text').allInnerTexts()).toEqual(['Look it up', 'search(q)', 'Danube']);
    expect(await field('evaluated').locator('.eval-pane-answer .step-text').innerText()).toBe('Danube');
  });

  test("a web agent's step shows its action, element and click point; show_thought: false hides the thought", async () => {
    const card = field('web').locator('.trace-step');
    expect(await card.locator('.step-text').innerText()).toBe('click "Go"');
    expect(await card.locator('.part-note').allInnerTexts()).toEqual(['Element: <button> Go']);
    expect(await field('web').locator('.step-pointer').getAttribute('style')).toMatch(/left: 50%; top: 50%/);
  });
});
