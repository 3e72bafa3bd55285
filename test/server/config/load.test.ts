/**
 * Loading a project config: every data format, every scheme type, `${NAME}` references, and every way a config
 * can be wrong — each error names the file, the key and what is wrong.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';

const RADIO = { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] };

/** A project with one data file of the given name and content, and config overrides. */
function project(config: Record<string, unknown> = {}, files: Record<string, string> = {}): string {
  return writeProject({ config: { annotation_schemes: [RADIO], ...config }, files });
}

function loadError(file: string, env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    loadConfig(file, env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected the config to be refused');
}

describe('data formats', () => {
  const expected = [
    { id: 'a1', text: 'First, with a comma' },
    { id: 'a2', text: 'Second "quoted"' },
    { id: '3', text: 'Third' },
  ];
  const ids = (file: string) => loadConfig(file, {}).task.instances.map((i) => ({ id: i.id, text: i.text }));

  it('reads a .json array', () => {
    const json = JSON.stringify(
      [
        { id: 'a1', text: 'First, with a comma' },
        { id: 'a2', text: 'Second "quoted"' },
        { id: 3, text: 'Third' },
      ],
      null,
      2,
    );
    expect(ids(project({ data_files: ['items.json'] }, { 'items.json': json }))).toEqual(expected);
  });

  it('reads a .json file with one object per line (Potato toy-example style)', () => {
    const lines = [
      '{"id": "a1", "text": "First, with a comma"}',
      '',
      '{"id": "a2", "text": "Second \\"quoted\\""}',
      '{"id": 3, "text": "Third"}',
    ].join('\n');
    expect(ids(project({ data_files: ['items.json'] }, { 'items.json': lines }))).toEqual(expected);
  });

  it('reads .jsonl, keeping every field of the raw item', () => {
    const file = project(
      { data_files: 'items.jsonl' },
      {
        'items.jsonl':
          '{"id":"a1","text":"First, with a comma","meta":{"source":"x"}}\n{"id":"a2","text":"Second \\"quoted\\""}\r\n{"id":3,"text":"Third"}\n',
      },
    );
    expect(ids(file)).toEqual(expected);
    expect(loadConfig(file, {}).task.instances[0].data).toEqual({
      id: 'a1',
      text: 'First, with a comma',
      meta: { source: 'x' },
    });
  });

  it('reads .csv with a header, quoted commas, doubled quotes and a BOM', () => {
    const csv = '\uFEFFid,text,extra\na1,"First, with a comma",x\na2,"Second ""quoted""",y\n3,Third,z\n';
    const file = project({ data_files: ['items.csv'] }, { 'items.csv': csv });
    expect(ids(file)).toEqual(expected);
    expect(loadConfig(file, {}).task.instances[0].data).toEqual({ id: 'a1', text: 'First, with a comma', extra: 'x' });
  });

  it('reads .tsv with Windows line ends, where quotes are ordinary characters', () => {
    const tsv = 'id\ttext\r\na1\tFirst, with a comma\r\na2\tSecond "quoted"\r\n3\tThird\r\n'; // Windows line ends
    expect(ids(project({ data_files: ['items.tsv'] }, { 'items.tsv': tsv }))).toEqual(expected);
  });

  it('reads several files in order, with custom id and text keys, from task_dir', () => {
    const file = project(
      { task_dir: 'task', data_files: ['one.jsonl', 'two.csv'], item_properties: { id_key: 'uid', text_key: 'body' } },
      { 'task/one.jsonl': '{"uid":"x","body":"from jsonl"}\n', 'task/two.csv': 'uid,body\ny,from csv\n' },
    );
    expect(ids(file)).toEqual([
      { id: 'x', text: 'from jsonl' },
      { id: 'y', text: 'from csv' },
    ]);
  });
});

describe('scheme types', () => {
  it('normalises every type: labels in both forms, likert points, number and slider bounds, value fields', () => {
    const file = project({
      annotation_schemes: [
        {
          annotation_type: 'radio',
          name: 'r',
          labels: ['a', { name: 'b', tooltip: 'B!', key_value: 2, color: 'red' }],
        },
        { annotation_type: 'multiselect', name: 'm', labels: ['x', 'y', 'z'] },
        { annotation_type: 'likert', name: 'l', size: 3, min_label: 'low', max_label: 'high' },
        { annotation_type: 'select', name: 's', labels: [1, 2] },
        { annotation_type: 'text', name: 't' },
        { annotation_type: 'textbox', name: 't2' },
        { annotation_type: 'number', name: 'n', min: 1, max: '10' },
        { annotation_type: 'slider', name: 'sl' },
        { annotation_type: 'slider', name: 'sl2', min_value: -5, max_value: 5, starting_value: 0, step: 0.5 },
        { annotation_type: 'span', name: 'sp', labels: ['hit'] },
      ],
    });
    const { task } = loadConfig(file, {});
    const get = (name: string) => task.schemeByName.get(name)!;
    expect(get('r').labels).toEqual([{ name: 'a' }, { name: 'b', tooltip: 'B!', key_value: '2', color: 'red' }]);
    expect(get('m').labels.map((l) => l.name)).toEqual(['x', 'y', 'z']);
    expect(get('l')).toMatchObject({
      size: 3,
      min_label: 'low',
      max_label: 'high',
      labels: [{ name: '1' }, { name: '2' }, { name: '3' }],
    });
    expect(get('s').labels).toEqual([{ name: '1' }, { name: '2' }]);
    expect(get('t')).toMatchObject({ annotation_type: 'text', labels: [{ name: 'text' }] });
    expect(get('t2').annotation_type).toBe('text');
    expect(get('n')).toMatchObject({ min: 1, max: 10, labels: [{ name: 'value' }] });
    expect(get('sl')).toMatchObject({ min: 0, max: 100, step: 1, labels: [{ name: 'value' }] });
    expect(get('sl2')).toMatchObject({ min: -5, max: 5, starting_value: 0, step: 0.5 });
    expect(get('sp').annotation_type).toBe('span');
    expect(task.colors.r.b).toBe('#ff0000');
  });

  it('takes colours from ui.label_colors and ui.spans.span_colors, warns about a bad one and uses the palette', () => {
    const file = project({
      annotation_schemes: [RADIO, { annotation_type: 'span', name: 'ev', labels: ['pos', 'neg'] }],
      ui: {
        label_colors: { sentiment: { positive: '#0f0', negative: 'not-a-colour' } },
        spans: { span_colors: { ev: { pos: '(1, 2, 3)', neg: 'rgb(255,255,255)' } } },
      },
    });
    const config = loadConfig(file, {});
    expect(config.task.colors.sentiment.positive).toBe('#00ff00');
    expect(config.task.colors.sentiment.negative).toMatch(/^#[0-9a-f]{6}$/);
    expect(config.task.colors.ev).toEqual({ pos: '#010203', neg: '#ffffff' });
    expect(config.warnings.join('\n')).toMatch(/"not-a-colour" for sentiment:negative is not a colour/);
  });
});

describe('settings', () => {
  it('reads the assignment and user settings, with Potato spellings', () => {
    const config = loadConfig(
      project({
        num_annotators_per_item: 2,
        max_annotations_per_user: '5',
        assignment_strategy: { name: 'random' },
        require_password: 'False',
        user_config: {
          allow_all_users: 'false',
          users: [
            'carol',
            { username: 'dave', password: 'dave-pass' },
            { email: 'erin@example.org', password: 'erin-pass' },
          ],
        },
        admin_users: ['carol'],
        debug: true,
        session_lifetime_days: 3,
      }),
      {},
    );
    expect(config.settings).toMatchObject({
      num_annotators_per_item: 2,
      max_annotations_per_user: 5,
      assignment_strategy: 'random',
    });
    expect(config.requirePassword).toBe(false);
    expect(config.allowAllUsers).toBe(false);
    expect(config.users).toEqual([
      { username: 'carol', password: undefined },
      { username: 'dave', password: 'dave-pass' },
      { username: 'erin@example.org', password: 'erin-pass' },
    ]);
    expect(config.adminUsers).toEqual(['carol']);
    expect(config.debug).toBe(true);
    expect(config.sessionLifetimeDays).toBe(3);
  });

  it('uses defaults: no overlap limit, no cap, fixed order, passwords required, output dir beside the config', () => {
    const file = project({ output_annotation_dir: undefined });
    const config = loadConfig(file, {});
    expect(config.settings).toMatchObject({
      num_annotators_per_item: null,
      max_annotations_per_user: null,
      assignment_strategy: 'fixed_order',
    });
    expect(config.requirePassword).toBe(true);
    expect(config.debug).toBe(false);
    expect(config.outputDir).toBe(join(file, '..', 'annotation_output'));
  });

  it("accepts Potato's older max_annotations_per_item, and -1 for no limit", () => {
    expect(loadConfig(project({ max_annotations_per_item: 3 }), {}).settings.num_annotators_per_item).toBe(3);
    expect(
      loadConfig(project({ max_annotations_per_item: -1, max_annotations_per_user: -1 }), {}).settings,
    ).toMatchObject({ num_annotators_per_item: null, max_annotations_per_user: null });
  });
});

describe('environment references', () => {
  it('replaces ${NAME} anywhere in a string, in nested keys and lists', () => {
    const file = project(
      { annotation_task_name: 'Task for ${TEAM} (${YEAR})', admin_api_key: '${KEY}', data_files: ['${DATA}'] },
      { 'env-data.jsonl': '{"id":"e","text":"env"}\n' },
    );
    const config = loadConfig(file, { TEAM: 'lab', YEAR: '2026', KEY: 'k-123', DATA: 'env-data.jsonl' });
    expect(config.settings.annotation_task_name).toBe('Task for lab (2026)');
    expect(config.adminApiKey).toBe('k-123');
    expect(config.task.instances.map((i) => i.id)).toEqual(['e']);
  });

  it('feeds numbers and booleans from the environment too', () => {
    const config = loadConfig(
      project({
        num_annotators_per_item: '${PER_ITEM}',
        require_password: '${NEED_PW}',
        assignment_strategy: '${STRATEGY}',
      }),
      { PER_ITEM: '3', NEED_PW: 'false', STRATEGY: 'least_annotated' },
    );
    expect(config.settings).toMatchObject({ num_annotators_per_item: 3, assignment_strategy: 'least_annotated' });
    expect(config.requirePassword).toBe(false);
  });

  it('stops on a missing variable, naming it and the key', () => {
    const file = project({ user_config: { users: [{ username: 'alice', password: '${ALICE_PASSWORD}' }] } });
    const error = loadError(file, {});
    expect(error.message).toContain(file);
    expect(error.message).toContain('ALICE_PASSWORD');
    expect(error.message).toContain('user_config.users[0].password');
  });

  it('leaves strings without references alone ($HOME and $ are not references)', () => {
    const config = loadConfig(project({ annotation_task_name: 'Costs $5 and $HOME' }), {});
    expect(config.settings.annotation_task_name).toBe('Costs $5 and $HOME');
  });
});

describe('warnings', () => {
  it("warns about unknown keys without stopping, acts on port, and names Potato's page keys", () => {
    const config = loadConfig(
      project({ colour_scheme: 'dark', port: 9001, site_dir: 'default', html_layout: 'default' }),
      {},
    );
    expect(config.port).toBe(9001);
    expect(config.warnings).toHaveLength(2);
    expect(config.warnings[0]).toMatch(/: site_dir is not acted on: this app draws its own pages/);
    expect(config.warnings[1]).toMatch(/unknown key "colour_scheme" is ignored/);
  });

  it('warns about a keyword naming an unknown scheme', () => {
    const file = project(
      { keyword_highlights_file: 'kw.tsv' },
      { 'kw.tsv': 'great\tpositive\tsentiment\nbad\tnegative\tnope\n' },
    );
    const config = loadConfig(file, {});
    expect(config.task.keywordRules).toHaveLength(2);
    expect(config.warnings.join('\n')).toMatch(/keyword "bad" names unknown scheme "nope"/);
  });
});

describe('errors name the file, the key and the reason', () => {
  const cases: [string, () => string, RegExp][] = [
    ['missing config file', () => join(tempDir(), 'nope.yaml'), /config file not found/],
    ['invalid YAML', () => writeRaw('annotation_task_name: [unclosed\n'), /not valid YAML/],
    ['not a mapping', () => writeRaw('- just\n- a list\n'), /must be a YAML mapping/],
    ['missing annotation_task_name', () => project({ annotation_task_name: undefined }), /annotation_task_name: /],
    ['no schemes', () => project({ annotation_schemes: [] }), /annotation_schemes: /],
    [
      'unknown scheme type',
      () => project({ annotation_schemes: [{ annotation_type: 'dial', name: 'x', labels: ['a'] }] }),
      /annotation_schemes\[0\]\.annotation_type: /,
    ],
    [
      'scheme without a name',
      () => project({ annotation_schemes: [{ annotation_type: 'radio', labels: ['a'] }] }),
      /annotation_schemes\[0\]\.name: /,
    ],
    [
      'radio without labels',
      () => project({ annotation_schemes: [{ annotation_type: 'radio', name: 'x' }] }),
      /annotation_schemes\[0\] \(x\)\.labels: a radio scheme needs at least one label/,
    ],
    [
      'likert without size',
      () => project({ annotation_schemes: [{ annotation_type: 'likert', name: 'lk' }] }),
      /annotation_schemes\[0\] \(lk\)\.size: a likert scheme needs a size/,
    ],
    [
      'likert size and labels disagree',
      () =>
        project({
          annotation_schemes: [{ annotation_type: 'likert', name: 'lk', size: 5, labels: ['low', 'mid', 'high'] }],
        }),
      /annotation_schemes\[0\] \(lk\)\.size: 5 points but 3 labels/,
    ],
    [
      'likert size of 1',
      () => project({ annotation_schemes: [{ annotation_type: 'likert', name: 'lk', size: 1 }] }),
      /annotation_schemes\[0\]\.size: /,
    ],
    [
      'number min above max',
      () => project({ annotation_schemes: [{ annotation_type: 'number', name: 'n', min: 5, max: 1 }] }),
      /annotation_schemes\[0\] \(n\): min \(5\) is greater than max \(1\)/,
    ],
    [
      'slider start out of range',
      () =>
        project({
          annotation_schemes: [
            { annotation_type: 'slider', name: 's', min_value: 0, max_value: 10, starting_value: 11 },
          ],
        }),
      /\(s\)\.starting_value: 11 is outside 0\.\.10/,
    ],
    [
      'duplicate label',
      () => project({ annotation_schemes: [{ annotation_type: 'radio', name: 'x', labels: ['a', 'a'] }] }),
      /\(x\)\.labels: duplicate label "a"/,
    ],
    [
      'scheme name with a colon',
      () => project({ annotation_schemes: [{ annotation_type: 'radio', name: 'x:y', labels: ['a'] }] }),
      /annotation_schemes\[0\]\.name: "x:y" may not contain ":"/,
    ],
    [
      'duplicate scheme name',
      () => project({ annotation_schemes: [RADIO, RADIO] }),
      /annotation_schemes: duplicate scheme name "sentiment"/,
    ],
    [
      'bad assignment strategy',
      () => project({ assignment_strategy: 5 }),
      /assignment_strategy: .*expected object, received number/,
    ],
    [
      'bad boolean',
      () => project({ require_password: 'maybe' }),
      /require_password: .*expected boolean, received string, or .*expected one of "true"\|"false"/,
    ],
    [
      'bad user entry',
      () => project({ user_config: { users: [5] } }),
      /user_config\.users\[0\]: .*expected string, received number, or .*expected object, received number/,
    ],
    ['zero annotators per item', () => project({ num_annotators_per_item: 0 }), /num_annotators_per_item: /],
    [
      'non-number cap',
      () => project({ max_annotations_per_user: 'lots' }),
      /max_annotations_per_user: .*expected number, received string/,
    ],
    ['no data files', () => project({ data_files: [] }), /data_files: /],
    [
      'data file not found',
      () => project({ data_files: ['missing.jsonl'] }),
      /data_files: .*missing\.jsonl: data file not found/,
    ],
    [
      'unsupported data format',
      () => project({ data_files: ['items.xml'] }, { 'items.xml': '<x/>' }),
      /data_files: .*items\.xml: unsupported data file type "\.xml"/,
    ],
    [
      'bad JSON line',
      () => project({ data_files: ['d.jsonl'] }, { 'd.jsonl': '{"id":"1","text":"ok"}\n{"id":"2",\n' }),
      /data_files: .*d\.jsonl:2: not valid JSON/,
    ],
    [
      'bad JSON array',
      () => project({ data_files: ['d.json'] }, { 'd.json': '[\n{"id":"1","text":"ok"},\n{"id":\n]' }),
      /data_files: .*d\.json(:\d+)?: not valid JSON/,
    ],
    [
      'item not an object',
      () => project({ data_files: ['d.json'] }, { 'd.json': '["just text"]' }),
      /d\.json:1: each item must be an object/,
    ],
    [
      'missing id',
      () => project({ data_files: ['d.jsonl'] }, { 'd.jsonl': '{"text":"no id"}\n' }),
      /d\.jsonl:1: missing id field "id"/,
    ],
    [
      'object id',
      () => project({ data_files: ['d.jsonl'] }, { 'd.jsonl': '{"id":{"x":1},"text":"t"}\n' }),
      /d\.jsonl:1: id field "id" must be a string or number/,
    ],
    [
      'duplicate id in a file',
      () =>
        project(
          { data_files: ['d.jsonl'] },
          { 'd.jsonl': '{"id":"1","text":"a"}\n{"id":"2","text":"b"}\n{"id":1,"text":"c"}\n' },
        ),
      /d\.jsonl:3: duplicate instance id "1" \(first at .*d\.jsonl:1\)/,
    ],
    [
      'duplicate id across files',
      () =>
        project(
          { data_files: ['a.jsonl', 'b.csv'] },
          { 'a.jsonl': '{"id":"x","text":"a"}\n', 'b.csv': 'id,text\nx,b\n' },
        ),
      /b\.csv:2: duplicate instance id "x"/,
    ],
    [
      'empty data',
      () => project({ data_files: ['d.jsonl'] }, { 'd.jsonl': '\n\n' }),
      /data_files: the data files hold no instances/,
    ],
    [
      'CSV with a ragged row',
      () => project({ data_files: ['d.csv'] }, { 'd.csv': 'id,text\n1,a,extra\n' }),
      /data_files: .*d\.csv/,
    ],
    [
      'keywords file missing',
      () => project({ keyword_highlights_file: 'kw.tsv' }),
      /keyword_highlights_file: .*kw\.tsv not found/,
    ],
    [
      'keywords line malformed',
      () =>
        project({ keyword_highlights_file: 'kw.tsv' }, { 'kw.tsv': 'Word\tLabel\tSchema\ngood positive sentiment\n' }),
      /keyword_highlights_file: .*kw\.tsv:2: expected Word<TAB>Label<TAB>Schema/,
    ],
    ['bad session lifetime', () => project({ session_lifetime_days: 0 }), /session_lifetime_days: /],
  ];

  it.each(cases)('%s', (_name, make, reason) => {
    const file = make();
    const error = loadError(file);
    expect(error.file).toBe(file);
    expect(error.message.startsWith(`${file}: `)).toBe(true);
    expect(error.message).toMatch(reason);
  });

  it('refuses a data file that is not UTF-8', () => {
    const file = project({ data_files: ['latin1.csv'] });
    writeFileSync(join(file, '..', 'latin1.csv'), Buffer.from('id,text\n1,caf\xe9\n', 'latin1'));
    expect(loadError(file).message).toMatch(/latin1\.csv: is not valid UTF-8 text/);
  });
});

function writeRaw(yaml: string): string {
  const file = join(tempDir(), 'config.yaml');
  writeFileSync(file, yaml);
  return file;
}
