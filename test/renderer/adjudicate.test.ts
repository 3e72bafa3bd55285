/**
 * The Adjudicate screen in headless Chromium against the real server: two annotators disagree, the adjudicator
 * sees their answers side by side (span differences marked), resolves by keyboard with a note, the gold export
 * holds the decisions and a webhook receiver on 127.0.0.1 gets item.adjudicated.
 */
import { expect, test } from 'vitest';
import { startRig } from './browser.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const PASSWORD = 'correct-horse';
const receiver = await startReceiver();
const rig = await startRig({
  config: {
    annotation_schemes: [
      { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
      { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'quality'] },
      { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
    ],
    adjudication: { enabled: true, adjudicator_users: ['judy'], min_annotations: 2, agreement_threshold: 0.75 },
    webhooks: { endpoints: [{ name: 'gold', url: receiver.url, events: ['item.adjudicated'] }] },
  },
  items: [
    { id: 'a', text: 'Great value for the money.' },
    { id: 'b', text: 'Broke after a day.' },
    { id: 'c', text: 'It is a chair.' },
  ],
});

async function annotate(
  name: string,
  answers: Record<
    string,
    {
      annotations: Record<string, string>;
      spans?: { schema: string; name: string; start: number; end: number }[];
      /** time on the item the page would report */
      ms?: number;
    }
  >,
) {
  const c = await rig.t.client().login(name, PASSWORD);
  for (const [id, a] of Object.entries(answers)) {
    const r = await c.post('/updateinstance', {
      instance_id: id,
      annotations: a.annotations,
      span_annotations: a.spans ?? [],
    });
    expect(r.status).toBe(200);
    if (a.ms) expect((await c.post('/api/annotate/time', { instance_id: id, visible_ms: a.ms })).status).toBe(200);
  }
}

test('an adjudicator resolves two disagreements by keyboard; the gold export and item.adjudicated follow', async () => {
  await annotate('alice', {
    a: {
      annotations: { 'sentiment:positive': 'true', 'topics:price': 'true' },
      spans: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }],
    },
    b: { annotations: { 'sentiment:negative': 'true' }, ms: 700 },
    c: { annotations: { 'sentiment:neutral': 'true' } },
  });
  await annotate('bob', {
    a: {
      annotations: { 'sentiment:negative': 'true', 'topics:price': 'true' },
      spans: [{ schema: 'evidence', name: 'pos', start: 0, end: 11 }],
    },
    b: { annotations: { 'sentiment:neutral': 'true' } },
    c: { annotations: { 'sentiment:neutral': 'true' } },
  });
  await rig.t.client().login('judy', PASSWORD);

  const page = await rig.signedIn('judy', PASSWORD, '/');
  await page.getByRole('link', { name: 'Adjudicate' }).click();
  await page.getByRole('heading', { name: 'Adjudicate' }).waitFor();

  // the queue holds the two disagreements (c is agreed), lowest agreement first; the first opens, j moves on
  const queue = page.getByTestId('adjudication-queue');
  await expect.poll(() => queue.locator('li button').allInnerTexts()).toEqual(['b', 'a']);
  await expect.poll(() => page.getByTestId('adjudicate-item-id').innerText()).toBe('b');
  // alice answered b in 0.7 s, under the 2 s Potato warns below; bob's time was never reported
  const alice = page.getByTestId('signals-alice');
  expect(await alice.innerText()).toMatch(/^0\.7 s[^]*⚠ fast/);
  expect(await alice.locator('.signal-flag').getAttribute('title')).toBe(
    'answered in 700 ms (under the 2000 ms threshold)',
  );
  expect(await page.getByTestId('signals-bob').count()).toBe(0);
  await page.locator('body').press('j');
  await expect.poll(() => page.getByTestId('adjudicate-item-id').innerText()).toBe('a');
  const row = (scheme: string) => page.locator(`tr[data-scheme="${scheme}"]`);
  expect(await row('sentiment').locator('td[data-annotator="alice"]').innerText()).toContain('positive');
  expect(await row('sentiment').locator('td[data-annotator="bob"]').innerText()).toContain('negative');
  expect(await row('sentiment').locator('td.answer-differs').count()).toBe(2);
  expect(await row('topics').locator('td.answer-differs').count()).toBe(0);
  // spans neither marked by both stand out, in the text and in the lists
  expect(await page.getByTestId('adjudicate-text').locator('mark.span-diff').count()).toBeGreaterThan(0);
  expect(await row('evidence').locator('li.span-diff').allInnerTexts()).toEqual([
    expect.stringContaining('“Great” pos 0–5'),
    expect.stringContaining('“Great value” pos 0–11'),
  ]);

  // 2 takes bob's whole answer; then alice's sentiment by its take button; a note; Enter saves and opens b, still to
  // decide
  await page.locator('body').press('2');
  await expect.poll(() => page.getByTestId('source-sentiment').innerText()).toBe('as bob');
  expect(await page.getByTestId('source-evidence').innerText()).toBe('as bob');
  await row('sentiment').locator('td[data-annotator="alice"]').getByRole('button', { name: /take/i }).click();
  expect(await page.getByTestId('source-sentiment').innerText()).toBe('as alice');
  await page.locator('body').press('n');
  await page.keyboard.type('praise of value; the longer span');
  await page.keyboard.press('Escape');
  await page.locator('body').press('Enter');
  await expect.poll(() => page.getByTestId('adjudicate-status').innerText()).toContain('Decision on a saved.');
  await expect.poll(() => page.getByTestId('adjudicate-item-id').innerText()).toBe('b');

  // b: free editing: neither annotator's answer, and a note by keyboard with Ctrl+Enter
  await page.getByRole('group', { name: 'Decision for sentiment' }).getByLabel('positive').check();
  expect(await page.getByTestId('source-sentiment').innerText()).toBe('your own answer');
  await page.locator('body').press('n');
  await page.keyboard.type('sarcasm');
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => page.getByTestId('adjudicate-status').innerText()).toContain('Nothing is left to decide.');
  expect(await queue.locator('.badge-done').count()).toBe(2);

  const gold = (await rig.t.admin().get('/admin/api/export?view=gold')).text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(gold.find((r) => r.instance_id === 'a')).toMatchObject({
    annotator: 'gold:adjudicated',
    labels: { sentiment: 'positive', topics: ['price'] },
    spans: [{ label: 'pos', start: 0, end: 11, text: 'Great value' }],
    gold: { source: 'adjudicated', adjudicator: 'judy', notes: 'praise of value; the longer span' },
  });
  expect(gold.find((r) => r.instance_id === 'b')).toMatchObject({
    annotator: 'gold:adjudicated',
    labels: { sentiment: 'positive' },
    gold: { notes: 'sarcasm' },
  });
  expect(gold.find((r) => r.instance_id === 'c')).toMatchObject({
    annotator: 'gold:majority',
    labels: { sentiment: 'neutral' },
  });

  const deliveries = await receiver.waitFor((rs) => rs.length === 2);
  expect(deliveries.map((d) => d.body.event_type)).toEqual(['item.adjudicated', 'item.adjudicated']);
  expect(deliveries.map((d) => d.body.data.instance_id).sort()).toEqual(['a', 'b']);
  expect(deliveries.find((d) => d.body.data.instance_id === 'a')!.body.data).toMatchObject({
    adjudicator: 'judy',
    gold: { sentiment: 'positive' },
    notes: 'praise of value; the longer span',
  });
});
