/**
 * The agent chat panel in headless Chromium: an echo agent on the real server; a message sent by Enter shows with
 * the agent's reply (as text), the step limit is said as a sentence, and Finish chat turns the panel into the
 * finished conversation, read back over HTTP.
 */
import { describe, expect, test } from 'vitest';
import { openRig } from './annotator-rig.js';

describe('the agent chat panel, in the browser', () => {
  test('send, the step limit, finish', async () => {
    const { rig, page, api } = await openRig({
      items: [{ id: 't1', text: 'Book a table for two.', conversation: null }],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'task_success', labels: ['success', 'failure'] }],
        agent_proxy: { type: 'echo', responses: ['<b>Done</b>', 'Again'], sandbox: { max_steps: 2 } },
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Task' },
            { key: 'conversation', type: 'interactive_chat', label: 'Chat' },
          ],
        },
      },
    });
    const panel = page.getByTestId('agent-chat');
    const box = panel.getByLabel('Message to the agent');
    await box.fill('Hello agent');
    await box.press('Enter');
    await panel.getByText('<b>Done</b>').waitFor();
    expect(await panel.locator('b', { hasText: 'Done' }).count()).toBe(0);
    expect(await page.getByTestId('agent-chat-steps').innerText()).toBe('Step 1 of 2');
    await box.fill('More');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('Again').waitFor();
    await panel.getByText('Step limit reached: finish the chat to annotate it.').waitFor();
    expect(await box.isDisabled()).toBe(true);

    await panel.getByRole('button', { name: 'Finish chat' }).click();
    const heading = panel.getByRole('heading', { name: 'The finished conversation' });
    await heading.waitFor();
    // the button that had the focus is gone: the focus moves to the finished conversation, which is announced
    // by its heading and the sentence that describes it
    await page.waitForFunction(() => document.activeElement?.textContent === 'The finished conversation');
    expect(await heading.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      await page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-describedby');
        return id ? document.getElementById(id)?.textContent : null;
      }),
    ).toBe('You finished this chat: answer the questions about it below.');
    expect(await panel.locator('.turn').allInnerTexts()).toEqual([
      'User: Hello agent',
      'Agent: <b>Done</b>',
      'User: More',
      'Agent: Again',
    ]);
    expect((await api.get('/agent_chat/status?instance_id=t1')).body).toMatchObject({ finished: true });
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 90_000);
});
