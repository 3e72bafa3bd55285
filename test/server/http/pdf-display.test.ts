/**
 * A `pdf` field over real HTTP: the display names the file in the task folder by its media URL with the viewer's
 * options, the file is served as a PDF under the media path rules, a path leaving the folder or a URL is refused in
 * words, and a box on a page is stored with its page in format_coords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { tinyPdf } from '../../helpers/tiny-pdf.js';

const PDF = tinyPdf(['First page', 'Second page']);
const items = [
  { id: 'p1', text: 'Mark the figures.', file: 'docs/report.pdf' },
  { id: 'p2', text: 'Outside.', file: '../secret.pdf' },
  { id: 'p3', text: 'Remote.', file: 'https://example.org/a.pdf' },
  {
    id: 'p4',
    text: 'Extracted.',
    file: { text: 'Annual report\n  <b>Revenue</b> rose', metadata: { total_pages: 1 } },
  },
  { id: 'p5', text: 'Rendered.', file: { rendered_html: '<h2>Results</h2><script>alert(1)</script>', text: 'x' } },
];
const project = (display_options: Record<string, unknown>) => ({
  config: {
    instance_display: { fields: [{ key: 'file', type: 'pdf', label: 'Report', display_options }] },
    annotation_schemes: [{ annotation_type: 'span', name: 'regions', labels: ['FIGURE', 'TABLE'] }],
  },
  items,
  files: { 'docs/report.pdf': PDF },
});

describe('a pdf field', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(project({ view_mode: 'paginated', initial_page: 2, max_height: 500, zoom: 'auto' }));
  });
  afterAll(() => t.close());

  it('is a pdf block with its viewer options, its file served as a PDF from the task folder', async () => {
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/p1')).body;
    expect(blocks.find((b: { key?: string }) => b.key === 'file')).toEqual({
      type: 'pdf',
      key: 'file',
      label: 'Report',
      src: '/api/media/docs/report.pdf',
      remote: false,
      pdf: { view_mode: 'paginated', show_page_controls: true, initial_page: 2, max_height: 500 },
    });
    const file = await c.get('/api/media/docs/report.pdf');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.text).toBe(PDF.toString('latin1')); // the fixture is ASCII
  });

  it('refuses a path outside the task folder and a URL, in words; the media route refuses the path too', async () => {
    const c = await t.client().login('ada');
    const outside = (await c.get('/api/display/p2')).body.blocks.find((b: { key?: string }) => b.key === 'file');
    expect(outside).toMatchObject({
      type: 'pdf',
      refused: '../secret.pdf: a media path must stay inside the task folder',
    });
    const remote = (await c.get('/api/display/p3')).body.blocks.find((b: { key?: string }) => b.key === 'file');
    expect(remote.refused).toMatch(/a PDF is shown from the task folder only/);
    const refused = await c.get('/api/media/docs/..%2F..%2Fsecret.pdf');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^path: .*must stay inside the task folder/);
  });

  it("shows a PDF's extracted content (Potato's {text, rendered_html, metadata}) as a document: text as written, HTML sanitized, the page count as a line", async () => {
    const c = await t.client().login('ada');
    const block = async (id: string) =>
      (await c.get(`/api/display/${id}`)).body.blocks.find((b: { key?: string }) => b.key === 'file');
    expect(await block('p4')).toEqual({
      type: 'html',
      key: 'file',
      label: 'Report',
      html: '<pre>Annual report\n  &lt;b&gt;Revenue&lt;/b&gt; rose</pre>',
      meta: 'Pages: 1',
    });
    expect(await block('p5')).toEqual({ type: 'html', key: 'file', label: 'Report', html: '<h2>Results</h2>' });
  });

  it('takes a box on a page as a span whose format_coords name the page', async () => {
    const c = await t.client().login('ada');
    const coords = { format: 'bounding_box', page: 2, bbox: [0.1, 0.1, 0.5, 0.2], label: 'FIGURE' };
    const sent = await c.post('/updateinstance', {
      instance_id: 'p1',
      span_annotations: [{ schema: 'regions', name: 'FIGURE', start: 0, end: 0, id: 'f1', format_coords: coords }],
    });
    expect(sent.status, sent.text).toBe(200);
    const stored = (await c.get('/get_annotations?instance_id=p1')).body.span_annotations;
    expect(stored).toMatchObject([{ id: 'f1', format_coords: coords }]);
  });

  it('acts on the viewer and box options, and warns about the rest', () => {
    const warned = (options: Record<string, unknown>) =>
      loadConfig(writeProject(project(options)), {}).warnings.join('\n');
    const plain = warned({ view_mode: 'scroll', show_page_controls: false, initial_page: 1, text_layer: true });
    expect(plain).not.toMatch(/shown as text|view_mode|show_page_controls|initial_page/);
    expect(plain).toMatch(/display_options: text_layer is not acted on; field "file" is drawn as pdf/);
    const boxes = warned({ annotation_mode: 'bounding_box', view_mode: 'scroll', bbox_min_size: 5 });
    expect(boxes).toMatch(/view_mode: scroll with annotation_mode: bounding_box is shown paginated/);
    expect(boxes).not.toMatch(/annotation_mode is not acted on|bbox_min_size/);
    expect(warned({ annotation_mode: 'link', link_schema: 'pdf_links' })).toMatch(
      /display_options: annotation_mode, link_schema are not acted on; field "file" is drawn as pdf/,
    );
    expect(() => warned({ view_mode: 'carousel' })).toThrow(/display_options\.view_mode: "carousel" is not known/);
    expect(() => warned({ initial_page: 0 })).toThrow(/display_options\.initial_page: expected a whole number/);
  });
});
