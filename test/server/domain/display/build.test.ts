import { describe, expect, it } from 'vitest';
import { buildDisplay, DisplayCache } from '../../../../server/domain/display/build.js';
import type { DisplaySpec } from '../../../../server/domain/display/types.js';
import { asText, asTurns, mediaSource, valueAt } from '../../../../server/domain/display/values.js';

const layout = (template: string): DisplaySpec => ({ kind: 'layout', template, textKey: 'text', idKey: 'id' });

describe('html_layout', () => {
  it('fills {{field}}, {{a.b}} and {{instance}} and marks the text field for spans', () => {
    const item = { id: '1', text: 'The cat sat.', hypothesis: 'A cat is sitting.', meta: { lang: 'en' } };
    const d = buildDisplay(
      layout('<h3>Premise</h3><p>{{ instance | safe }}</p><p>{{hypothesis}}</p><i>{{meta.lang}}</i>'),
      item,
      item.text,
    );
    expect(d.blocks).toHaveLength(1);
    const block = d.blocks[0];
    expect(block.type).toBe('html');
    const html = (block as { html: string }).html;
    expect(html).toContain('<span data-span-surface="true"></span>');
    expect(html).toContain('<p>A cat is sitting.</p>');
    expect(html).toContain('<i>en</i>');
    expect(html).not.toContain('The cat sat.');
  });

  it('shows the text field above a layout that does not place it', () => {
    const d = buildDisplay(layout('<p>{{hypothesis}}</p>'), { id: '1', text: 't', hypothesis: 'h' }, 't');
    expect(d.blocks.map((b) => b.type)).toEqual(['surface', 'html']);
  });

  it('strips scripts, handlers, javascript: links, iframes, forms and style sheets but keeps styles and tables', () => {
    const hostile =
      '<script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">go</a><iframe src="https://evil.example"></iframe>' +
      '<form action="/x"><input name="a"></form><link rel="stylesheet" href="https://evil.example/a.css"><style>body{display:none}</style>' +
      '<table style="color: red"><tr><td>{{a}}</td></tr></table><h2>Head</h2>';
    const html = (buildDisplay(layout(hostile), { id: '1', text: 't', a: 'cell' }, 't').blocks[1] as { html: string })
      .html;
    for (const bad of [
      '<script',
      'alert',
      'onerror',
      'javascript:',
      '<iframe',
      '<form',
      '<input',
      '<link',
      '<style',
      'display:none',
    ])
      expect(html).not.toContain(bad);
    expect(html).toContain('<table style="color:red">');
    expect(html).toContain('<td>cell</td>');
    expect(html).toContain('<h2>Head</h2>');
    expect(html).toContain('src="/api/media/x.png"');
  });

  it('inserts values as text: markup and placeholders inside a value stay text', () => {
    const item = { id: '1', text: '<b>t</b>', a: '<img src=x onerror=alert(1)>{{text}}', url: 'javascript:alert(1)' };
    const d = buildDisplay(layout('<p>{{a}}</p><a href="{{url}}">link</a>{{text}}'), item, item.text);
    const html = (d.blocks[0] as { html: string }).html;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;{{text}}');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
  });
});

describe('instance_display', () => {
  const spec: DisplaySpec = {
    kind: 'fields',
    direction: 'horizontal',
    textKey: 'text',
    idKey: 'id',
    surfaceFirst: false,
    fields: [
      { key: 'text', type: 'text', label: 'Source' },
      { key: 'conv', type: 'dialogue' },
      { key: 'pair', type: 'pairwise', labels: ['Left', 'Right'] },
      { key: 'img', type: 'image' },
      { key: 'snippet', type: 'code', language: 'python' },
      { key: 'rich', type: 'html' },
    ],
  };
  it('builds one block per field by its type', () => {
    const item = {
      id: '1',
      text: 'hello',
      conv: [{ speaker: 'Ann', text: 'Hi' }, 'Bob: Hello'],
      pair: ['first', 'second'],
      img: '../secret.png',
      snippet: 'print(1)',
      rich: '<b>bold</b><script>x()</script>',
    };
    const d = buildDisplay(spec, item, item.text);
    expect(d.direction).toBe('horizontal');
    expect(d.blocks).toEqual([
      { type: 'surface', key: 'text', label: 'Source' },
      {
        type: 'dialogue',
        key: 'conv',
        label: undefined,
        turns: [
          { speaker: 'Ann', text: 'Hi' },
          { speaker: 'Bob', text: 'Hello' },
        ],
      },
      {
        type: 'pairwise',
        key: 'pair',
        label: undefined,
        items: [
          { label: 'Left', text: 'first' },
          { label: 'Right', text: 'second' },
        ],
      },
      {
        type: 'image',
        key: 'img',
        label: undefined,
        refused: '../secret.png: a media path must stay inside the task folder',
      },
      { type: 'code', key: 'snippet', label: undefined, text: 'print(1)', language: 'python' },
      { type: 'html', key: 'rich', label: undefined, html: '<b>bold</b>' },
    ]);
  });

  it('an item holding none of the named fields also shows its own fields, so nothing in it is hidden', () => {
    const item = {
      id: '2',
      model: 'm-1',
      messages: [
        { role: 'user', content: 'Find papers' },
        { role: 'assistant', content: 'Here' },
      ],
    };
    const d = buildDisplay(spec, item, '');
    expect(d.blocks.slice(6)).toEqual([
      { type: 'text', key: 'model', label: 'model', text: 'm-1' },
      {
        type: 'dialogue',
        key: 'messages',
        label: 'messages',
        turns: [
          { speaker: 'user', text: 'Find papers' },
          { speaker: 'assistant', text: 'Here' },
        ],
      },
    ]);
    expect(buildDisplay(spec, { id: '3', snippet: 'x', model: 'm' }, '').blocks).toHaveLength(6);
  });

  it('a named field the item leaves out or leaves empty is said to be absent, not drawn as an empty box', () => {
    const blocks = buildDisplay(
      spec,
      { id: '4', text: 'hi', conv: [], pair: null, rich: '', snippet: 'x' },
      'hi',
    ).blocks;
    expect(blocks.filter((b) => b.type === 'absent').map((b) => b.key)).toEqual(['conv', 'pair', 'img', 'rich']);
    expect(blocks.find((b) => b.key === 'snippet')).toMatchObject({ type: 'code', text: 'x' });
  });
});

