/**
 * The codebook's full page (`/codebook`) in headless Chromium against the real server: reached by Potato's path
 * through the login form, the codes listed with their prose as text, a code added and edited, a stale save shown
 * as a sentence with the user's text kept and a way to reload, an older version restored from the history, and an
 * admin confirming a proposal and merging codes. At 360 px nothing runs off the side.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, startRig, unnamedControls, type BrowserRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';
import type { Client } from '../helpers/client.js';

const schemes = [
  { annotation_type: 'multiselect', name: 'themes', description: 'Themes', codebook: true, labels: ['access', 'cost'] },
];

interface Code {
  id: string;
  name: string;
  description: string;
  parent_id: string | null;
}
const codeNamed = async (c: Client, name: string): Promise<Code> =>
  (await c.get('/api/codebook')).body.codes.find((x: Code) => x.name === name);
const blocksOf = async (c: Client, id: string) =>
  (await c.get(`/api/codebook/blocks?code_id=${encodeURIComponent(id)}`)).body;
/** how far right the page's furthest box reaches (a box wider than the screen may be clipped, not scrolled) */
const rightmostEdge = (page: Page) =>
  page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('.codebook-page *')].map((e) => e.getBoundingClientRect().right)),
  );
const entry = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('the codebook page, in the browser', () => {
  let rig: BrowserRig;
  let lead: Client;
  let cost: Code;
  beforeAll(async () => {
    rig = await startRig({
      items: sampleItems(2),
      config: { annotation_schemes: schemes, codebook_mode: 'open', admin_users: ['root'] },
    });
    lead = await rig.t.client().login('lead');
    await rig.t.client().login('cora', 'cora-secret-1');
    cost = await codeNamed(lead, 'cost');
    const put = await lead.request('PUT', '/api/codebook/blocks', {
      json: {
        code_id: cost.id,
        base_version: 0,
        blocks: [
          { block_type: 'definition', body_md: 'Money as a <b>barrier</b>' },
          { block_type: 'avoid_when', body_md: 'prices merely mentioned' },
        ],
      },
    });
    expect(put.status).toBe(200);
  });

  test('Potato’s /codebook leads through the login form to the codes and their prose, as text', async () => {
    const page = await rig.open('/codebook');
    await logIn(page, 'cora', 'cora-secret-1');
    await page.getByRole('heading', { name: 'Codebook', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/codebook');
    await page.getByTestId('codebook-code').nth(1).waitFor();
    expect(await page.getByTestId('codebook-code').allInnerTexts()).toEqual([
      expect.stringMatching(/^access\s+Edit\s+History$/),
      expect.stringMatching(
        /^cost\s+Definition\s+Money as a <b>barrier<\/b>\s+Avoid when\s+prices merely mentioned\s+/,
      ),
    ]);
    expect(await page.locator('.codebook-page b').count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Codebook' }).count(),
    ).toBe(1);
    expect(await unnamedControls(page)).toEqual([]);
    expect(rig.foreign).toEqual([]);
  }, 60_000);

  test('adds a code under another, and edits a code’s name, description and prose', async () => {
    const page = await rig.signedIn('cora', 'cora-secret-1', '/#/codebook');
    const add = page.getByRole('form', { name: 'Add code' });
    await add.getByLabel('New code').fill('travel time');
    await add.getByLabel('What it means').fill('Distance to care');
    await add.getByLabel('Under').selectOption({ label: 'access' });
    await add.getByRole('button', { name: 'Add code' }).click();
    await page.getByRole('status').filter({ hasText: 'Added “travel time” to the codebook.' }).waitFor();
    await entry(page, 'travel time').waitFor();
    const travel = await codeNamed(lead, 'travel time');
    expect(travel).toMatchObject({ description: 'Distance to care', created_by: 'cora' });
    expect(travel.parent_id).toBe((await codeNamed(lead, 'access')).id);

    await entry(page, 'travel time').getByRole('button', { name: 'Edit travel time' }).click();
    const editor = page.getByRole('form', { name: 'Editing travel time' });
    await editor.getByLabel('Name').fill('travel distance');
    await editor.getByLabel('Description').fill('How far care is');
    await editor.getByRole('button', { name: 'Add a block' }).click();
    await editor.getByRole('group', { name: 'Block 1' }).getByLabel('Type').selectOption({ label: 'Use when' });
    await editor.getByRole('group', { name: 'Block 1' }).getByLabel('Text').fill('the trip itself is the obstacle');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the text of “travel distance” as version 1.' }).waitFor();
    await entry(page, 'travel distance').getByText('the trip itself is the obstacle').waitFor();
    expect(await codeNamed(lead, 'travel distance')).toMatchObject({ id: travel.id, description: 'How far care is' });
    expect(await blocksOf(lead, travel.id)).toMatchObject({
      scope_version: 1,
      blocks: [{ block_type: 'use_when', body_md: 'the trip itself is the obstacle' }],
    });
  }, 60_000);

  test('a stale save is a sentence: the text typed is kept, theirs can be reloaded, and nothing is lost', async () => {
    const page = await rig.signedIn('cora', 'cora-secret-1', '/#/codebook');
    await entry(page, 'cost').getByRole('button', { name: 'Edit cost' }).click();
    const editor = page.getByRole('form', { name: 'Editing cost' });
    const first = editor.getByRole('group', { name: 'Block 1' }).getByLabel('Text');
    await first.fill('Money, mine');
    // someone else saves the same code's prose meanwhile
    const before = await blocksOf(lead, cost.id);
    const theirs = await lead.request('PUT', '/api/codebook/blocks', {
      json: {
        code_id: cost.id,
        base_version: before.scope_version,
        blocks: [{ block_type: 'definition', body_md: 'Money, theirs' }],
      },
    });
    expect(theirs.status).toBe(200);
    await editor.getByRole('button', { name: 'Save' }).click();
    const alert = editor.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /Someone else saved the text of “cost” while you were editing \(it is now at version 2\)\. Your text was not saved and is still here\./,
    );
    expect(await first.inputValue()).toBe('Money, mine');
    expect((await blocksOf(lead, cost.id)).blocks).toEqual([
      { block_type: 'definition', body_md: 'Money, theirs', custom_label: null },
    ]);
    await alert.getByText('Their version', { exact: true }).click();
    await alert.getByText('Money, theirs').waitFor();
    await alert.getByRole('button', { name: 'Reload their version' }).click();
    expect(await first.inputValue()).toBe('Money, theirs');
    await first.fill('Money, theirs and mine');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the text of “cost” as version 3.' }).waitFor();
    expect((await blocksOf(lead, cost.id)).blocks).toEqual([
      { block_type: 'definition', body_md: 'Money, theirs and mine', custom_label: null },
    ]);
  }, 60_000);

  test('an older version is read and restored from the history', async () => {
    const page = await rig.signedIn('cora', 'cora-secret-1', '/#/codebook');
    await entry(page, 'cost').getByRole('button', { name: 'History of cost' }).click();
    const history = page.getByRole('region', { name: 'History of cost' });
    await history.getByTestId('codebook-version').first().waitFor();
    const versions = await history.getByTestId('codebook-version').allInnerTexts();
    expect(versions.map((v) => v.split(' by ')[0])).toEqual(['Version 3', 'Version 2', 'Version 1']);
    expect(versions[0]).toMatch(/^Version 3 by cora, .* — current/);
    await history.getByRole('button', { name: 'Show version 1' }).click();
    await history.getByRole('group', { name: 'Version 1' }).getByText('prices merely mentioned').waitFor();
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored version 1 of “cost” as version 4.' }).waitFor();
    await entry(page, 'cost').getByText('prices merely mentioned').waitFor();
    expect(await blocksOf(lead, cost.id)).toMatchObject({
      scope_version: 4,
      blocks: [
        { block_type: 'definition', body_md: 'Money as a <b>barrier</b>' },
        { block_type: 'avoid_when', body_md: 'prices merely mentioned' },
      ],
    });
  }, 60_000);

  test('an admin confirms a proposal and merges two codes; annotators see neither', async () => {
    const proposed = await lead.post('/api/codebook/proposals', {
      op: 'add',
      payload: { name: 'waiting lists' },
      actor_kind: 'model',
      rationale: 'three items mention queues',
    });
    expect(proposed.status).toBe(201);
    const annotator = await rig.signedIn('cora', 'cora-secret-1', '/#/codebook');
    await annotator.getByTestId('codebook-code').first().waitFor();
    expect(await annotator.getByRole('region', { name: 'Proposals' }).count()).toBe(0);

    await rig.t.loginAdmin('root', 'root-secret-pass');
    const page = await rig.signedIn('root', 'root-secret-pass', '/#/codebook');
    const admin = page.getByRole('region', { name: 'Proposals' });
    await admin.getByTestId('codebook-proposal').waitFor();
    expect(await admin.getByTestId('codebook-proposal').innerText()).toMatch(
      /Add «waiting lists» \(model, via lead\)\s*three items mention queues/,
    );
    await admin.getByRole('button', { name: 'Confirm: Add «waiting lists»' }).click();
    await page.getByRole('status').filter({ hasText: 'Confirmed: Add «waiting lists».' }).waitFor();
    await entry(page, 'waiting lists').waitFor();
    await admin.getByText('No proposals are waiting.').waitFor();

    const merge = page.getByRole('form', { name: 'Merge codes' });
    await merge.getByLabel('Merge').selectOption({ label: 'waiting lists' });
    await merge.getByLabel('into').selectOption({ label: 'access' });
    await merge.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('status').filter({ hasText: 'Merged “waiting lists” into “access”.' }).waitFor();
    await entry(page, 'waiting lists').waitFor({ state: 'detached' });
    expect((await lead.get('/api/codebook')).body.labels).not.toContain('waiting lists');
  }, 60_000);

  test('at 360 px wide the page and an open editor fit the screen and are used from the keyboard', async () => {
    const page = await rig.signedIn('cora', 'cora-secret-1', '/#/codebook', { width: 360, height: 740 });
    await entry(page, 'access').waitFor();
    const edit = entry(page, 'access').getByRole('button', { name: 'Edit access' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('form', { name: 'Editing access' });
    await editor.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
      'History of access',
    );
    await editor.getByLabel('Description').focus();
    await page.keyboard.type('Reaching care at all');
    await editor.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved “access”.' }).waitFor();
    expect((await codeNamed(lead, 'access')).description).toBe('Reaching care at all');
    expect(await rightmostEdge(page)).toBeLessThanOrEqual(360);
    await entry(page, 'cost').getByRole('button', { name: 'Edit cost' }).click();
    await page.getByRole('form', { name: 'Editing cost' }).waitFor();
    expect(await rightmostEdge(page)).toBeLessThanOrEqual(360);
    await rig.screenshot(page, 'codebook-page-360');
  }, 60_000);
});
