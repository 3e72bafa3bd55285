/**
 * Potato's `"<field>:::_data"` label over real HTTP: the boxes a Potato page or script posts for a document or PDF
 * field drawing boxes are stored as our boxes (zero-length spans with `bounding_box` format_coords), read back by
 * Potato's /get_annotations under the field and by our API and exports in our shape; bad input is a 400 naming it.
 * Also a task whose only scheme is a radio: boxes are spans of the field, labelled with the radio's labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const items = [
  { id: 'a1', text: 'Mark the title.', doc: '<h1>Region one</h1><p>Body</p>' },
  { id: 'a2', text: 'Mark the title.', doc: '<h1>Region two</h1><p>Body</p>' },
];
const project = (type: 'document' | 'pdf', schemes: Record<string, unknown>[]) => ({
  config: {
    instance_display: {
      fields: [{ key: 'doc', type, label: 'Doc', display_options: { annotation_mode: 'bounding_box' } }],
    },
    annotation_schemes: schemes,
  },
  items,
});
const RADIO = { annotation_type: 'radio', name: 'part_kind', labels: ['HEADING', 'PARAGRAPH'] };
const SPAN = { annotation_type: 'span', name: 'regions', labels: ['HEADER', 'PARAGRAPH'] };

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
const boxes = JSON.stringify([
  { id: 'b1', bbox: [0.15, 0.25, 0.3, 0.2], bbox_pixels: [80, 60, 240, 60], label: 'HEADING', created_at: 'now' },
  { id: 'b2', page: 2, bbox: [0.5, 0.5, 0.25, 0.25], label: null },
]);

describe('boxes sent as "<field>:::_data", in a task without a span scheme', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(project('pdf', [RADIO]));
  });
  afterAll(() => t.close());

  it('starts without the warning that boxes need a span scheme, and offers the radio labels for boxes', async () => {
    const warnings = loadConfig(writeProject(project('document', [RADIO])), {}).warnings.join('\n');
    expect(warnings).not.toMatch(/bounding_box|span scheme/);
    const c = await t.client().login('ada');
    const { blocks } = (await c.get('/api/display/a1')).body;
    expect(blocks.find((b: { key?: string }) => b.key === 'doc').boxes).toEqual({
      min_size: 10,
      show_labels: true,
      field_labels: ['HEADING', 'PARAGRAPH'],
    });
  });

  it('stores them as boxes, read back by Potato under the field and by our API and exports as spans', async () => {
    const c = await t.client().login('ada');
    expect(
      (await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'part_kind:HEADING': 'true' } })).status,
    ).toBe(200);
    const sent = await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': boxes } });
    expect(sent.status, sent.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=a1')).body;
    expect(got.label_annotations).toEqual({ part_kind: ['HEADING'], doc: ['_data'] });
    expect(got.annotations).toEqual({ 'part_kind:HEADING': 'true' });
    const first = {
      format: 'bounding_box',
      page: 1,
      bbox: [0.15, 0.25, 0.3, 0.2],
      bbox_pixels: [80, 60, 240, 60],
      label: 'HEADING',
    };
    const second = { format: 'bounding_box', page: 2, bbox: [0.5, 0.5, 0.25, 0.25] };
    expect(byId(got.span_annotations)).toEqual([
      expect.objectContaining({ id: 'b1', schema: 'doc', name: 'HEADING', start: 0, end: 0, format_coords: first }),
      expect.objectContaining({ id: 'b2', schema: 'doc', name: '', start: 0, end: 0, format_coords: second }),
    ]);
    const line = JSON.parse((await t.admin().get('/admin/api/export?format=jsonl')).text.trim().split('\n')[0]);
    expect(byId(line.spans)).toEqual([
      expect.objectContaining({ id: 'b1', schema: 'doc', label: 'HEADING', format_coords: first }),
      expect.objectContaining({ id: 'b2', schema: 'doc', label: '', format_coords: second }),
    ]);

    // sent again, they replace the boxes stored; an empty list clears them
    const moved = JSON.stringify([{ id: 'b1', bbox: [0.2, 0.2, 0.3, 0.2], label: 'PARAGRAPH' }]);
    expect((await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': moved } })).status).toBe(
      200,
    );
    const again = (await c.get('/get_annotations?instance_id=a1')).body.span_annotations;
    expect(again).toMatchObject([{ id: 'b1', name: 'PARAGRAPH', format_coords: { bbox: [0.2, 0.2, 0.3, 0.2] } }]);
    expect((await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': '[]' } })).status).toBe(
      200,
    );
    const cleared = (await c.get('/get_annotations?instance_id=a1')).body;
    expect(cleared.span_annotations).toEqual([]);
    expect(cleared.label_annotations).toEqual({ part_kind: ['HEADING'] });
  });

  it("takes Potato's form post of the label", async () => {
    const c = await t.client().login('bo');
    const r = await c.postForm('/updateinstance', {
      instance_id: 'a1',
      'doc:::_data': boxes,
      'part_kind:::PARAGRAPH': 'PARAGRAPH',
    });
    expect(r.status, r.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=a1')).body;
    expect(got.label_annotations).toEqual({ part_kind: ['PARAGRAPH'], doc: ['_data'] });
    expect(byId(got.span_annotations).map((s) => s.id)).toEqual(['b1', 'b2']);
  });

  it("takes Potato's type/schema/state form of the label, keeping the labels stored", async () => {
    const c = await t.client().login('eve');
    const state = (schema: string, entries: Record<string, unknown>[]) =>
      c.post('/updateinstance', { instance_id: 'a2', type: 'label', schema, state: entries });
    expect((await state('part_kind', [{ name: 'PARAGRAPH', value: 'PARAGRAPH' }])).status).toBe(200);
    const r = await state('doc', [{ name: '_data', value: boxes }]);
    expect(r.status, r.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=a2')).body;
    expect(got.label_annotations).toEqual({ part_kind: ['PARAGRAPH'], doc: ['_data'] });
    expect(byId(got.span_annotations)).toMatchObject([
      { id: 'b1', schema: 'doc', name: 'HEADING', format_coords: { bbox: [0.15, 0.25, 0.3, 0.2], label: 'HEADING' } },
      { id: 'b2', schema: 'doc', name: '', format_coords: { page: 2, bbox: [0.5, 0.5, 0.25, 0.25] } },
    ]);

    // Potato's page posts the same form encoded, the state as JSON text
    const form = await c.postForm('/updateinstance', {
      instance_id: 'a2',
      type: 'label',
      schema: 'doc',
      state: JSON.stringify([{ name: '_data', value: JSON.stringify([{ id: 'b3', bbox: [0, 0, 0.5, 0.5] }]) }]),
    });
    expect(form.status, form.text).toBe(200);
    const moved = (await c.get('/get_annotations?instance_id=a2')).body.span_annotations;
    expect(moved).toMatchObject([{ id: 'b3', format_coords: { bbox: [0, 0, 0.5, 0.5] } }]);

    // the same refusals as the label's, naming the entry that was sent, and nothing stored
    const refused = async (schema: string, entries: Record<string, unknown>[], message: string) => {
      const bad = await state(schema, entries);
      expect(bad.status, bad.text).toBe(400);
      expect(bad.body.error).toBe(message);
    };
    await refused('doc', [{ name: '_data', value: '[{"bbox": [0.1' }], 'state[0].value: not valid JSON text');
    await refused(
      'doc',
      [{ name: '_data', value: '[{"bbox": [0.15, 0.25, 0.3, 0.2]}, {"bbox": [0.8, 0.2, 0.3, 0.2]}]' }],
      'state[0].value[1].bbox: the box leaves the page (x + width and y + height must be at most 1)',
    );
    await refused(
      'doc',
      [{ name: '_data', value: '[{"bbox": [0, 0, 1, 1], "label": "FIGURE"}]' }],
      'state[0].value[0].name: a box of "doc" is labelled with one of HEADING, PARAGRAPH or "" (none), not "FIGURE"',
    );
    await refused(
      'doc',
      [
        { name: '_data', value: '[]' },
        { name: 'HEADING', value: true },
      ],
      'state[1].name: "doc" is a field drawing boxes, not a scheme: its boxes are sent as one entry named "_data"',
    );
    await refused(
      'pages',
      [{ name: '_data', value: '[]' }],
      'schema: "pages" is not a display field drawing boxes (boxes are drawn on "doc")',
    );
    expect((await c.get('/get_annotations?instance_id=a2')).body.span_annotations).toMatchObject([{ id: 'b3' }]);

    // an empty value clears the boxes, as the label's does
    expect((await state('doc', [{ name: '_data', value: '' }])).status).toBe(200);
    const cleared = (await c.get('/get_annotations?instance_id=a2')).body;
    expect(cleared.span_annotations).toEqual([]);
    expect(cleared.label_annotations).toEqual({ part_kind: ['PARAGRAPH'] });
  });

  it('refuses bad boxes with a 400 naming the label and the box, storing nothing', async () => {
    const c = await t.client().login('cy');
    const refused = async (annotations: Record<string, unknown>, message: string | RegExp) => {
      const r = await c.post('/updateinstance', { instance_id: 'a2', annotations });
      expect(r.status, r.text).toBe(400);
      expect(r.body.error).toMatch(message);
    };
    await refused({ 'doc:::_data': '[{"bbox": [0.1' }, 'annotations["doc:::_data"]: not valid JSON text');
    await refused(
      { 'doc:::_data': '{"bbox": [0, 0, 1, 1]}' },
      'annotations["doc:::_data"]: expected a JSON list of boxes',
    );
    await refused(
      { 'doc:::_data': '[{"bbox": [0.1, 0.2, 1.3, 0.2]}]' },
      'annotations["doc:::_data"][0].bbox[2]: must be a share from 0 to 1',
    );
    await refused(
      { 'doc:::_data': '[{"bbox": [0.15, 0.25, 0.3, 0.2]}, {"bbox": [0.8, 0.2, 0.3, 0.2]}]' },
      'annotations["doc:::_data"][1].bbox: the box leaves the page',
    );
    await refused(
      { 'doc:::_data': '[{"bbox": [0, 0, 1, 1], "colour": "red"}]' },
      'annotations["doc:::_data"][0].colour: not a key of a box',
    );
    await refused(
      { 'doc:::_data': '[{"bbox": [0, 0, 1, 1], "label": "FIGURE"}]' },
      'annotations["doc:::_data"][0].name: a box of "doc" is labelled with one of HEADING, PARAGRAPH or "" (none), not "FIGURE"',
    );
    await refused(
      { 'pages:::_data': '[]' },
      'annotations["pages:::_data"]: "pages" is not a display field drawing boxes (boxes are drawn on "doc")',
    );
    expect((await c.get('/get_annotations?instance_id=a2')).body.span_annotations).toEqual([]);
  });

  it('takes a box of the field from our own API too, and refuses a span of it that is not a box', async () => {
    const c = await t.client().login('di');
    const coords = { format: 'bounding_box', page: 1, bbox: [0, 0, 0.5, 0.5], label: 'HEADING' };
    const ok = await c.post('/updateinstance', {
      instance_id: 'a2',
      span_annotations: [{ schema: 'doc', name: 'HEADING', start: 0, end: 0, format_coords: coords }],
    });
    expect(ok.status, ok.text).toBe(200);
    const r = await c.post('/updateinstance', {
      instance_id: 'a2',
      span_annotations: [{ schema: 'doc', name: 'HEADING', start: 0, end: 4 }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^span_annotations\[0\]\.format_coords: a span of "doc" is a box drawn on it/);
  });
});

describe('boxes sent as "<field>:::_data" beside a span scheme', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer(project('document', [SPAN]));
  });
  afterAll(() => t.close());

  it('stores each as a span of the span scheme holding its label, keeping the other spans', async () => {
    const c = await t.client().login('ada');
    const text = await c.post('/updateinstance', {
      instance_id: 'a1',
      span_annotations: [{ schema: 'regions', name: 'PARAGRAPH', start: 0, end: 4 }],
    });
    expect(text.status, text.text).toBe(200);
    const data = JSON.stringify([{ id: 'h1', bbox: [0.1, 0.1, 0.5, 0.1], label: 'HEADER' }]);
    const r = await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': data } });
    expect(r.status, r.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=a1')).body;
    expect(got.label_annotations).toEqual({ doc: ['_data'] });
    expect(got.span_annotations).toMatchObject([
      {
        id: 'h1',
        schema: 'regions',
        name: 'HEADER',
        start: 0,
        end: 0,
        format_coords: { format: 'bounding_box', label: 'HEADER' },
      },
      { schema: 'regions', name: 'PARAGRAPH', start: 0, end: 4 },
    ]);
  });

  it('refuses a box without a label or with one no span scheme has', async () => {
    const c = await t.client().login('bo');
    const send = (box: Record<string, unknown>) =>
      c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': JSON.stringify([box]) } });
    const none = await send({ bbox: [0, 0, 1, 1] });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^annotations\["doc:::_data"\]\[0\]\.label: required/);
    const other = await send({ bbox: [0, 0, 1, 1], label: 'HEADING' });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(
      /^annotations\["doc:::_data"\]\[0\]\.label: "HEADING" is no label of a span scheme marking the text \(HEADER, PARAGRAPH\)/,
    );
  });
});

describe('"<field>:::_data" where no field draws boxes', () => {
  it('is refused naming the field', async () => {
    const spec = project('document', [RADIO]);
    delete (spec.config.instance_display.fields[0] as { display_options?: unknown }).display_options;
    const t = await startServer(spec);
    try {
      const c = await t.client().login('ada');
      const r = await c.post('/updateinstance', { instance_id: 'a1', annotations: { 'doc:::_data': '[]' } });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(
        'annotations["doc:::_data"]: unknown scheme "doc", and no display field draws boxes (none has display_options.annotation_mode: bounding_box)',
      );
      const state = await c.post('/updateinstance', {
        instance_id: 'a1',
        type: 'label',
        schema: 'doc',
        state: [{ name: '_data', value: '[]' }],
      });
      expect(state.status).toBe(400);
      expect(state.body.error).toBe(
        'schema: unknown scheme "doc", and no display field draws boxes (none has display_options.annotation_mode: bounding_box)',
      );
    } finally {
      await t.close();
    }
  });
});
