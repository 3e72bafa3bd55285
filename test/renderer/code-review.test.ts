/**
 * code_review answered by keyboard in headless Chromium against the real server: the verdict, a file's scores and
 * a comment about it, still there after a reload.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { progress, unnamedControls, type BrowserRig, allSaved } from './browser.js';
import type { Client } from '../helpers/client.js';
import { checkedIn, fieldKey, focusedStep, openTraceRig } from './trace-rig.js';
import { codingTurns as turns } from '../helpers/coding-session.js';

const ITEMS = [1, 2].map((n) => ({ id: `s${n}`, text: `Session ${n}`, structured_turns: turns }));
const SCHEMES = [
  {
    annotation_type: 'code_review',
    name: 'review',
    comment_categories: ['bug', 'style', 'security'],
    verdict_options: ['approve', 'request_changes', 'comment_only'],
    file_rating_dimensions: ['correctness', 'quality'],
  },
];

let rig: BrowserRig;
let page: Page;
let api: Client;
const focused = () => focusedStep(page);

describe('code_review by keyboard', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openTraceRig(ITEMS, SCHEMES, 'fieldset[data-scheme="review"] [data-step="4"]'));
  });

  test('shows the verdict row and each file the session touches on each dimension, and lists the keys', async () => {
    const rows = page.locator('fieldset[data-scheme="review"] .trace-step');
    expect(await rows.locator('.trace-step-agent').allInnerTexts()).toEqual([
      'Review',
      'src/pager.ts',
      'src/pager.ts',
      'test/pager.test.ts',
      'test/pager.test.ts',
    ]);
    expect(await rows.locator('.trace-step-text').allInnerTexts()).toEqual([
      'verdict',
      'correctness',
      'quality',
      'correctness',
      'quality',
    ]);
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('?');
    const help = await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).innerText();
    expect(help).toContain(
      'review: on the verdict row pick the verdict (approve, request changes, comment only); on a file row score it 1–5',
    );
    expect(help).toContain("review: write a comment about the focused row's file");
    await page.keyboard.press('Escape');
  });

  test('answers by keyboard, and after a reload the review is still there', async () => {
    await page.keyboard.press(await fieldKey(page, 'review'));
    expect(await focused()).toBe('0');
    await page.keyboard.press('2'); // request changes, on to src/pager.ts correctness
    await expect.poll(focused).toBe('1');
    await page.keyboard.press('2'); // correctness 2
    await expect.poll(focused).toBe('2');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('5'); // test/pager.test.ts correctness 5
    await expect.poll(focused).toBe('4');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // back on src/pager.ts quality
    await page.keyboard.press('c'); // a comment about src/pager.ts, its text focused
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Comment 1 text');
    await page.keyboard.type('last() is still off by one when n is 0');
    await page.keyboard.press('Shift+Tab'); // Remove
    await page.keyboard.press('Shift+Tab'); // the line
    await page.keyboard.type('3');
    expect(await page.getByLabel('Comment 1 file').inputValue()).toBe('src/pager.ts');
    await page.keyboard.press('Shift+Tab'); // the file
    await page.keyboard.press('Shift+Tab'); // the category
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // bug → style → security
    expect(await page.getByLabel('Comment 1 category').inputValue()).toBe('security');
    await page.keyboard.press('Control+Enter'); // submit and move on
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);

    const stored = (await api.get('/get_annotations?instance_id=s1')).body.annotations;
    expect(JSON.parse(stored['review:review'])).toEqual({
      verdict: 'request_changes',
      comments: [
        { category: 'security', file: 'src/pager.ts', line: 3, text: 'last() is still off by one when n is 0' },
      ],
      file_ratings: { 'src/pager.ts': { correctness: 2 }, 'test/pager.test.ts': { correctness: 5 } },
    });

    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress(page)).toMatch(/^Instance 1 of 2/);
    expect(await checkedIn(page, 'review', 0)).toEqual(['request_changes']);
    expect(await checkedIn(page, 'review', 1)).toEqual(['2']);
    expect(await checkedIn(page, 'review', 2)).toEqual([]);
    expect(await checkedIn(page, 'review', 3)).toEqual(['5']);
    expect(await page.getByLabel('Comment 1 text').inputValue()).toBe('last() is still off by one when n is 0');
    expect(await page.getByLabel('Comment 1 line').inputValue()).toBe('3');

    // Delete clears a row's score; Remove takes the comment away
    await page.keyboard.press(await fieldKey(page, 'review'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => progress(page)).toMatch(/^Instance 2 of 2/);
    await allSaved(page);
    expect(JSON.parse((await api.get('/get_annotations?instance_id=s1')).body.annotations['review:review'])).toEqual({
      verdict: 'request_changes',
      comments: [],
      file_ratings: { 'test/pager.test.ts': { correctness: 5 } },
    });
    expect(rig.foreign).toEqual([]);
  });
});
