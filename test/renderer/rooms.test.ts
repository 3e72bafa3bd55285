/**
 * Rooms in headless Chromium: an annotator opens Potato's /rooms, makes a norming room from the lobby, votes,
 * sees a second member's vote counted (not shown) at the page's next ask, reveals, reads the tally and the
 * discussion, and moves the room on to its end; what the page did is read back over HTTP.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';

const items = [
  { id: 'r1', text: 'Oh great, another meeting.' },
  { id: 'r2', text: 'Thanks for the help!' },
];
const sarcasm = { annotation_type: 'radio', name: 'sarcasm', description: 'Sarcastic?', labels: ['yes', 'no'] };

describe('rooms, in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({
      items,
      config: { annotation_schemes: [sarcasm], rooms: { enabled: true, poll_interval_ms: 500 } },
    });
  });

  test('make a room, vote blind, see the other vote counted, reveal, discuss and finish', async () => {
    await rig.t.client().login('hana', 'hana-secret-1');
    const page = await rig.signedIn('hana', 'hana-secret-1', '/rooms');
    await page.getByRole('link', { name: 'Rooms' }).click();
    await page.getByRole('heading', { name: 'Rooms' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Items' }).fill('2');
    await page.getByRole('button', { name: 'Create room' }).click();
    const room = page.getByRole('region', { name: /^Room [A-Z2-9]{6}$/ });
    await room.waitFor();
    const id = (await room.getAttribute('aria-label'))!.slice('Room '.length);
    expect(page.url()).toMatch(new RegExp(`#/rooms/${id}$`));
    expect(await page.locator('.room-item').innerText()).toBe('Oh great, another meeting.');

    await room.getByRole('button', { name: 'yes' }).click();
    await room.getByRole('button', { name: 'yes', pressed: true }).waitFor();
    await page.getByText('1 voted').waitFor();

    // another member joins and votes over HTTP: the page shows the count at its next ask, never the label
    const bob = await rig.t.client().login('bob');
    await bob.post(`/rooms/api/${id}/join`);
    await bob.post(`/rooms/api/${id}/vote`, { label: 'no' });
    await bob.post(`/rooms/api/${id}/message`, { text: 'I read it as sincere' });
    await page.getByText('2 voted').waitFor();
    await room.getByRole('region', { name: 'Discussion' }).getByText('I read it as sincere').waitFor();
    expect(await room.getByRole('table').count()).toBe(0);

    await room.getByRole('button', { name: 'Reveal votes' }).click();
    const tally = room.getByRole('table');
    await tally.waitFor();
    expect(await tally.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Member\s+Blind vote\s+Now/),
      expect.stringMatching(/hana \(you\)\s+yes\s+yes/),
      expect.stringMatching(/bob\s+no\s+no/),
    ]);
    await room.getByLabel('Message').fill('it is sarcastic');
    await room.getByRole('button', { name: 'Send' }).click();
    await room.getByRole('region', { name: 'Discussion' }).getByText('it is sarcastic').waitFor();

    await room.getByRole('button', { name: 'Next item' }).click();
    await page.locator('.room-item').getByText('Thanks for the help!').waitFor();
    await room.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('The room is closed.').waitFor();

    const state = (await bob.get(`/rooms/api/${id}/state`)).body;
    expect(state).toMatchObject({ status: 'closed', metrics: { n_revealed: 1 } });
    const said = (await bob.get(`/rooms/api/${id}/events?since=0`)).body.events.filter(
      (e: { type: string }) => e.type === 'message',
    );
    expect(said.map((e: { user: string }) => e.user)).toEqual(['bob', 'hana']);
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 60_000);
});
