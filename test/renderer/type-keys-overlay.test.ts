/**
 * The `?` overlay lists the keys of every scheme type on the page, in headless Chromium against the real server:
 * one project with a scheme of each of the newer types that is answered by keys (and the span types whose picks
 * happen in the span picker), each overlay line checked to be there with its keys. text_edit and tree_annotation
 * get a field key like the other value fields, and it reaches their first control.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openRig } from './annotator-rig.js';

const tree = {
  id: 'root',
  speaker: 'User',
  text: 'Hi there',
  children: [{ id: 'r1', speaker: 'Bot', text: 'Hello!', children: [] }],
};
const ITEMS = [1, 2].map((n) => ({
  id: `k${n}`,
  text: `Alice met Bob in Paris on day ${n}.`,
  mt: `the cat sit ${n}`,
  pair: [`summary A ${n}`, `summary B ${n}`],
  cards: ['Mars ice', 'Cup final'],
  question: 'Where did they meet?',
  _bws_items: ['happy', 'sad', 'calm'].map((text, i) => ({ source_id: `pool-${text}`, text, position: 'ABC'[i] })),
  tree,
}));
const SCHEMES = [
  // first, so that they get field keys before the free keys run out
  { annotation_type: 'text_edit', name: 'edit', source_field: 'mt' },
  {
    annotation_type: 'tree_annotation',
    name: 'turns',
    node_scheme: { annotation_type: 'radio', labels: ['good', 'bad'] },
    path_selection: { enabled: true },
  },
  { annotation_type: 'ranking', name: 'order', labels: ['R1', 'R2'], allow_ties: true },
  { annotation_type: 'vas', name: 'pain', min_value: 0, max_value: 10 },
  { annotation_type: 'range_slider', name: 'band', min_value: 0, max_value: 100 },
  { annotation_type: 'constant_sum', name: 'points', labels: ['Food', 'Home'], total_points: 10 },
  { annotation_type: 'soft_label', name: 'stance', labels: ['Pro', 'Con'] },
  { annotation_type: 'multirate', name: 'aspects', options: ['Clarity'], labels: ['Poor', 'Good'] },
  { annotation_type: 'semantic_differential', name: 'feel', pairs: [['Bad', 'Good']], scale_points: 5 },
  { annotation_type: 'confidence', name: 'sure', scale_points: 5 },
  { annotation_type: 'hierarchical_multiselect', name: 'topic', taxonomy: { Arts: ['Music'] } },
  { annotation_type: 'card_sort', name: 'sort', groups: ['Science', 'Sport'], items_field: 'cards' },
  { annotation_type: 'pairwise', name: 'better', items_key: 'pair', labels: ['Left', 'Right'], allow_tie: true },
  { annotation_type: 'bws', name: 'mood', tuple_size: 3 },
  { annotation_type: 'conjoint', name: 'pick', profiles_per_set: 2, attributes: [{ name: 'Speed', levels: ['Fast'] }] },
  { annotation_type: 'triage', name: 'keep' },
  { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'PLACE', 'MEET'] },
  { annotation_type: 'span_link', name: 'links', span_schema: 'entities', link_types: [{ name: 'KNOWS' }] },
  { annotation_type: 'coreference', name: 'chains', span_schema: 'entities' },
  {
    annotation_type: 'event_annotation',
    name: 'events',
    span_schema: 'entities',
    event_types: [{ type: 'MEETING', trigger_labels: ['MEET'], arguments: [{ role: 'who' }] }],
  },
  { annotation_type: 'extractive_qa', name: 'qa', question_field: 'question' },
  { annotation_type: 'error_span', name: 'mqm', error_types: [{ name: 'Accuracy', subtypes: ['Omission'] }, 'Style'] },
  { annotation_type: 'multi_document_event', name: 'story', slots: [{ name: 'where' }] },
];

/** Each line of the overlay that must be there, and the keys it names (null: any key, but one). */
const LINES: [string, string | null][] = [
  // the types' own keys, in "Fields of this task"
  ['edit: from the text, reach Keep it unchanged or Reset to the original', 'Tab'],
  ['turns: go from turn to turn (its answer, then its “in the path” box)', 'Tab'],
  ["turns: pick the focused turn's answer among its choices", '↑↓'],
  ['turns: tick the focused box (an answer, or “in the path”)', 'Space'],
  ['Ranking: move the focused item up / down', '↑↓'],
  ['Ranking: tie the focused item with the one above (when ties are allowed)', '='],
  ['pain: move along the line (PageUp/PageDown in big steps)', '←→HomeEnd'],
  ['band: move the focused end; Tab goes to the other end', '←→Tab'],
  ['points: go from label to label and change its share (type a number in a number box)', 'Tab←→'],
  ['stance: go from label to label and change its share (type a number in a number box)', 'Tab←→'],
  ['aspects: rate the focused row and go to the next', '1–90'],
  ['feel: clear the focused row', 'Delete'],
  ['sure: pick how sure you are', null],
  ['topic: go up / down the tree, open / close a node, tick the focused label', '↑↓→←Space'],
  ['Card sort: put the focused card into group 1–9, or back (0)', '1…90'],
  ['Links: tick a span (in order: the first is the source, the last the target)', 'Space'],
  ['Chains: tick a mention', 'Space'],
  ['Events: reach the event type, trigger, each role and Add event', 'Tab'],
  ['Answer span: select the answer by keyboard, then pick “answer” in the picker', 's'],
  ['Errors: select an error by keyboard, then pick its type in the picker', 's'],
  ['Errors: reach each error’s severity (arrows change it) and Remove', 'Tab'],
  ['Events across documents: select evidence by keyboard, then pick “evidence: slot”', 's'],
  ['Events across documents: reach New event, Join, and each event’s id, title and slots', 'Tab'],
  // keys a structured type binds, in "Labels"
  ['better: Left', '1'],
  ['better: Right', '2'],
  ['better: No preference', '0'],
  ['mood: best: A', null],
  ['mood: worst: C', null],
  ['pick: Option 1', null],
  ['keep: Keep', null],
  ['keep: Discard', null],
  ['keep: Unsure', null],
  // field keys
  ['edit: go to the field', null],
  ['turns: go to the field', null],
  // span labels, in "Span selection"
  ['entities: PERSON', null],
  ['qa: answer', null],
  ['mqm: Accuracy / Omission', null],
  ['mqm: Style', null],
  ['story: evidence: where', null],
];

