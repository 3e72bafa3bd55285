/**
 * multi_document_event's evidence and membership in the event registry, in headless Chromium: two annotators on
 * two documents share one event and each sees the other's evidence under it (as text); evidence over a newer
 * change is a stale write said with the event as it is now; removing an event asks first and then lets only this
 * document go from it in the registry; and while the registry cannot be reached (a real proxy on 127.0.0.1 that
 * closes its connections) a sentence says the change waits, and it is sent once the registry answers again, by
 * the same page or, if it was closed, by the next one opened on the document.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, unnamedControls } from './browser.js';
import { openAnnotator, openRig } from './annotator-rig.js';
import { startCuttingProxy } from '../helpers/cutting-proxy.js';

const items = [
  { id: 'doc1', text: 'Floods hit Ayutthaya in October.' },
  { id: 'doc2', text: 'The river rose again.' },
];
const config = {
  annotation_schemes: [{ annotation_type: 'multi_document_event', name: 'events', slots: [{ name: 'where' }] }],
  event_template: { enabled: true },
};

/** Selects words by keyboard and cites them as evidence for the first slot. */
async function cite(page: Page, firstWord: number) {
  await page.locator('body').focus();
  await page.keyboard.press('s');
  for (let i = 0; i < firstWord; i++) await page.keyboard.press('ArrowRight');
  await page.locator('.span-picker').waitFor();
  await page.keyboard.press('1'); // evidence: where
}

const field = (page: Page) => page.locator('fieldset[data-scheme="events"]');

/**
 * Ann, through a proxy on 127.0.0.1 that can be cut, makes an event (version 1), then cites "Ayutthaya" in it
 * while the proxy is cut: the citation waits in her page.
 */
async function citeWhileCut() {
  const { rig, api } = await openRig({ items, config });
  const proxy = await startCuttingProxy(rig.t.url);
  const context = await rig.browser.newContext();
  await signIn(context, proxy.url, 'ann', 'correct-horse');
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(proxy.url + '/');
  await field(page).getByLabel('Event from the registry').waitFor();
  await field(page).getByRole('button', { name: 'New event' }).click();
  await expect.poll(() => field(page).locator('input[id$="-0-id"]').inputValue()).toMatch(/^evt_/);
  const id = await field(page).locator('input[id$="-0-id"]').inputValue();
  proxy.cut();
  await cite(page, 2); // Ayutthaya
  return { rig, api, proxy, context, page, id };
}