describe('without a layout', () => {
  it('shows the text field and every other field, labelled', () => {
    const item = { id: '7', text: 'passage', question: 'Why?', options: ['a', 'b', 'c', 'd'], score: 3, empty: '' };
    const d = buildDisplay({ kind: 'auto', textKey: 'text', idKey: 'id' }, item, item.text);
    expect(d.blocks).toEqual([
      { type: 'surface', key: 'text' },
      { type: 'text', key: 'question', label: 'question', text: 'Why?' },
      {
        type: 'list',
        key: 'options',
        label: 'options',
        items: ['a', 'b', 'c', 'd'],
        prefix: 'none',
        horizontal: false,
      },
      { type: 'text', key: 'score', label: 'score', text: '3' },
    ]);
  });
});

describe('values', () => {
  it('reads dotted paths', () => {
    expect(valueAt({ a: { b: [1, { c: 'x' }] } }, 'a.b[1].c')).toBe('x');
    expect(valueAt({ 'a.b': 'whole' }, 'a.b')).toBe('whole');
    expect(valueAt({ a: 1 }, 'a.b')).toBeUndefined();
  });
  it('shows structured values as readable key: value lines, not JSON', () => {
    expect(asText({ verdict: 'approve', checks: { tests: 'passed' }, note: 'two\nlines', gone: null })).toBe(
      'verdict: approve\nchecks:\n  tests: passed\nnote: two\n  lines',
    );
    expect(asText([{ text: 'a "quoted" edit', kind: 'flip' }, { text: 'b' }])).toBe(
      'text: a "quoted" edit\nkind: flip\n\ntext: b',
    );
  });
  it('reads turns by the speaker and text keys a display names, else by the usual ones', () => {
    const steps = [{ turnText: 'Hello', inferredSpeakerName: 'Ann', speaker: 'spk0' }];
    expect(asTurns(steps, true, { speaker: 'inferredSpeakerName', text: 'turnText' })).toEqual([
      { speaker: 'Ann', text: 'Hello' },
    ]);
    expect(asTurns(steps)).toBeUndefined();
    expect(asTurns([{ agent: 'coder', content: 'done' }])).toEqual([{ speaker: 'coder', text: 'done' }]);
  });
  it('refuses media paths that leave the task folder', () => {
    expect(mediaSource('../x.png')).toHaveProperty('refused');
    expect(mediaSource('a/../../x.png')).toHaveProperty('refused');
    expect(mediaSource('/etc/passwd')).toHaveProperty('refused');
    expect(mediaSource('javascript:alert(1)')).toHaveProperty('refused');
    expect(mediaSource('images/a b.png')).toEqual({ src: '/api/media/images/a%20b.png', remote: false });
    expect(mediaSource('https://example.org/a.png')).toEqual({ src: 'https://example.org/a.png', remote: true });
  });
  it('builds an instance display once', () => {
    const cache = new DisplayCache({ kind: 'auto', textKey: 'text', idKey: 'id' });
    const instance = { id: '1', text: 't', data: { id: '1', text: 't' } };
    expect(cache.of(instance)).toBe(cache.of(instance));
  });
});

describe('interactive_chat', () => {
  const spec: DisplaySpec = {
    kind: 'fields',
    fields: [
      { key: 'text', type: 'text' },
      { key: 'conversation', type: 'dialogue', label: 'Chat', interactive: true },
    ],
    direction: 'vertical',
    textKey: 'text',
    idKey: 'id',
    surfaceFirst: false,
  };

  it("is the agent's chat while the item holds no conversation, and the item's own conversation once it does", () => {
    const fresh = buildDisplay(spec, { id: '1', text: 'Book a table.', conversation: null }, 'Book a table.');
    expect(fresh.blocks[1]).toEqual({ type: 'agent_chat', key: 'conversation', label: 'Chat' });
    const held = buildDisplay(
      spec,
      { id: '2', text: 'Book a table.', conversation: [{ speaker: 'User', text: 'Hi' }] },
      'Book a table.',
    );
    expect(held.blocks[1]).toMatchObject({ type: 'dialogue', turns: [{ speaker: 'User', text: 'Hi' }] });
  });
});