let page: Page;

/** The overlay's rows as [keys, what they do], keys run together without spaces. */
const rows = () =>
  page
    .getByRole('dialog', { name: 'Keyboard shortcuts' })
    .locator('tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const [keys, what] = [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim());
        return [(keys ?? '').replace(/\s+/g, ''), what ?? ''] as const;
      }),
    );

describe('the ? overlay lists the keys of every type on the page', () => {
  beforeAll(async () => {
    ({ page } = await openRig({ items: ITEMS, config: { annotation_schemes: SCHEMES } }));
  });

  test('each type’s lines are there, each with its keys', async () => {
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    const shown = await rows();
    const missing = LINES.filter(
      ([what, keys]) => !shown.some(([k, w]) => w === what && k !== '' && (keys === null || k === keys)),
    );
    expect(missing, JSON.stringify(shown.map(([k, w]) => `${k} ${w}`))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
  });

  test('the field keys of text_edit and tree_annotation reach the text to edit and the first turn', async () => {
    const fieldKey = (scheme: string) =>
      page.locator(`fieldset[data-scheme="${scheme}"] legend .field-key`).innerText();
    await page.keyboard.press(await fieldKey('edit'));
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await page.evaluate(() => document.activeElement?.closest('fieldset')?.dataset.scheme)).toBe('edit');
    await page.keyboard.press('Escape');
    await page.keyboard.press(await fieldKey('turns'));
    expect(
      await page.evaluate(() => [
        document.activeElement?.closest('fieldset')?.dataset.scheme,
        document.activeElement?.closest('li')?.dataset.node,
      ]),
    ).toEqual(['turns', 'root']);
    await page.keyboard.press('ArrowDown'); // the root's answer: from good to bad
    expect(
      await page.locator('fieldset[data-scheme="turns"] li[data-node="root"] input[type="radio"]:checked').count(),
    ).toBe(1);
  });
});
