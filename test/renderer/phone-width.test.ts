/**
 * The annotate page on a 360 px phone does not scroll sideways: with the agent chat panel drawn, and on the next
 * item, which holds its conversation and so shows it as dialogue instead. The item has a long unbroken URL, the
 * task a row of labels kept on one line (`horizontal: true`), a span scheme and long likert end labels: each of
 * these once made the page (or its column) wider than the screen.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig } from './browser.js';
import { openPhone } from './phone.js';

const URL_WORD = `https://example.org/${'an-unbroken-path-segment-'.repeat(8)}end`;

/** How far the page reaches past the layout viewport, and the elements that stick out, for the failure message. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    // (labels in a row that scrolls inside itself also stick out, so they are listed only when the page scrolls)
    const over = Array.from(extra > 0 ? document.querySelectorAll('body *') : [])
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().width)} px)`);
    return { extra, width, over };
  });

describe('the annotate page at phone width', () => {
  test('360 px: no sideways scroll with the agent chat panel or the dialogue in its place', async () => {
    const rig = await startRig({
      items: [
        { id: 'p1', text: `Book a table, see ${URL_WORD} for the menu.`, conversation: null },
        {
          id: 'p2',
          text: 'The agent booked it.',
          conversation: [
            { speaker: 'User', text: `Is it ${URL_WORD}?` },
            { speaker: 'Agent', text: 'Yes.' },
          ],
        },
      ],
      config: {
        login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
        annotation_schemes: [
          {
            annotation_type: 'radio',
            name: 'tone',
            labels: ['positive', 'negative', 'neutral', 'mixed', 'unclear'],
            horizontal: true,
          },
          { annotation_type: 'multiselect', name: 'topics', labels: ['food', 'service', 'price', 'cleanliness'] },
          {
            annotation_type: 'likert',
            name: 'confidence',
            size: 7,
            min_label: 'Not at all confident',
            max_label: 'Completely confident',
          },
          { annotation_type: 'span', name: 'mentions', labels: ['person', 'place'] },
          { annotation_type: 'text', name: 'why' },
        ],
        agent_proxy: { type: 'echo', responses: ['ok'] },
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Task' },
            { key: 'conversation', type: 'interactive_chat', label: 'Chat' },
          ],
        },
      },
    });
    const { context, page } = await openPhone(rig, '/?PROLIFIC_PID=narrow01&STUDY_ID=s1', { width: 360 });
    await page.getByTestId('agent-chat').waitFor();
    expect(await sideways(page)).toEqual({ extra: 0, width: 360, over: [] });

    await page.getByRole('button', { name: /^Next/ }).first().click();
    await page.getByTestId('instance-text').getByText('The agent booked it.').waitFor();
    expect(await page.getByTestId('agent-chat').count()).toBe(0);
    expect(await sideways(page)).toEqual({ extra: 0, width: 360, over: [] });
    expect(rig.foreign).toEqual([]);
    await context.close();
  }, 90_000);
});
