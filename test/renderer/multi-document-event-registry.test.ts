/**
 * multi_document_event with the event registry on, in headless Chromium: the form lists the registry's events
 * (this document's first, titles as text), one is added with the keyboard, and with allow_annotator_create: false
 * New event is gone and a sentence says why, except for admins. The form writes through: an event made and filled
 * on it is the registry's, and a change over a newer one is said with the registry's event while the text is kept.
 */
import { describe, expect, test } from 'vitest';
import { allSaved, tabTo, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';

const items = [
  { id: 'doc1', text: 'Floods hit Ayutthaya in October.' },
  { id: 'doc2', text: 'The river rose again.' },
];
const scheme = {
  annotation_type: 'multi_document_event',
  name: 'events',
  slots: [{ name: 'where' }, { name: 'when' }],
};

describe('multi_document_event with the event registry', () => {
  test('picks a registry event by keyboard; no New event when annotators may not create', async () => {
    const { rig, page, api } = await openRig({
      items: [
        { id: 'doc1', text: 'Floods hit Ayutthaya in October.' },
        { id: 'doc2', text: 'The river rose again.' },
      ],
      config: {
        annotation_schemes: [
          {
            annotation_type: 'multi_document_event',
            name: 'events',
            slots: [{ name: 'where' }, { name: 'when' }],
            allow_annotator_create: false,
          },
        ],
        event_template: {
          enabled: true,
          allow_annotator_create: false,
          seed_events: [
            { id: 'evt_rise', title: 'River <b>rise</b>', member_doc_ids: ['doc2'] },
            { id: 'evt_floods', title: 'Floods', slot_values: { where: 'Ayutthaya' }, member_doc_ids: ['doc1'] },
          ],
        },
      },
    });
    const field = page.locator('fieldset[data-scheme="events"]');
    const picker = field.getByLabel('Event from the registry');
    await picker.waitFor();
    const groups = await picker
      .locator('optgroup')
      .evaluateAll((gs) =>
        gs.map((g) => [g.getAttribute('label'), ...Array.from(g.querySelectorAll('option'), (o) => o.textContent)]),
      );
    expect(groups).toEqual([
      ['In this document', 'Floods (evt_floods)'],
      ['In other documents', 'River <b>rise</b> (evt_rise)'],
    ]);
    expect(await field.getByRole('button', { name: 'New event' }).count()).toBe(0);
    expect(await field.getByTestId('mde-no-create').innerText()).toContain('set up in its event registry');
    expect(await field.getByLabel('Join event by id').count()).toBe(0); // a typed unknown id would create one

    await tabTo(page, 'fieldset[data-scheme="events"] select[id$="-registry"]');
    await page.keyboard.press('ArrowDown'); // the first event: this document's
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Add event
    await expect.poll(() => field.locator('input[id$="-0-id"]').inputValue()).toBe('evt_floods');
    expect(await field.locator('input[id$="-0-where"]').inputValue()).toBe('Ayutthaya');
    expect(await picker.locator('option[value="evt_floods"]').isDisabled()).toBe(true);
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'multi-document-event-registry');

    await page.locator('body').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.instance-id').innerText()).not.toBe('doc1');
    await allSaved(page);
    const stored = JSON.parse((await api.get('/get_annotations?instance_id=doc1')).body.annotations['events:events']);
    expect(stored.events).toEqual([
      { event_id: 'evt_floods', title: 'Floods', slot_values: { where: 'Ayutthaya' }, evidence: [] },
    ]);
  });

  test('an event made and filled on the form is the registry’s; a stale write is said and the typed text kept', async () => {
    const { rig, page, api } = await openRig({
      items,
      config: { annotation_schemes: [scheme], event_template: { enabled: true } },
    });
    const field = page.locator('fieldset[data-scheme="events"]');
    await field.getByLabel('Event from the registry').waitFor();
    await field.getByRole('button', { name: 'New event' }).click();
    const title = field.locator('input[id$="-0-title"]');
    await title.fill('Floods');
    await field.locator('input[id$="-0-where"]').fill('Ayutthaya');
    await field.locator('input[id$="-0-when"]').focus(); // leaving where sends it
    const made = async () => (await api.get('/corpus/api/events?doc_id=doc1')).body.events;
    await expect.poll(async () => (await made())[0]?.slot_values).toEqual({ where: 'Ayutthaya' });
    const [event] = await made();
    expect(event.title).toBe('Floods');
    expect(await field.locator('input[id$="-0-id"]').inputValue()).toBe(event.id);

    // another annotator changes the title first; ours is then over an old version
    const bob = await rig.t.client().login('bob', 'correct-horse');
    await bob.post(`/corpus/api/event/${event.id}/title`, { title: 'Great flood', expected_version: event.version });
    await title.fill('Floods of October');
    await field.locator('input[id$="-0-when"]').focus();
    const stale = field.getByTestId('mde-stale');
    await stale.waitFor();
    expect(await stale.innerText()).toContain('“Great flood”');
    expect(await title.inputValue()).toBe('Floods of October');
    await stale.getByRole('button', { name: 'Save mine over it' }).click();
    await expect.poll(async () => (await made())[0].title).toBe('Floods of October');
    // the registry may hold the write before its answer reaches the page, which then clears the sentence
    await expect.poll(() => stale.count()).toBe(0);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('an admin is offered New event when annotators may not create', async () => {
    const config = {
      annotation_schemes: [scheme],
      admin_users: ['boss'],
      event_template: { enabled: true, allow_annotator_create: false },
    };
    const { rig, page } = await openRig({ items, config });
    await page.getByTestId('mde-no-create').waitFor();
    const bossApi = await rig.t.loginAdmin('boss', 'boss-secret-pass');
    const bossPage = await rig.signedIn('boss', 'boss-secret-pass', '/');
    const field = bossPage.locator('fieldset[data-scheme="events"]');
    await field.getByRole('button', { name: 'New event' }).click();
    await expect.poll(() => field.locator('input[id$="-0-id"]').inputValue()).toMatch(/\S/);
    const id = await field.locator('input[id$="-0-id"]').inputValue();
    const events = (await bossApi.get('/corpus/api/events?doc_id=doc1')).body.events;
    expect(events.map((e: { id: string; created_by: string }) => [e.id, e.created_by])).toEqual([[id, 'boss']]);
  });
});
