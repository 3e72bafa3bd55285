/**
 * AI pre-labels on a process_reward scheme in headless Chromium, the model a real server on 127.0.0.1: the button
 * shows each step's suggestion as to be verified, confirming or overriding a step decides it, "Accept all AI labels"
 * takes the rest, and the answer stored keeps what the AI said beside what the annotator chose.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, progress, unnamedControls, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';
import { openRig } from './annotator-rig.js';
import { startLlmServer, type LlmServer } from '../helpers/llm-server.js';
import { aiSupportAt } from '../helpers/model-project.js';

const steps = ['Multiply first: 3 * 4 = 12.', 'Add 2: 2 + 12 = 15.', 'So the answer is 15.'];
const verdicts = [
  { index: 0, reward: 1, reasoning: 'the product is right', confidence: 0.9 },
  { index: 1, reward: -1, reasoning: '2 + 12 is 14', confidence: 0.8 },
  { index: 2, reward: -1, reasoning: 'follows the slip', confidence: 0.6 },
];

let llm: LlmServer;
let rig: BrowserRig;
let page: Page;
let api: Client;

const step = (i: number) => page.locator(`fieldset[data-scheme="prm"] [data-step="${i}"]`);
const toVerify = () => page.getByRole('status').filter({ hasText: 'AI suggestions to verify' }).innerText();

describe('AI pre-labels of process rewards', () => {
  beforeAll(async () => {
    llm = await startLlmServer();
    llm.reply = () => ({ content: JSON.stringify({ steps: verdicts }) });
    ({ rig, page, api } = await openRig({
      items: [1, 2].map((n) => ({ id: `cot-${n}`, text: `What is 2 + 3 * 4? (${n})`, steps })),
      config: {
        annotation_schemes: [
          {
            annotation_type: 'process_reward',
            name: 'prm',
            mode: 'per_step',
            allow_neutral: true,
            ai_prelabel: true,
            require_verification: true,
          },
        ],
        ai_support: aiSupportAt(llm, 'judge-model'),
      },
    }));
  });
  afterAll(async () => {
    await llm?.close();
  });

  test('shows the suggestions to verify, and keeps them with the rewards chosen', async () => {
    expect(await page.locator('.prm-ai').count()).toBe(0);
    await page.getByRole('button', { name: 'AI pre-label steps' }).click();
    await expect.poll(toVerify).toBe('3 of 3 AI suggestions to verify');
    expect(await step(1).locator('.prm-ai').innerText()).toBe('AI: Wrong (80 % sure) – to verify 2 + 12 is 14');
    expect(await page.locator('.prm-ai-pending').count()).toBe(3);
    expect(await unnamedControls(page)).toEqual([]);

    await step(0)
      .getByRole('radio', { name: /Correct/ })
      .click(); // confirms the AI
    await expect.poll(toVerify).toBe('2 of 3 AI suggestions to verify');
    expect(await step(0).locator('.prm-ai').innerText()).toBe('AI: Correct (90 % sure) the product is right');
    await step(1)
      .getByRole('radio', { name: /Correct/ })
      .click(); // overrides it
    await expect.poll(toVerify).toBe('1 of 3 AI suggestions to verify');
    await page.getByRole('button', { name: 'Accept all AI labels' }).click();
    await expect.poll(toVerify).toBe('0 of 3 AI suggestions to verify');
    expect(await page.locator('.prm-ai-pending').count()).toBe(0);
    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    // the next item's steps have no suggestions until asked for
    expect(await page.locator('.prm-ai').count()).toBe(0);

    const stored = (await api.get('/get_annotations?instance_id=cot-1')).body.annotations;
    expect(JSON.parse(stored['prm:prm'])).toEqual({
      mode: 'per_step',
      steps: [
        {
          index: 0,
          reward: 1,
          source: 'ai',
          verified: true,
          ai_reward: 1,
          ai_reasoning: 'the product is right',
          confidence: 0.9,
        },
        {
          index: 1,
          reward: 1,
          source: 'human',
          verified: true,
          ai_reward: -1,
          ai_reasoning: '2 + 12 is 14',
          confidence: 0.8,
        },
        {
          index: 2,
          reward: -1,
          source: 'ai',
          verified: true,
          ai_reward: -1,
          ai_reasoning: 'follows the slip',
          confidence: 0.6,
        },
      ],
    });
    expect(llm.calls).toHaveLength(1);
  });

  test('after a reload each step still says what the AI suggested', async () => {
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    await step(1).locator('.prm-ai').waitFor();
    expect(await step(1).locator('.prm-ai').innerText()).toBe('AI: Wrong (80 % sure) 2 + 12 is 14');
    expect(llm.calls).toHaveLength(1);
    expect(rig.foreign).toEqual([]);
  });
});
