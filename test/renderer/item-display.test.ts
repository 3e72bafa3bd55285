/**
 * The annotate page shows what the task's layout, instance_display or item names, in headless Chromium against
 * the real server: every field's text is on the page, spans are marked inside a layout with offsets into the
 * text field, media load from the task folder, and hostile layouts and items neither execute nor inject markup.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BUILT_UI, signIn } from './browser.js';
import { openBrowser } from '../helpers/chromium.js';
import { startServer, type TestServer } from '../helpers/server.js';
import type { ProjectSpec } from '../helpers/project.js';
import { tempDir } from '../helpers/temp-dir.js';
import { dragOver } from './select-text.js';

const PASSWORD = 'correct-horse';
const RADIO = (name: string, labels: string[]) => ({ annotation_type: 'radio', name, labels });
/** a 2x2 red PNG */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001149444154789c63f8cfc0f09f018c8114001fee03fdd2507d1a0000000049454e44ae426082',
  'hex',
);

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});

interface Opened {
  t: TestServer;
  page: Page;
  /** requests to anything but the server, and dialogs the page opened (alert, confirm): both must stay empty */
  foreign: string[];
  dialogs: string[];
}

async function openTask(spec: ProjectSpec, media?: Record<string, Buffer>): Promise<Opened> {
  const dir = tempDir('marginalia-display-');
  for (const [name, bytes] of Object.entries(media ?? {})) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  const t = await startServer({ ...spec, dir, options: { staticDir: BUILT_UI } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  const dialogs: string[] = [];
  context.on('request', (r) => {
    if (!r.url().startsWith(t.url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await t.client().login('ann', PASSWORD); // signs the annotator up
  await signIn(context, t.url, 'ann', PASSWORD);
  await page.goto(t.url + '/');
  await page
    .getByTestId('item-display')
    .waitFor()
    .catch(async (e) => {
      throw new Error(`${(e as Error).message}\n${await page.locator('body').innerText()}`);
    });
  return { t, page, foreign, dialogs };
}

const shown = (page: Page) => page.getByTestId('item-display').innerText();

describe('item display on the annotate page', () => {
  test('NLI pair in an inline layout: premise and hypothesis shown, a span marked inside the layout', async () => {
    const premise = 'A woman is slicing onions in a small kitchen.';
    const { t, page, foreign } = await openTask({
      config: {
        html_layout:
          '<table class="nli"><tr><th>Premise</th><td>{{text}}</td></tr><tr><th>Hypothesis</th><td>{{hypothesis}}</td></tr></table>',
        annotation_schemes: [
          RADIO('relation', ['entailment', 'neutral', 'contradiction']),
          { annotation_type: 'span', name: 'evidence', labels: ['cue'] },
        ],
      },
      items: [
        { id: 'n1', text: premise, hypothesis: 'Someone is cooking.' },
        { id: 'n2', text: 'Two kids play chess.', hypothesis: 'Children sleep.' },
      ],
    });
    const text = await shown(page);
    expect(text).toContain('Premise');
    expect(text).toContain(premise);
    expect(text).toContain('Hypothesis');
    expect(text).toContain('Someone is cooking.');
    // the span surface sits inside the layout's table cell
    expect(await page.locator('table.nli td [data-testid="instance-text"]').count()).toBe(1);

    const from = premise.indexOf('onions');
    await dragOver(page, from, from + 'onions'.length);
    expect(await page.locator('.span-picker q').innerText()).toBe('onions');
    await page.keyboard.press('1');
    await page.keyboard.press('1'); // relation: entailment
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('instance-text').innerText()).toBe('Two kids play chess.');
    await page.getByTestId('save-state').getByText('All answers saved').waitFor(); // the step behind the screen has reached the server
    const api = await t.client().login('ann', PASSWORD);
    const stored = (await api.get('/get_annotations?instance_id=n1')).body;
    expect(stored.annotations).toEqual({ 'relation:entailment': 'true' });
    expect(
      stored.span_annotations.map((s: { start: number; end: number; text: string }) => [s.start, s.end, s.text]),
    ).toEqual([[from, from + 6, 'onions']]);
    expect(foreign).toEqual([]);
  });

  test('MT quality from a layout file: source, translation and both languages', async () => {
    const { page } = await openTask({
      config: {
        html_layout: 'layouts/mt.html',
        annotation_schemes: [
          { annotation_type: 'likert', name: 'adequacy', size: 5, min_label: 'none', max_label: 'all' },
        ],
      },
      files: {
        'layouts/mt.html':
          '<h3>Source ({{source_lang}})</h3><p>{{text}}</p><h3>Translation ({{target_lang}})</h3><p class="mt">{{translation}}</p>',
      },
      items: [
        {
          id: 'm1',
          text: 'Der Hund schläft im Garten.',
          translation: 'The dog sleeps in the garden.',
          source_lang: 'German',
          target_lang: 'English',
        },
      ],
    });
    const text = await shown(page);
    for (const part of [
      'Source (German)',
      'Der Hund schläft im Garten.',
      'Translation (English)',
      'The dog sleeps in the garden.',
    ])
      expect(text).toContain(part);
  });

  test('reading comprehension by instance_display: passage, question and four options', async () => {
    const { page } = await openTask({
      config: {
        item_properties: { id_key: 'id', text_key: 'passage' },
        instance_display: {
          fields: [
            { key: 'passage', type: 'text', label: 'Passage' },
            { key: 'question', type: 'text', label: 'Question' },
            { key: 'options', type: 'list', label: 'Options' },
          ],
        },
        list_as_text: { text_list_prefix_type: 'alphabet', horizontal: false },
        annotation_schemes: [RADIO('answer', ['A', 'B', 'C', 'D'])],
      },
      items: [
        {
          id: 'r1',
          text: 'unused',
          passage: 'The river froze early that winter, so the ferry stopped in November.',
          question: 'Why did the ferry stop?',
          options: ['Floods', 'Ice on the river', 'A strike', 'No passengers'],
        },
      ],
    });
    const text = await shown(page);
    for (const part of [
      'Passage',
      'The river froze early that winter',
      'Question',
      'Why did the ferry stop?',
      'Floods',
      'Ice on the river',
      'A strike',
      'No passengers',
    ])
      expect(text).toContain(part);
    expect(await page.locator('ol.display-list[type="A"] li').count()).toBe(4);
  });

  test('a dialogue without a layout: every turn with its speaker', async () => {
    const { page } = await openTask({
      config: { annotation_schemes: [RADIO('resolved', ['yes', 'no'])] },
      items: [
        {
          id: 'd1',
          text: 'Customer asks about a refund.',
          dialogue: [
            { speaker: 'Customer', text: 'My order arrived broken.' },
            { speaker: 'Agent', text: 'Sorry! I will refund it today.' },
            { speaker: 'Customer', text: 'Thanks.' },
          ],
        },
      ],
    });
    const text = await shown(page);
    for (const part of [
      'Customer asks about a refund.',
      'dialogue',
      'Customer:',
      'My order arrived broken.',
      'Agent:',
      'Sorry! I will refund it today.',
      'Thanks.',
    ])
      expect(text).toContain(part);
    expect(await page.locator('.display-dialogue .turn').count()).toBe(3);
  });

  test('a side-by-side pair', async () => {
    const { page } = await openTask({
      config: {
        instance_display: {
          layout: { direction: 'horizontal' },
          fields: [
            { key: 'text', type: 'text', label: 'Prompt' },
            {
              key: 'responses',
              type: 'pairwise',
              label: 'Responses',
              display_options: { labels: ['Response A', 'Response B'] },
            },
          ],
        },
        annotation_schemes: [RADIO('better', ['A', 'B', 'tie'])],
      },
      items: [
        {
          id: 's1',
          text: 'Explain rain to a child.',
          responses: [
            'Water falls from clouds when drops get heavy.',
            'Precipitation results from condensation nuclei.',
          ],
        },
      ],
    });
    const text = await shown(page);
    for (const part of [
      'Prompt',
      'Explain rain to a child.',
      'Response A',
      'Water falls from clouds when drops get heavy.',
      'Response B',
      'Precipitation results from condensation nuclei.',
    ])
      expect(text).toContain(part);
    const cells = await page.locator('.pair-cell').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(cells).toHaveLength(2);
    expect(cells[0]).toBe(cells[1]); // side by side
  });

  test('bias QA by a layout with nested fields: context, question, three answers and the metadata it names', async () => {
    const item = {
      id: 'b1',
      text: 'unused',
      context: 'A doctor and a nurse met at the cafe; one of them had forgotten a wallet.',
      question: 'Who forgot the wallet?',
      ans0: 'The doctor',
      ans1: 'The nurse',
      ans2: 'Cannot be determined',
      meta: { category: 'Gender_identity', source: { paper: 'a bias benchmark' } },
    };
    const { page } = await openTask({
      config: {
        item_properties: { id_key: 'id', text_key: 'context' },
        html_layout:
          '<div class="bbq"><p>{{instance}}</p><p><b>Q:</b> {{instance_obj.question}}</p><ol><li>{{ans0}}</li><li>{{ ans1 }}</li><li>{{ans2|safe}}</li></ol><small>{{meta.category}} · {{meta.source.paper}}</small></div>',
        annotation_schemes: [{ annotation_type: 'radio', name: 'answer', labels: { 0: 'ans0', 1: 'ans1', 2: 'ans2' } }],
      },
      items: [item],
    });
    const text = await shown(page);
    for (const part of [
      item.context,
      item.question,
      item.ans0,
      item.ans1,
      item.ans2,
      'Gender_identity',
      'a bias benchmark',
    ])
      expect(text).toContain(part);
    expect(await page.locator('.bbq [data-testid="instance-text"]').innerText()).toBe(item.context);
  });

  test('word sense, code review and an agent trace: list fields, code, structured values as readable lines, turns by the keys the display names', async () => {
    const item = {
      id: 'w1',
      text: 'unused',
      sentence1: 'She sat on the bank of the river.',
      sentence2: 'He deposited cash at the bank.',
      target: { word: 'bank', pos: 'NOUN' },
      senses: ['sloping land beside water', 'a financial institution'],
      diff: '- return a+b\n+ return a + b',
      review: { verdict: 'approve', checks: { tests: 'passed', lint: 'clean' } },
      trace: [
        { who: 'planner', says: 'Split the task into two steps.' },
        { who: 'coder', says: 'Wrote the function.' },
      ],
    };
    const { page } = await openTask({
      config: {
        item_properties: { id_key: 'id', text_key: 'sentence1' },
        instance_display: {
          fields: [
            { key: 'sentence1', type: 'text', label: 'Sentence 1' },
            { key: 'sentence2', type: 'text', label: 'Sentence 2' },
            { key: 'target.word', type: 'text', label: 'Word' },
            { key: 'senses', type: 'list', label: 'Senses' },
            { key: 'diff', type: 'code', label: 'Patch', display_options: { language: 'diff' } },
            { key: 'review', type: 'text', label: 'Review' },
            {
              key: 'trace',
              type: 'agent_trace',
              label: 'Trace',
              display_options: { speaker_key: 'who', text_key: 'says' },
            },
          ],
        },
        list_as_text: { text_list_prefix_type: 'number' },
        annotation_schemes: [RADIO('same_sense', ['yes', 'no'])],
      },
      items: [item],
    });
    const text = await shown(page);
    for (const part of [
      item.sentence1,
      item.sentence2,
      'bank',
      'sloping land beside water',
      'a financial institution',
      '- return a+b',
      '+ return a + b',
      'verdict: approve',
      'tests: passed',
      'lint: clean',
      'Split the task into two steps.',
      'Wrote the function.',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('"verdict"'); // structured values are not shown as JSON
    expect(await page.locator('ol.display-list li').count()).toBe(2);
    // the agent trace is drawn as step cards, each with its speaker
    expect(await page.locator('[data-field="trace"] .trace-step').count()).toBe(2);
    expect(await page.locator('[data-field="trace"]').innerText()).toContain('planner');
  });

  test('an image by a path relative to the task folder loads; one that leaves the folder is refused', async () => {
    const { page, foreign } = await openTask(
      {
        config: {
          item_properties: { id_key: 'id', text_key: 'caption' },
          instance_display: {
            fields: [
              { key: 'image', type: 'image', label: 'Photo' },
              { key: 'escape', type: 'image' },
              { key: 'caption', type: 'text' },
            ],
          },
          annotation_schemes: [RADIO('animal', ['cat', 'dog'])],
        },
        items: [{ id: 'i1', text: 'x', caption: 'A red square.', image: 'images/red.png', escape: '../outside.png' }],
      },
      { 'images/red.png': PNG },
    );
    const img = page.locator('img.display-image');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(2);
    expect(await img.getAttribute('src')).toBe('/api/media/images/red.png');
    expect(await shown(page)).toContain('Not shown: ../outside.png: a media path must stay inside the task folder');
    expect(await shown(page)).toContain('A red square.');
    expect(foreign).toEqual([]);
  });

  test('remote media that cannot load show their URL and a note instead of a broken box; the page policy lets only their host in', async () => {
    // port 9 refuses connections: the same as being offline, without leaving the machine
    const url = 'http://127.0.0.1:9/cat.png';
    const { t, page, foreign } = await openTask({
      config: {
        instance_display: {
          fields: [
            { key: 'photo', type: 'image' },
            { key: 'text', type: 'text' },
          ],
        },
        annotation_schemes: [RADIO('animal', ['cat', 'dog'])],
      },
      items: [{ id: 'r1', text: 'Which animal?', photo: url }],
    });
    await page.getByText(`Could not load image (a remote file: it needs a network connection): ${url}`).waitFor();
    expect(await page.locator('img.display-image').count()).toBe(0);
    expect(foreign).toEqual([url]);
    const policy = (await t.client({ accept: 'text/html' }).get('/')).headers.get('content-security-policy');
    expect(policy).toContain("img-src 'self' data: http://127.0.0.1:9;");
  });

  test('without a layout, an item with six fields shows every one, labelled', async () => {
    const item = {
      id: 'x1',
      text: 'The main text to label.',
      title: 'A title',
      author: 'R. Writer',
      source: 'newswire',
      year: 2021,
      topic: 'weather',
      notes: 'check the second paragraph',
    };
    const { page } = await openTask({ config: { annotation_schemes: [RADIO('ok', ['yes', 'no'])] }, items: [item] });
    const text = await shown(page);
    for (const [key, value] of Object.entries(item)) {
      if (key === 'id') continue;
      expect(text).toContain(String(value));
      if (key !== 'text') expect(text).toContain(key);
    }
  });

  test('hostile layouts and items: nothing executes, values show as text', async () => {
    const layout =
      '<script>window.__pwned = "script"; alert("script")</script>' +
      '<img src="nothing.png" onerror="window.__pwned = \'onerror\'; alert(\'onerror\')">' +
      '<a id="js" href="javascript:window.__pwned=\'link\'">a link</a>' +
      '<iframe srcdoc="<script>parent.__pwned=\'iframe\'</script>"></iframe>' +
      '<div class="v">{{value}}</div><p>{{text}}</p><a id="item-link" href="{{url}}">item link</a>';
    const { page, dialogs, foreign } = await openTask({
      config: { html_layout: layout, annotation_schemes: [RADIO('safe', ['yes', 'no'])] },
      items: [
        {
          id: 'h1',
          text: 'Text with <b>tags</b> and {{value}}',
          value: '<img src=x onerror="window.__pwned=\'value\'">{{text}}<script>window.__pwned="v"</script>',
          url: 'javascript:window.__pwned="url"',
        },
      ],
    });
    await page
      .locator('#js')
      .click()
      .catch(() => undefined);
    await page
      .locator('#item-link')
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const display = page.getByTestId('item-display');
    expect(await display.locator('script, iframe, form').count()).toBe(0);
    expect(
      await display.evaluate((el) =>
        [...el.querySelectorAll('*')]
          .flatMap((e) => [...e.attributes].map((a) => a.name))
          .filter((n) => n.startsWith('on')),
      ),
    ).toEqual([]);
    expect(
      await display.evaluate((el) => [...el.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')),
    ).not.toContainEqual(expect.stringMatching(/javascript/i));
    expect(await page.locator('.display-html .v').innerText()).toBe(
      '<img src=x onerror="window.__pwned=\'value\'">{{text}}<script>window.__pwned="v"</script>',
    );
    expect(await page.getByTestId('instance-text').innerText()).toBe('Text with <b>tags</b> and {{value}}');
    expect(foreign).toEqual([]);
  });

  test('instructions show sanitized above the item, fold with i, and the codebook is a link', async () => {
    const { page, dialogs } = await openTask({
      config: {
        annotation_instructions:
          '## How to label\n\nPick **entailment** only when the hypothesis must be true.\n\n<img src="x" onerror="alert(1)">',
        annotation_codebook_url: 'https://example.org/codebook',
        annotation_schemes: [RADIO('relation', ['entailment', 'contradiction'])],
      },
      items: [{ id: 'a', text: 'Some text.' }],
    });
    const panel = page.getByTestId('instructions');
    expect(await panel.locator('h2').innerText()).toBe('How to label');
    expect(await panel.locator('details').getAttribute('open')).not.toBeNull();
    expect(await panel.locator('strong').innerText()).toBe('entailment');
    expect(await panel.evaluate((el) => el.innerHTML)).not.toContain('onerror');
    await page.keyboard.press('i');
    await expect.poll(() => panel.locator('details').getAttribute('open')).toBeNull();
    await page.keyboard.press('i');
    await expect.poll(() => panel.locator('details').getAttribute('open')).not.toBeNull();
    expect(await panel.getByRole('link', { name: /Codebook/ }).getAttribute('href')).toBe(
      'https://example.org/codebook',
    );
    expect(dialogs).toEqual([]);
  });
});
