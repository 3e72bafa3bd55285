/** coreference and event_annotation in headless Chromium: made by keyboard alone, stored, and shown after a reload. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { tabTo, unnamedControls } from './browser.js';
import { openRig } from './annotator-rig.js';

/** A span by keyboard: `s`, → to the first word, Shift+→ to widen, then the label's key. */
async function spanByKeys(p: Page, firstWord: number, words: number, key: string) {
  await p.keyboard.press('s');
  for (let i = 0; i < firstWord; i++) await p.keyboard.press('ArrowRight');
  for (let i = 1; i < words; i++) await p.keyboard.press('Shift+ArrowRight');
  await p.keyboard.press(key);
}

async function submitAndComeBack(p: Page, id: string) {
  await p.locator('body').focus();
  await p.keyboard.press('Enter');
  await expect.poll(() => p.locator('.instance-id').innerText()).not.toBe(id);
  await p.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
  await p.reload();
  await p.getByTestId('instance-text').waitFor();
  await p.keyboard.press('[');
  await expect.poll(() => p.locator('.instance-id').innerText()).toBe(id);
}

describe('coreference on the annotate screen', () => {
  test('tick mentions, make a chain of an entity type, add to it, and find it again after a reload', async () => {
    const text = 'Marie Curie won. She was a physicist.';
    const { rig, page, api } = await openRig({
      items: [
        { id: 'c1', text },
        { id: 'c2', text: 'Other.' },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'span', name: 'mentions', labels: ['MENTION'] },
          {
            annotation_type: 'coreference',
            name: 'chains',
            span_schema: 'mentions',
            entity_types: ['PERSON', 'PLACE'],
          },
        ],
      },
    });
    await page.keyboard.press('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).innerText()).toContain(
      'Chains: tick a mention',
    );
    await page.keyboard.press('Escape');

    await spanByKeys(page, 0, 2, '1'); // Marie Curie
    await spanByKeys(page, 3, 1, '1'); // She (punctuation is not a word)
    await tabTo(page, 'fieldset[data-scheme="chains"] input[type="checkbox"]');
    await page.keyboard.press('Space'); // Marie Curie
    await tabTo(page, 'fieldset[data-scheme="chains"] select');
    expect(await page.locator('fieldset[data-scheme="chains"] select').inputValue()).toBe('PERSON');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // New chain
    const chains = page.locator('fieldset[data-scheme="chains"] .link-list > li');
    await expect.poll(() => chains.count()).toBe(1);
    // tick She, then add it to chain 1
    await tabTo(page, 'fieldset[data-scheme="chains"] .link-spans li:nth-child(2) input');
    await page.keyboard.press('Space');
    await tabTo(page, 'fieldset[data-scheme="chains"] .link-list button:not(.link)');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => chains.first().innerText())
      .toMatch(/Chain 1: PERSON.*Marie Curie \(MENTION\).*She \(MENTION\)/s);
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'coreference');

    await submitAndComeBack(page, 'c1');
    const stored = (await api.get('/get_annotations?instance_id=c1')).body;
    expect(stored.link_annotations).toEqual([
      {
        id: expect.any(String),
        schema: 'chains',
        link_type: 'PERSON',
        span_ids: stored.span_annotations.map((s: { id: string }) => s.id),
        direction: 'undirected',
      },
    ]);
    await expect
      .poll(() => chains.first().innerText())
      .toMatch(/Chain 1: PERSON.*Marie Curie \(MENTION\).*She \(MENTION\)/s);
  });
});

describe('event_annotation on the annotate screen', () => {
  test('an event with its trigger and roles picked from lists by keyboard, stored and shown after a reload', async () => {
    const text = 'Rebels attacked the depot.';
    const { rig, page, api } = await openRig({
      items: [
        { id: 'e1', text },
        { id: 'e2', text: 'Other.' },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'span', name: 'entities', labels: ['GROUP', 'PLACE', 'TRIGGER'] },
          {
            annotation_type: 'event_annotation',
            name: 'events',
            span_schema: 'entities',
            event_types: [
              {
                type: 'ATTACK',
                trigger_labels: ['TRIGGER'],
                arguments: [
                  { role: 'attacker', entity_types: ['GROUP'], required: true },
                  { role: 'target', entity_types: ['PLACE'] },
                ],
              },
            ],
          },
        ],
      },
    });

    await spanByKeys(page, 0, 1, '1'); // Rebels: GROUP
    await spanByKeys(page, 1, 1, '3'); // attacked: TRIGGER
    await spanByKeys(page, 2, 2, '2'); // the depot: PLACE
    await tabTo(page, 'fieldset[data-scheme="events"] select[id$="-trigger"]');
    await page.keyboard.press('ArrowDown'); // the only TRIGGER span
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // attacker: Rebels
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // target: the depot
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add event');
    await page.keyboard.press('Enter');
    const events = page.locator('fieldset[data-scheme="events"] .link-list li');
    await expect
      .poll(() => events.allInnerTexts())
      .toEqual([expect.stringContaining('attacked (TRIGGER) — attacker: Rebels (GROUP), target: the depot (PLACE)')]);
    expect(await unnamedControls(page)).toEqual([]);
    await rig.screenshot(page, 'event-annotation');

    await submitAndComeBack(page, 'e1');
    const stored = (await api.get('/api/events/e1')).body.events;
    expect(stored).toEqual([
      {
        id: expect.any(String),
        schema: 'events',
        event_type: 'ATTACK',
        trigger_span_id: expect.any(String),
        arguments: [
          { role: 'attacker', span_id: expect.any(String) },
          { role: 'target', span_id: expect.any(String) },
        ],
      },
    ]);
    await expect
      .poll(() => events.allInnerTexts())
      .toEqual([expect.stringContaining('attacked (TRIGGER) — attacker: Rebels (GROUP), target: the depot (PLACE)')]);
  });
});
