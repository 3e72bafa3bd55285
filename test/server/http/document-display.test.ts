/**
 * A `document` field over real HTTP holding content a Potato format handler extracted (`{text, rendered_html,
 * metadata}`): it is drawn as the document, its HTML sanitized, with Potato's footer of what the metadata says
 * (format, paragraphs, lines, characters) as a line of plain text below it. A field holding HTML has no footer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const items = [
  {
    id: 'w1',
    text: 'Minutes.',
    doc: {
      rendered_html: '<h2>Minutes</h2><p>Opened.</p><img src=x onerror="alert(1)">',
      text: 'Minutes\nOpened.',
      metadata: { format: 'docx', paragraphs: [{ start: 0 }, { start: 8 }, { start: 16 }], char_count: 12345 },
    },
  },
  {
    id: 'w2',
    text: 'Notes.',
    doc: { text: 'line one\n<b>line</b> two', metadata: { format: 'markdown', line_count: 2, char_count: 24 } },
  },
  // a count of paragraphs rather than their list; a count of none is left out, as Potato leaves it
  { id: 'w3', text: 'Counted.', doc: { rendered_html: '<p>One</p>', metadata: { paragraph_count: 7 } } },
  { id: 'w4', text: 'Empty.', doc: { rendered_html: '<p>One</p>', metadata: { paragraph_count: 0, pages: 2 } } },
  { id: 'w5', text: 'Plain.', doc: '<p>Just HTML</p>' },
];

describe('a document field holding extracted content', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      config: {
        instance_display: { fields: [{ key: 'doc', type: 'document', label: 'Document' }] },
        annotation_schemes: [{ annotation_type: 'radio', name: 'kind', labels: ['memo', 'other'] }],
      },
      items,
    });
  });
  afterAll(() => t.close());

  const block = async (id: string) => {
    const c = await t.client().login('ada');
    return (await c.get(`/api/display/${id}`)).body.blocks.find((b: { key?: string }) => b.key === 'doc');
  };

  it("is the document with Potato's metadata footer as a line of text", async () => {
    expect(await block('w1')).toEqual({
      type: 'html',
      key: 'doc',
      label: 'Document',
      html: '<h2>Minutes</h2><p>Opened.</p><img src="/api/media/x" />',
      footer: 'Format: DOCX | Paragraphs: 3 | Characters: 12,345',
    });
    expect(await block('w2')).toEqual({
      type: 'html',
      key: 'doc',
      label: 'Document',
      html: '<pre>line one\n&lt;b&gt;line&lt;/b&gt; two</pre>',
      footer: 'Format: MARKDOWN | Lines: 2 | Characters: 24',
    });
    expect((await block('w3')).footer).toBe('Paragraphs: 7');
  });

  it('has no footer when the metadata says none of those, nor for a field holding HTML', async () => {
    expect(await block('w4')).toEqual({ type: 'html', key: 'doc', label: 'Document', html: '<p>One</p>' });
    expect(await block('w5')).toEqual({ type: 'html', key: 'doc', label: 'Document', html: '<p>Just HTML</p>' });
  });
});