describe('multi_document_event evidence in the registry', () => {
  test('two annotators on two documents see each other’s evidence under their shared event', async () => {
    const { rig, page, api } = await openRig({ items, config });
    await field(page).getByLabel('Event from the registry').waitFor();
    await field(page).getByRole('button', { name: 'New event' }).click();
    await field(page).locator('input[id$="-0-title"]').fill('Floods');
    await page.keyboard.press('Escape'); // leaving the title sends it
    await cite(page, 2); // Ayutthaya
    const events = async () => (await api.get('/corpus/api/events')).body.events;
    await expect
      .poll(async () => (await events())[0]?.evidence.map((c: { doc_id: string; quoted_text: string }) => c))
      .toEqual([expect.objectContaining({ doc_id: 'doc1', slot_name: 'where', quoted_text: 'Ayutthaya' })]);
    const id: string = (await events())[0].id;
    await page.locator('body').focus();
    await page.keyboard.press('Enter'); // her answer is saved, and she moves on
    await expect.poll(() => page.locator('.instance-id').innerText()).toContain('doc2');

    // bob, on the other document, picks the event: ann's evidence is under it, and his goes to the registry
    const bob = await openAnnotator(rig, 'bob');
    await bob.page.locator('body').focus();
    await bob.page.keyboard.press(']');
    await expect.poll(() => bob.page.locator('.instance-id').innerText()).toContain('doc2');
    await field(bob.page).getByLabel('Event from the registry').selectOption(id);
    await field(bob.page).getByRole('button', { name: 'Add event' }).click();
    const fromAnn = field(bob.page).getByRole('list', { name: `Evidence from other documents for ${id}` });
    expect(await fromAnn.locator('li').allInnerTexts()).toEqual(['doc1 · where: Ayutthaya (ann)']);
    await cite(bob.page, 1); // river
    await expect
      .poll(async () => (await events())[0].evidence.map((c: { doc_id: string }) => c.doc_id))
      .toEqual(['doc1', 'doc2']);
    expect((await events())[0].member_doc_ids).toEqual(['doc1', 'doc2']);

    // ann, after a reload and back on her document, sees bob's
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('[');
    await expect.poll(() => page.locator('.instance-id').innerText()).toContain('doc1');
    const fromBob = field(page).getByRole('list', { name: `Evidence from other documents for ${id}` });
    await expect.poll(() => fromBob.locator('li').allInnerTexts()).toEqual(['doc2 · where: river (bob)']);
    expect(await unnamedControls(page)).toEqual([]);

    // removing her own citation removes it from the registry too
    await field(page).getByRole('button', { name: 'Remove evidence “Ayutthaya” for where' }).click();
    await expect
      .poll(async () => (await events())[0].evidence.map((c: { quoted_text: string }) => c.quoted_text))
      .toEqual(['river']);
  });

  test('removing an event asks first, then lets only this document go from it in the registry', async () => {
    const { page, api } = await openRig({
      items,
      config: {
        ...config,
        event_template: { enabled: true, seed_events: [{ id: 'evt_floods', member_doc_ids: ['doc1', 'doc2'] }] },
      },
    });
    for (const [doc_id, start, end] of [
      ['doc1', 11, 20],
      ['doc2', 4, 9],
    ] as const)
      expect(
        (await api.post('/corpus/api/event/evt_floods/evidence', { slot: 'where', doc_id, start, end })).status,
      ).toBe(200);
    await field(page).getByRole('button', { name: 'Refresh events' }).click();
    await field(page).getByLabel('Event from the registry').selectOption('evt_floods');
    await field(page).getByRole('button', { name: 'Add event' }).click();
    // this document's evidence comes with the picked event, the other's is listed under it
    await expect
      .poll(() => field(page).getByRole('list', { name: 'Evidence for evt_floods' }).innerText())
      .toContain('Ayutthaya');

    const remove = field(page).getByRole('button', { name: 'Remove event evt_floods' });
    await remove.click();
    const ask = field(page).getByRole('alertdialog', { name: 'Remove event evt_floods?' });
    expect(await ask.innerText()).toContain('The registry keeps it for its other documents');
    await ask.getByRole('button', { name: 'Keep it' }).click();
    expect(await field(page).locator('input[id$="-0-id"]').inputValue()).toBe('evt_floods');
    const event = async () => (await api.get('/corpus/api/event/evt_floods')).body;
    expect((await event()).member_doc_ids).toEqual(['doc1', 'doc2']);

    await remove.click();
    await ask.getByRole('button', { name: 'Remove from this document' }).click();
    await expect.poll(async () => (await event()).member_doc_ids).toEqual(['doc2']);
    expect((await event()).evidence.map((c: { doc_id: string }) => c.doc_id)).toEqual(['doc2']);
    expect(await field(page).locator('.mde-event').count()).toBe(0);
  });

  test('evidence cited over another’s newer change is said as a stale write, and saved over it on request', async () => {
    const { rig, page, api } = await openRig({ items, config });
    await field(page).getByRole('button', { name: 'New event' }).click();
    await expect.poll(() => field(page).locator('input[id$="-0-id"]').inputValue()).toMatch(/^evt_/);
    const id = await field(page).locator('input[id$="-0-id"]').inputValue();
    const bob = await rig.t.client().login('bob', 'correct-horse');
    expect(
      (await bob.post(`/corpus/api/event/${id}/title`, { title: 'Great flood', expected_version: 1 })).status,
    ).toBe(200);
    await cite(page, 2); // Ayutthaya, over version 1
    const stale = field(page).getByTestId('mde-stale');
    await stale.waitFor();
    expect(await stale.innerText()).toContain('“Great flood”');
    const event = async () => (await api.get(`/corpus/api/event/${id}`)).body;
    expect((await event()).evidence).toEqual([]);
    await stale.getByRole('button', { name: 'Save mine over it' }).click();
    await expect
      .poll(async () => (await event()).evidence.map((c: { quoted_text: string }) => c.quoted_text))
      .toEqual(['Ayutthaya']);
    expect((await event()).title).toBe('Great flood');
  });

  test('while the registry cannot be reached a change waits on the answer, and is sent when it answers', async () => {
    const { api, proxy, context, page, id } = await citeWhileCut();
    const offline = field(page).getByTestId('mde-offline');
    await offline.waitFor();
    expect(await offline.innerText()).toContain('kept in your answer and in this browser, and will be sent to it');
    expect(
      await field(page)
        .getByRole('list', { name: `Evidence for ${id}` })
        .innerText(),
    ).toContain('Ayutthaya');
    const event = async () => (await api.get(`/corpus/api/event/${id}`)).body;
    expect((await event()).evidence).toEqual([]);

    proxy.join();
    await expect
      .poll(async () => (await event()).evidence.map((c: { quoted_text: string }) => c.quoted_text), {
        timeout: 15_000,
      })
      .toEqual(['Ayutthaya']);
    await expect.poll(() => offline.count()).toBe(0);
    await context.close();
  });

  test('a change still waiting when the page is closed is sent by the next page opened on the document', async () => {
    const { api, proxy, context, page, id } = await citeWhileCut();
    await field(page).getByTestId('mde-offline').waitFor();
    await page.close();
    proxy.join();
    const event = async () => (await api.get(`/corpus/api/event/${id}`)).body;
    expect((await event()).evidence).toEqual([]);

    const again = await context.newPage();
    again.setDefaultTimeout(10_000);
    await again.goto(proxy.url + '/');
    await expect
      .poll(async () => (await event()).evidence.map((c: { quoted_text: string }) => c.quoted_text), {
        timeout: 15_000,
      })
      .toEqual(['Ayutthaya']);
    await expect.poll(() => field(again).getByTestId('mde-offline').count()).toBe(0);
    // sent once: a third page has nothing left to send
    const third = await context.newPage();
    await third.goto(proxy.url + '/');
    await field(third).getByLabel('Event from the registry').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await event()).evidence).toHaveLength(1);
    await context.close();
  });

  test('a change kept past its page, made stale meanwhile by another’s change, is said as stale, not saved', async () => {
    const { rig, api, proxy, context, page, id } = await citeWhileCut(); // over version 1
    await field(page).getByTestId('mde-offline').waitFor();
    await page.close();
    proxy.join();
    const bob = await rig.t.client().login('bob', 'correct-horse');
    expect(
      (await bob.post(`/corpus/api/event/${id}/title`, { title: 'Great flood', expected_version: 1 })).status,
    ).toBe(200);

    const again = await context.newPage();
    again.setDefaultTimeout(15_000);
    await again.goto(proxy.url + '/');
    const stale = again.getByTestId('mde-stale');
    await stale.waitFor();
    expect(await stale.innerText()).toContain('did not take your changes kept from a page closed');
    expect(await stale.innerText()).toContain('“Great flood”');
    expect((await api.get(`/corpus/api/event/${id}`)).body.evidence).toEqual([]);
    await stale.getByRole('button', { name: 'Send mine over it' }).click();
    await expect
      .poll(async () =>
        (await api.get(`/corpus/api/event/${id}`)).body.evidence.map((c: { quoted_text: string }) => c.quoted_text),
      )
      .toEqual(['Ayutthaya']);
    await context.close();
  });
});
