/**
 * The agent chat panel on the annotate page, in headless Chromium against a real server whose agent is an
 * OpenAI-compatible model server on 127.0.0.1: the conversation sent from the keyboard and drawn as text, a reply
 * under way, a failing agent, the step limit, finishing the chat, and the panel at a phone's width.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openAnnotator, openRig } from './annotator-rig.js';
import type { BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';
import { startLlmServer, type LlmServer } from '../helpers/llm-server.js';

const ITEMS = [
  { id: 't1', text: 'Book a table for two.', conversation: null },
  { id: 't2', text: 'Find a train to the coast.', conversation: null },
];

let llm: LlmServer;
let rig: BrowserRig;
let page: Page;
let api: Client;

const panel = () => page.getByTestId('agent-chat');
const box = () => page.getByLabel('Message to the agent');
/** the conversation as drawn: who said it and what, as the page's text */
const said = () =>
  panel()
    .locator('.agent-chat-message')
    .evaluateAll((ms) => ms.map((m) => `${m.children[0].textContent}: ${m.children[1].textContent}`));

describe('the agent chat panel', () => {
  beforeAll(async () => {
    llm = await startLlmServer();
    llm.reply = () => ({ content: 'Booked <b>at eight</b>.' });
    ({ rig, page, api } = await openRig({
      items: ITEMS,
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'task_success', labels: ['success', 'failure'] }],
        agent_proxy: {
          type: 'openai',
          model: 'agent-model',
          base_url: llm.url,
          sandbox: { max_steps: 3, rate_limit_per_minute: 100 },
        },
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Task' },
            { key: 'conversation', type: 'interactive_chat', label: 'Chat' },
          ],
        },
      },
    }));
  });
  afterAll(async () => {
    await llm?.close();
  });

  test('is drawn under the item with a labelled message box, empty, and sends nothing until asked', async () => {
    await panel().waitFor();
    expect(await panel().getAttribute('aria-label')).toBe('Chat with the agent');
    expect(await page.locator('.display-agent_chat-field .display-label').innerText()).toBe('Chat');
    expect(await panel().innerText()).toContain('Send the agent a message to start the conversation.');
    expect(await panel().getByTestId('agent-chat-steps').innerText()).toBe('Step 0 of 3');
    expect(await page.getByRole('button', { name: 'Finish chat' }).isDisabled()).toBe(true);
    expect(llm.calls).toHaveLength(0);
  });

  test('Enter sends the message; the model gets it and its reply is drawn as text, never as HTML', async () => {
    await box().fill('<i>Table</i> for two');
    await box().press('Enter');
    await expect.poll(said).toEqual(['You: <i>Table</i> for two', 'Agent: Booked <b>at eight</b>.']);
    expect(await panel().locator('b, i').count()).toBe(0);
    expect(llm.calls.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: '<i>Table</i> for two' });
    expect(await panel().getByTestId('agent-chat-steps').innerText()).toBe('Step 1 of 3');
    // the box is emptied and keeps the focus for the next message
    expect(await box().inputValue()).toBe('');
    expect(await box().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('says a reply is under way while the model answers', async () => {
    const before = llm.calls.length;
    // the model server holds its answer long enough for the page to say the reply is under way
    llm.reply = () => ({ content: 'On its way.', delayMs: 3_000 });
    await box().fill('Is it booked?');
    await box().press('Enter');
    await panel().getByRole('status').filter({ hasText: 'The agent is replying…' }).waitFor();
    await expect.poll(said).toContain('Agent: On its way.');
    expect(llm.calls.length).toBe(before + 1);
    expect(await panel().getByRole('status').filter({ hasText: 'replying' }).count()).toBe(0);
  });

  test('a failing model is said in a sentence and the message goes back into the box', async () => {
    llm.reply = () => ({ status: 503 });
    await box().fill('Hello?');
    await box().press('Enter');
    expect(await panel().getByRole('alert').innerText()).toBe(
      'The agent could not be reached: send your message again.',
    );
    expect(await box().inputValue()).toBe('Hello?');
    expect((await api.get('/agent_chat/status?instance_id=t1')).body.step_count).toBe(2);
  });

  test('at the step limit the box is closed and the panel says to finish the chat', async () => {
    llm.reply = () => ({ content: 'Anything else?' });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(said).toContain('Agent: Anything else?');
    expect(await panel().getByRole('status').innerText()).toBe('Step limit reached: finish the chat to annotate it.');
    expect(await box().isDisabled()).toBe(true);
  });

  test('Finish chat keeps the conversation, draws it as the dialogue to judge and moves the focus to it', async () => {
    await page.getByRole('button', { name: 'Finish chat' }).click();
    const title = panel().getByRole('heading', { name: 'The finished conversation' });
    await title.waitFor();
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel().locator('.turn').allInnerTexts()).toEqual([
      'User: <i>Table</i> for two',
      'Agent: Booked <b>at eight</b>.',
      'User: Is it booked?',
      'Agent: On its way.',
      'User: Hello?',
      'Agent: Anything else?',
    ]);
    expect(await box().count()).toBe(0);
    expect((await api.get('/agent_chat/status?instance_id=t1')).body.finished).toBe(true);
    // the finished conversation is what the page shows when it is opened again
    await page.reload();
    await panel().getByRole('heading', { name: 'The finished conversation' }).waitFor();
  });

  test("another annotator has a conversation of their own, and the panel fits a phone's width", async () => {
    const phone = await openAnnotator(rig, 'pat', { width: 360, height: 740 });
    const chat = phone.page.getByTestId('agent-chat');
    await chat.waitFor();
    expect(await chat.getByTestId('agent-chat-steps').innerText()).toBe('Step 0 of 3');
    const fits = await chat.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth);
    expect(fits).toBe(true);
    const wide = await phone.page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((e) => `${e.tagName}.${e.className} ${e.getBoundingClientRect().right}`),
    );
    expect(wide).toEqual([]);
    await phone.page.context().close();
  });
});
