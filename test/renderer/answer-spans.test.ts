/**
 * extractive_qa, error_span and multi_document_event in headless Chromium: answered by selecting text with the keyboard
 * and picking from the span picker, stored, and shown again after a reload.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { allSaved, tabTo, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';

async function select(p: Page, firstWord: number, words: number) {
  await p.keyboard.press('s');
  for (let i = 0; i < firstWord; i++) await p.keyboard.press('ArrowRight');
  for (let i = 1; i < words; i++) await p.keyboard.press('Shift+ArrowRight');
}

async function submitAndComeBack(p: Page, id: string) {
  await p.locator('body').focus();
  await p.keyboard.press('Enter');
  await expect.poll(() => p.locator('.instance-id').innerText()).not.toBe(id);
  await allSaved(p); // the step is sent after the next item is painted: a reload before it is sent loses it
  await p.reload();
  await p.getByTestId('instance-text').waitFor();
  await p.keyboard.press('[');
  await expect.poll(() => p.locator('.instance-id').innerText()).toBe(id);
}

describe('extractive_qa on the annotate screen', () => {
  test('shows the question, takes the answer from a keyboard selection, and keeps it across a reload', async () => {
    const text = 'The bridge opened in 1932 after six years of work.';
    const { rig, page, api } = await openRig({
      items: [
        { id: 'q1', text, question: 'When did the bridge open?' },
        { id: 'q2', text: 'Other.', question: 'Why?' },
      ],
      config: {
        annotation_schemes: [{ annotation_type: 'extractive_qa', name: 'answer', question_field: 'question' }],
      },
    });
    expect(await page.locator('.qa-question').innerText()).toBe('Question: When did the bridge open?');
    await page.keyboard.press('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).innerText()).toContain(
      'Answer span: select the answer by keyboard',
    );
    await page.keyboard.press('Escape');

    await select(page, 4, 1); // 1932
    await page.keyboard.press('1'); // the picker's only entry: answer
    await expect.poll(() => page.getByTestId('answer-answer').innerText()).toBe('Answer: 1932');
    expect(await page.locator('mark[data-label="answer"]').innerText()).toContain('1932');
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'extractive-qa');

    await submitAndComeBack(page, 'q1');
    const stored = (await api.get('/get_annotations?instance_id=q1')).body.annotations;
    expect(JSON.parse(stored['answer:answer'])).toEqual({
      answer_text: '1932',
      start: 21,
      end: 25,
      unanswerable: false,
    });
    await expect.poll(() => page.getByTestId('answer-answer').innerText()).toBe('Answer: 1932');

    // Unanswerable by keyboard on the next item
    await page.keyboard.press(']');
    await expect.poll(() => page.locator('.instance-id').innerText()).toBe('q2');
    await tabTo(page, 'fieldset[data-scheme="answer"] button');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('answer-answer').innerText()).toBe('Answer: Unanswerable');
    await page.keyboard.press(']'); // saves; q2 is the last
    await expect
      .poll(async () => (await api.get('/get_annotations?instance_id=q2')).body.annotations)
      .toEqual({ 'answer:answer': '{"answer_text":"","start":-1,"end":-1,"unanswerable":true}' });
  });
});

describe('error_span on the annotate screen', () => {
  test('an error by keyboard selection, its severity from a list, the score, kept across a reload', async () => {
    const text = 'The cat sat in the mat and barked loud.';
    const { rig, page, api } = await openRig({
      items: [
        { id: 't1', text },
        { id: 't2', text: 'Other.' },
      ],
      config: {
        annotation_schemes: [
          {
            annotation_type: 'error_span',
            name: 'mqm',
            error_types: [{ name: 'Accuracy', subtypes: ['Mistranslation'] }, 'Fluency'],
          },
        ],
      },
    });
    expect(await page.getByTestId('score-mqm').innerText()).toBe('Score: 100');
    // before any selection the panel lists the error types and what each severity costs, as Potato's page does
    const types = page.getByRole('region', { name: 'Error types of mqm' });
    expect(await types.getByRole('listitem').allInnerTexts()).toEqual(['Accuracy: Mistranslation', 'Fluency']);
    const severities = page.getByRole('region', { name: 'Severities of mqm' });
    expect(await severities.getByRole('listitem').allInnerTexts()).toEqual([
      'Minor (-1)',
      'Major (-5)',
      'Critical (-10)',
    ]);
    expect(await severities.innerText()).toContain(
      "Each error's severity takes its weight off the score, which starts at 100.",
    );
    const swatch = (n: number) =>
      severities
        .locator('.severity-swatch')
        .nth(n)
        .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await swatch(1)).toBe('rgb(240, 140, 0)'); // Major, the colour its errors are marked in

    await select(page, 7, 1); // barked
    expect(await page.locator('.span-picker').innerText()).toContain('Accuracy / Mistranslation');
    await page.keyboard.press('2'); // Fluency
    await tabTo(page, 'fieldset[data-scheme="mqm"] select');
    await page.keyboard.press('ArrowDown'); // Minor → Major
    await expect.poll(() => page.getByTestId('score-mqm').innerText()).toBe('Score: 95');
    expect(await page.locator('mark[data-label="Fluency"]').innerText()).toContain('barked');
    await expect.poll(() => severities.locator('.severity-swatch').count()).toBe(3); // the legend stays
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'error-span');

    await page.keyboard.press('Escape'); // leaves the severity list
    await submitAndComeBack(page, 't1');
    const stored = JSON.parse((await api.get('/get_annotations?instance_id=t1')).body.annotations['mqm:mqm']);
    expect(stored).toEqual({
      errors: [{ start: 27, end: 33, text: 'barked', type: 'Fluency', severity: 'Major' }],
      score: 95,
    });
    await expect.poll(() => page.getByTestId('score-mqm').innerText()).toBe('Score: 95');
    expect(await page.locator('fieldset[data-scheme="mqm"] select').inputValue()).toBe('Major');
  });
});

describe('multi_document_event on the annotate screen', () => {
  test('joins an event by id, fills a slot, cites evidence by keyboard selection, and keeps it across a reload', async () => {
    const text = 'Floods hit Ayutthaya in October.';
    const { rig, page, api } = await openRig({
      items: [
        { id: 'doc1', text },
        { id: 'doc2', text: 'Other.' },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'multi_document_event', name: 'events', slots: [{ name: 'where' }, { name: 'when' }] },
        ],
      },
    });

    await tabTo(page, 'fieldset[data-scheme="events"] input[id$="-join"]');
    await page.keyboard.type('evt_floods');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Join
    await tabTo(page, 'fieldset[data-scheme="events"] input[id$="-0-when"]');
    await page.keyboard.type('October');
    await page.keyboard.press('Escape');
    await select(page, 2, 1); // Ayutthaya
    expect(await page.locator('.span-picker').innerText()).toContain('evidence: where');
    await page.keyboard.press('1'); // evidence: where
    await expect
      .poll(() => page.locator('fieldset[data-scheme="events"] .link-list li').allInnerTexts())
      .toEqual([expect.stringContaining('where: Ayutthaya')]);
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'multi-document-event');

    await submitAndComeBack(page, 'doc1');
    const stored = JSON.parse((await api.get('/get_annotations?instance_id=doc1')).body.annotations['events:events']);
    expect(stored).toEqual({
      events: [
        {
          event_id: 'evt_floods',
          slot_values: { when: 'October' },
          evidence: [{ slot_name: 'where', span_start: 11, span_end: 20, quoted_text: 'Ayutthaya' }],
        },
      ],
    });
    expect(await page.locator('fieldset[data-scheme="events"] input[id$="-0-id"]').inputValue()).toBe('evt_floods');
    expect(await page.locator('fieldset[data-scheme="events"] input[id$="-0-when"]').inputValue()).toBe('October');
  });
});
