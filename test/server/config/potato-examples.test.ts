/** Two Potato projects in Potato's own format (test/fixtures/potato) load unmodified, and serve over HTTP. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { startServer } from '../../helpers/server.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'potato');
const SENTIMENT = join(FIXTURES, 'sentiment-likert', 'configs', 'sentiment-likert.yaml');
const HIGHLIGHTING = join(FIXTURES, 'highlighting', 'config.yaml');

describe("Potato's brace-style config (sentiment-likert)", () => {
  it('loads with its data found relative to the project folder, naming the keys not acted on', () => {
    const config = loadConfig(SENTIMENT, {});
    // each key not acted on here is named, with what happens instead; its port is where npm start listens
    expect(config.warnings).toEqual([
      `${SENTIMENT}: output_annotation_format is not acted on: "tsv" is not written; annotations are kept in the data folder and exported as jsonl, csv, conll or spacy (GET /admin/api/export)`,
      `${SENTIMENT}: server_name, base_html_template, header_file, site_dir are not acted on: this app draws its own pages, not Potato's Flask ones`,
      `${SENTIMENT}: item_properties.context_key is not acted on: every field of an item reaches html_layout and instance_display, and without them the fields are listed below the text`,
    ]);
    expect(config.port).toBe(9001);
    expect(config.settings.annotation_task_name).toBe('Review sentiment (likert)');
    expect(config.allowAllUsers).toBe(true);
    expect(config.task.instances.map((i) => i.id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(config.task.instances[2].text).toBe('Fine for the price; the lid feels "cheap" though.');
    expect(config.task.instances[0].data).toEqual({
      id: 'r1',
      text: "The kettle boils fast, and it's quiet.",
      context: 'kitchen',
    });
    const [likert] = config.task.schemes;
    expect(likert).toMatchObject({
      name: 'sentiment',
      annotation_type: 'likert',
      size: 5,
      min_label: 'Very negative',
      max_label: 'Very positive',
      sequential_key_binding: true,
    });
    expect(likert.labels.map((l) => l.name)).toEqual(['1', '2', '3', '4', '5']);
    // keys we do not interpret are passed through to frontends
    expect(likert.extra).toEqual({});
    expect(likert.required).toBe(true);
    expect(config.outputDir).toBe(join(FIXTURES, 'sentiment-likert', 'configs', 'annotation_output'));
  });

  it('serves the project: a likert answer round-trips', async () => {
    const t = await startServer({ configFile: SENTIMENT });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body).toMatchObject({
      instance_id: 'r1',
      total_instances: 5,
      data: { context: 'kitchen' },
    });
    expect(
      (await alice.post('/updateinstance', { instance_id: 'r1', annotations: { 'sentiment:4': 'true' } })).status,
    ).toBe(200);
    expect((await alice.get('/get_annotations?instance_id=r1')).body.annotations).toEqual({ 'sentiment:4': 'true' });
    expect(
      (await alice.post('/updateinstance', { instance_id: 'r1', annotations: { 'sentiment:6': 'true' } })).status,
    ).toBe(400);
  });
});

describe("Potato's block-style config with every scheme type (highlighting)", () => {
  it('loads every scheme, custom id and text keys, numeric ids as strings, and colours in every form', () => {
    const config = loadConfig(HIGHLIGHTING, {});
    expect(config.warnings).toEqual([
      `${HIGHLIGHTING}: annotation_schemes[6] (summary).textarea is not acted on: text answers are typed in a multi-line box whatever it says`,
    ]);
    expect(config.task.schemes.map((s) => `${s.name}:${s.annotation_type}`)).toEqual([
      'priority:radio',
      'areas:multiselect',
      'language:select',
      'frustration:likert',
      'effort:slider',
      'replies_needed:number',
      'summary:text',
      'cue:span',
    ]);
    expect(config.task.instances.map((i) => i.id)).toEqual(['t-100', 't-101', 't-102', '103']);
    expect(config.task.instances[0].text).toMatch(/^Please help/);
    const priority = config.task.schemeByName.get('priority')!;
    expect(priority.labels[0]).toEqual({ name: 'high', tooltip: 'Needs an answer today', key_value: '1' });
    expect(config.task.schemeByName.get('frustration')!.labels).toHaveLength(7);
    expect(config.task.schemeByName.get('effort')).toMatchObject({ min: 0, max: 120, starting_value: 15, step: 1 });
    expect(config.task.schemeByName.get('replies_needed')).toMatchObject({ min: 1, max: 20, step: 1 });
    expect(config.task.schemeByName.get('summary')!.extra).toEqual({ textarea: { on: false, rows: 1, cols: 60 } });
    expect(config.task.schemeByName.get('summary')!.labels).toEqual([{ name: 'Summary in a line:' }]);
    expect(config.task.colors.cue).toEqual({ urgent: '#ef4444', polite: '#16a34a', product: '#4caf50' });
    expect(config.task.keywordRules).toEqual([
      { word: 'asap', label: 'urgent', schema: 'cue' },
      { word: 'immediately', label: 'urgent', schema: 'cue' },
      { word: 'please', label: 'polite', schema: 'cue' },
      { word: 'thank*', label: 'polite', schema: 'cue' },
    ]);
  });

  it('serves the project: keyword highlights with wildcards and colours, spans with the configured colour', async () => {
    const t = await startServer({ configFile: HIGHLIGHTING });
    const alice = await t.client().login('alice');
    const kw = await alice.get('/api/keyword_highlights/t-100');
    expect(kw.status).toBe(200);
    expect(
      kw.body.keywords.map((k: { text: string; label: string; color: string }) => [k.text, k.label, k.color]),
    ).toEqual([
      ['Please', 'polite', '#16a34a'],
      ['Thanks', 'polite', '#16a34a'],
    ]);
    const submit = await alice.post('/updateinstance', {
      instance_id: '103',
      span_annotations: [{ schema: 'cue', name: 'polite', start: 31, end: 41 }],
    });
    expect(submit.status).toBe(200);
    const spans = await alice.get('/api/spans/103');
    // a text label with a colon: the key splits at the first colon
    const text = {
      instance_id: 't-101',
      annotations: { 'summary:Summary in a line:': 'wrong invoice, wants it fixed' },
    };
    expect((await alice.post('/updateinstance', text)).status).toBe(200);
    expect((await alice.get('/get_annotations?instance_id=t-101')).body.annotations).toEqual(text.annotations);
    expect(spans.body.spans).toMatchObject([
      { schema: 'cue', label: 'polite', start: 31, end: 41, text: 'por favor.', color: '#16a34a' },
    ]);
  });
});
