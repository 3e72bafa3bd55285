/**
 * Potato's `annotation_mode: bounding_box` on a document field over real HTTP: the display says boxes are drawn over
 * the field, with its options; start-up warns only about what is not acted on; a box travels as a zero-length span
 * with `bounding_box` format_coords and comes back as sent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const DOC = '<h1>Title</h1><p>Body text.</p><script>alert(1)</script>';
const items = [{ id: 'd1', text: 'Mark the regions.', doc: DOC }];
const project = (display_options: Record<string, unknown>, type = 'span') => ({
  config: {
    instance_display: { fields: [{ key: 'doc', type: 'document', label: 'Page', display_options }] },
    annotation_schemes: [{ annotation_type: type, name: 'regions', labels: ['HEADER', 'PARAGRAPH'] }],
  },
  items,
});

describe('boxes over a document field', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('draws the sanitized document with its box options, and a box is stored as a span with format_coords', async () => {
    const spec = project({ annotation_mode: 'bounding_box', bbox_min_size: 24, show_bbox_labels: false, zoom: 2 });
    const warnings = loadConfig(writeProject(spec), {}).warnings.join('\n');
    expect(warnings).not.toMatch(/annotation_mode|bbox_min_size|show_bbox_labels/);
    expect(warnings).toMatch(/display_options: zoom is not acted on/);
    const t = await startServer(spec);
    servers.push(t);
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/d1')).body;
    const block = blocks.find((b: { key?: string }) => b.key === 'doc');
    expect(block).toMatchObject({ type: 'html', key: 'doc', boxes: { min_size: 24, show_labels: false } });
    expect(block.html).toContain('<h1>Title</h1>');
    expect(block.html).not.toContain('script');

    const coords = { format: 'bounding_box', page: 1, bbox: [0.1, 0.2, 0.3, 0.15], label: 'HEADER' };
    const sent = await c.post('/updateinstance', {
      instance_id: 'd1',
      span_annotations: [{ schema: 'regions', name: 'HEADER', start: 0, end: 0, id: 'b1', format_coords: coords }],
    });
    expect(sent.status, sent.text).toBe(200);
    const stored = (await c.get('/get_annotations?instance_id=d1')).body;
    expect(stored.span_annotations).toMatchObject([{ id: 'b1', name: 'HEADER', format_coords: coords }]);
  });

  it('without the mode, or with span, draws no boxes and says annotation_mode is not acted on when given', async () => {
    const warned = loadConfig(writeProject(project({ annotation_mode: 'span' })), {}).warnings.join('\n');
    expect(warned).toMatch(/display_options: annotation_mode is not acted on; field "doc" is drawn as html/);
    const t = await startServer(project({}));
    servers.push(t);
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/d1')).body;
    expect(blocks.find((b: { key?: string }) => b.key === 'doc').boxes).toBeUndefined();
  });

  it('without a span scheme draws boxes of the field, unless a scheme has its name', () => {
    const radio = loadConfig(writeProject(project({ annotation_mode: 'bounding_box' }, 'radio')), {});
    expect(radio.warnings.join('\n')).not.toMatch(/bounding_box/);
    const clash = project({ annotation_mode: 'bounding_box' }, 'radio');
    clash.config.annotation_schemes[0].name = 'doc';
    expect(loadConfig(writeProject(clash), {}).warnings.join('\n')).toMatch(
      /"doc" is also the name of a scheme; without a span scheme its boxes would be kept under that name, so the field is shown without drawing/,
    );
  });

  it('draws boxes on one field per item, and says which', () => {
    const spec = project({ annotation_mode: 'bounding_box' });
    const field = spec.config.instance_display.fields[0];
    spec.config.instance_display.fields = [field, { ...field, key: 'doc2' }];
    const config = loadConfig(writeProject(spec), {});
    expect(config.warnings.join('\n')).toMatch(
      /bounding_box is acted on for one field per item; boxes are drawn on "doc", and "doc2" is shown without drawing/,
    );
  });

  it('refuses an unknown mode or a bad option, naming the key', () => {
    expect(() => loadConfig(writeProject(project({ annotation_mode: 'polygon' })), {})).toThrow(
      /instance_display\.fields\[0\]\.display_options\.annotation_mode: "polygon" is not known/,
    );
    expect(() =>
      loadConfig(writeProject(project({ annotation_mode: 'bounding_box', bbox_min_size: 'big' })), {}),
    ).toThrow(/display_options\.bbox_min_size: expected a number/);
  });
});
