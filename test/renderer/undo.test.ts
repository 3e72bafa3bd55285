/**
 * Undo in headless Chromium: Ctrl+Z (or the Undo button) returns to the instance just submitted with its answer
 * as it was before that submission — none after a first answer — twice in a row, after a reload, and while the
 * step it takes back is still waiting for a stopped server, without losing or reordering a write.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_UI, progress, startRig, type BrowserRig } from './browser.js';
import { openAnnotator } from './annotator-rig.js';
import { startServer } from '../helpers/server.js';
import type { Client } from '../helpers/client.js';

const PASSWORD = 'correct-horse';
const text = (p: Page) => p.getByTestId('instance-text').innerText();
const saveState = (p: Page) => p.getByTestId('save-state').innerText();
const chosen = (p: Page) =>
  p
    .locator('fieldset[data-scheme="sentiment"] input:checked')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const annotations = async (c: Client, id: string) =>
  (await c.get(`/get_annotations?instance_id=${id}`)).body.annotations;

let rig: BrowserRig;

const annotator = (name: string) => openAnnotator(rig, name);

/** Presses a label key and Enter, and waits for the next instance. */
async function answer(page: Page, key: string, next: number): Promise<void> {
  await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${next} of`));
}

async function undo(page: Page, back: number): Promise<void> {
  await page.keyboard.press('Control+z');
  await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${back} of`));
}

describe('undo', () => {
  beforeAll(async () => {
    rig = await startRig();
  });

  test('a first answer undone leaves the instance unanswered, and the keymap lists Ctrl+Z', async () => {
    const { page, api } = await annotator('uma');
    expect(await page.getByRole('button', { name: /Undo/ }).isDisabled()).toBe(true);
    await answer(page, '1', 2);
    await undo(page, 1);
    expect(await text(page)).toContain('Item 1:');
    expect(await chosen(page)).toEqual([]);
    expect(await page.getByTestId('annotated-badge').innerText()).toBe('Not annotated yet');
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect((await api.get('/get_annotations?instance_id=item-1')).body).toMatchObject({
      annotations: {},
      updated_at: null,
    });
    expect((await api.get('/api/current_instance')).body.instance_id).toBe('item-1');

    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(await keys.innerText()).toMatch(/Ctrl\+Z\s+Undo: back to the instance just submitted/);
    await page.keyboard.press('Escape');
  });

  test('a change saved by ← is a step too: one request, and Ctrl+Z takes it back', async () => {
    const { page, api } = await annotator('wade');
    await answer(page, '1', 2);
    await answer(page, '1', 3);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    const steps: string[] = [];
    page.on('request', (r) => {
      // the AI hint goes beside the step, not in its way; the left item's visible time goes in the step
      if (!r.url().includes('/get_ai_suggestion')) steps.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.keyboard.press('2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect(steps).toEqual(['POST /api/annotate/step']);
    expect(await annotations(api, 'item-3')).toEqual({ 'sentiment:negative': 'true' });

    await undo(page, 3);
    expect(await chosen(page)).toEqual([]);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect(await annotations(api, 'item-3')).toEqual({});
    expect((await api.get('/api/current_instance')).body.instance_id).toBe('item-3');
  });

  test('twice in a row, each back to the answer before its submission; submitting again is an ordinary update', async () => {
    const { page, api } = await annotator('vera');
    await api.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    expect(await chosen(page)).toEqual(['positive']);
    await answer(page, '2', 2); // item-1: positive → negative
    await answer(page, '3', 3); // item-2: first answer, neutral
    await undo(page, 2);
    expect(await chosen(page)).toEqual([]);
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of/);
    expect(await chosen(page)).toEqual(['positive']); // as before the submission, not as submitted
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect(await annotations(api, 'item-1')).toEqual({ 'sentiment:positive': 'true' });
    expect(await annotations(api, 'item-2')).toEqual({});

    await answer(page, '3', 2);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    expect(await annotations(api, 'item-1')).toEqual({ 'sentiment:neutral': 'true' });
    // unsaved changes go first: the form is put back, the instance stays
    await page.keyboard.press('1');
    await expect.poll(() => chosen(page)).toEqual(['positive']);
    await undo(page, 2);
    await expect.poll(() => chosen(page)).toEqual([]);
    expect(await saveState(page)).toBe('All answers saved');
    await undo(page, 1);
    expect(await chosen(page)).toEqual(['positive']);
  });

  test('after a reload the server still knows the step to undo', async () => {
    const { page, api } = await annotator('walt');
    await answer(page, '2', 2);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    expect(await progress(page)).toMatch(/^Instance 2 of/);
    await undo(page, 1);
    expect(await chosen(page)).toEqual([]);
    expect(await annotations(api, 'item-1')).toEqual({});
  });

  test('an undo while the step it takes back waits for a stopped server loses and reorders nothing', async () => {
    const { page } = await annotator('xena');
    await answer(page, '1', 2);
    await expect.poll(() => saveState(page)).toBe('All answers saved');
    const port = Number(new URL(rig.t.url).port);
    await rig.t.close();
    await answer(page, '2', 3); // item-2: negative, queued
    await undo(page, 2); // item-2 back to nothing, queued behind it
    await undo(page, 1); // item-1 back to nothing, though its step was saved long ago
    expect(await chosen(page)).toEqual([]);
    await answer(page, '2', 2); // and item-1 answered again
    expect(await saveState(page)).toMatch(/Not saved yet/);

    const back = await startServer({
      configFile: rig.t.configFile,
      dataDir: rig.t.dataDir,
      port,
      options: { staticDir: BUILT_UI },
    });
    await expect.poll(() => saveState(page), { timeout: 20_000 }).toBe('All answers saved');
    const xena = await back.client().login('xena', PASSWORD);
    expect(await annotations(xena, 'item-1')).toEqual({ 'sentiment:negative': 'true' });
    expect(await annotations(xena, 'item-2')).toEqual({});
    expect((await xena.get('/api/current_instance')).body.instance_id).toBe('item-2');
    await back.close();
  }, 60_000);
});
