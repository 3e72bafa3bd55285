/**
 * Chat support's sidebar in headless Chromium, the model a local receiver speaking Ollama's protocol: the top bar's
 * button (named by `ui.title`) opens the sidebar, a question sent by Enter shows with the model's reply as text,
 * typing in it answers no question by shortcut, each item has its own conversation (kept on the server, shown again
 * on coming back), a failed reply is said in a sentence with the question kept, and Escape closes it. A settings
 * read that fails is not kept: the next time the annotate screen opens it asks again.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { openRig } from './annotator-rig.js';
import { startLlmServer, type LlmServer } from '../helpers/llm-server.js';

let llm: LlmServer | undefined;
afterAll(() => llm?.close());

describe('chat support, in the browser', () => {
  test('ask about an item, per-item conversations, a failed reply, Escape', async () => {
    llm = await startLlmServer();
    const model = llm;
    model.reply = (call) => ({ content: `<i>Think</i> about "${call.body.messages.at(-1).content}"` });
    const { rig, page, api } = await openRig({
      items: [
        { id: 'q1', text: 'The soup was cold.' },
        { id: 'q2', text: 'Lovely garden.' },
      ],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'tone', labels: ['positive', 'negative'] }],
        chat_support: {
          enabled: true,
          endpoint_type: 'ollama',
          ai_config: { model: 'helper', base_url: model.url, timeout: 5 },
          ui: { title: 'Ask the model', placeholder: 'Ask about this review', sidebar_width: 300 },
        },
      },
    });
    const toggle = page.getByRole('button', { name: 'Ask the model' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const sidebar = page.getByRole('complementary', { name: 'Ask the model' });
    const box = sidebar.getByLabel('Your question');
    expect(await box.getAttribute('placeholder')).toBe('Ask about this review');
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    // the page makes room for the sidebar instead of covering the item
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingRight)).toBe('300px');

    await box.pressSequentially('1 or 2?');
    await box.press('Enter');
    await sidebar.getByText('<i>Think</i> about "1 or 2?"').waitFor();
    expect(await sidebar.locator('i').count()).toBe(0);
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(model.calls.at(-1)?.body.messages[0].content).toContain('The soup was cold.');

    // the next item has a conversation of its own; coming back shows the first one again, from the server
    await page.getByRole('button', { name: /^Next/ }).first().click();
    await page.getByTestId('instance-text').getByText('Lovely garden.').waitFor();
    await sidebar.getByText(/Ask about this item/).waitFor();
    expect(await sidebar.locator('.chat-message').count()).toBe(0);
    await page.locator('button[aria-keyshortcuts="ArrowLeft"]').click();
    await page.getByTestId('instance-text').getByText('The soup was cold.').waitFor();
    await sidebar.getByText('<i>Think</i> about "1 or 2?"').waitFor();
    expect((await api.get('/api/chat/history?instance_id=q1')).body.messages).toHaveLength(2);

    // a model that fails: the question is kept in the box and the reason is a sentence
    model.reply = () => ({ status: 500 });
    await box.fill('Is it sarcasm?');
    await box.press('Enter');
    await sidebar.getByRole('alert').getByText('The model could not be reached: send your message again.').waitFor();
    expect(await box.inputValue()).toBe('Is it sarcasm?');

    await box.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Ask the model');
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingRight)).toBe('0px');
    expect(rig.foreign).toEqual([]);
    // the browser logs the failed reply's 502, and nothing else
    expect(rig.slips).toEqual([expect.stringMatching(/status of 502 .*\/api\/chat\/send/)]);
  }, 90_000);

  test('a failed settings read is asked again when the annotate screen next opens', async () => {
    const { rig, page } = await openRig({
      items: [{ id: 'q1', text: 'The soup was cold.' }],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'tone', labels: ['positive', 'negative'] }],
        chat_support: {
          enabled: true,
          endpoint_type: 'ollama',
          ai_config: { model: 'helper', base_url: 'http://127.0.0.1:9', timeout: 5 },
          ui: { title: 'Ask the model' },
        },
        annotator_dashboard: { enabled: true },
      },
    });
    const toggle = page.getByRole('button', { name: 'Ask the model' });
    await toggle.waitFor();
    // the page loads again and its one settings read does not get through
    let refused = 0;
    await page.route('**/api/chat/config', (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await expect.poll(() => refused).toBe(1);
    await page.unroute('**/api/chat/config');
    expect(await toggle.count()).toBe(0);

    await page.evaluate(() => (location.hash = '#/progress'));
    await page.getByRole('heading', { name: 'Your annotation progress' }).waitFor();
    await page.evaluate(() => (location.hash = ''));
    await toggle.waitFor();
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([expect.stringMatching(/ERR_INTERNET_DISCONNECTED/)]);
  }, 60_000);
});
