/**
 * Work must not vanish, in headless Chromium: unsaved answers make the browser ask before the page goes and the
 * app ask before logging out; a session lost while annotating is logged into again in place and the answers are
 * then saved; `g` fills only what is unanswered unless pressed twice; an empty Enter says nothing was answered.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig, progress } from './browser.js';
import { openAnnotator } from './annotator-rig.js';

const PASSWORD = 'correct-horse';
const checked = (p: Page, scheme: string, label: string) =>
  p.locator(`fieldset[data-scheme="${scheme}"] input[value="${label}"]`).isChecked();

let rig: BrowserRig;

const annotator = async (name: string) => (await openAnnotator(rig, name)).page;

describe('unsaved work', () => {
  beforeAll(async () => {
    rig = await startRig();
  });

  test('closing the tab with unsaved answers makes the browser ask; a saved page closes without asking', async () => {
    const page = await annotator('tess');
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss(); // stay on the page
    });
    await page.keyboard.press('1');
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Unsaved changes');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    expect(await checked(page, 'sentiment', 'positive')).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('All answers saved');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(asked).toEqual(['beforeunload']);
  });

  test('Log out with unsaved answers asks in the app first; staying keeps them', async () => {
    const page = await annotator('lou');
    await page.keyboard.press('2');
    await page.getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved answers' });
    await dialog.waitFor();
    await page.keyboard.press('Enter'); // the focused default is to stay
    await dialog.waitFor({ state: 'detached' });
    expect(await checked(page, 'sentiment', 'negative')).toBe(true);

    await page.getByRole('button', { name: 'Log out' }).click();
    await dialog.getByRole('button', { name: /Discard them and log out/ }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  test('a session lost while annotating: Submit keeps the answers, asks to log in in place, then saves', async () => {
    const page = await annotator('sam');
    await page.keyboard.press('3'); // neutral
    await page.evaluate(() => fetch('/logout', { method: 'POST' })); // the session ends elsewhere
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log in again' });
    await dialog.waitFor();
    // the answers are kept on the page, and it says they are not saved
    expect(await page.getByTestId('save-state').innerText()).toMatch(/Not saved yet.*session ended/s);
    expect(await dialog.getByLabel('Username').inputValue()).toBe('sam');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of/);
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('All answers saved');
    const sam = await rig.t.client().login('sam', PASSWORD);
    expect((await sam.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:neutral': 'true',
    });
  });

  test('an empty Enter does not move on and says nothing was answered', async () => {
    const page = await annotator('emma');
    await page.keyboard.press('Enter');
    await page.getByText(/Nothing is answered on this instance yet/).waitFor();
    expect(await progress(page)).toMatch(/^Instance 1 of/);
  });

  test('g fills only what is unanswered, and replaces the rest when pressed again', async () => {
    const imported = await rig.t.admin().post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [{ instance_id: 'item-1', labels: { sentiment: 'negative', topics: ['price'] }, spans: [] }],
    });
    expect(imported.status).toBe(200);
    const page = await annotator('gail');
    await page.getByTestId('prediction-hint').waitFor();
    await page.keyboard.press('1'); // positive: the annotator's own answer
    await page.keyboard.press('g');
    expect(await checked(page, 'sentiment', 'positive')).toBe(true);
    expect(await checked(page, 'topics', 'price')).toBe(true);
    expect(await page.getByTestId('prediction-hint').innerText()).toMatch(/Your answers for sentiment are kept/);
    await page.keyboard.press('g');
    expect(await checked(page, 'sentiment', 'negative')).toBe(true);
    expect(await checked(page, 'sentiment', 'positive')).toBe(false);
    expect(await checked(page, 'topics', 'price')).toBe(true);
    expect(await page.getByTestId('prediction-hint').innerText()).toContain('Applied to the form');
  });
});
