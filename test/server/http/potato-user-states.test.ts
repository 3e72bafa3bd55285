/**
 * A Potato project that was already annotated: its output folder's user states are taken in at start-up, once,
 * over real HTTP with real files (and again on PostgreSQL in the postgres project).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger, startServer, type TestServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';

const TEXT = sampleItems(1)[0].text; // "Item 1: the product was great but shipping was slow."
const at = (s: string) => ({ start: TEXT.indexOf(s), end: TEXT.indexOf(s) + s.length });
const label = (schema: string, name: string, value: unknown = true) => [{ schema, name }, value];
const span = (schema: string, name: string, s: string, value: unknown = s) => [
  { schema, name, title: name, ...at(s), id: `${schema}_${name}_${at(s).start}_${at(s).end}` },
  value,
];

/** A user state as Potato writes it: answers as [key, value] pairs, phase as a pair, behavioural data per item. */
function userState(user: string, extra: Record<string, unknown>) {
  return {
    user_id: user,
    instance_id_ordering: [],
    current_instance_index: 0,
    current_phase_and_page: ['annotation', 'annotation'],
    completed_phase_and_pages: [],
    max_assignments: -1,
    instance_id_to_behavioral_data: {},
    instance_id_to_label_to_value: {},
    instance_id_to_span_to_value: {},
    phase_to_page_to_label_to_value: {},
    phase_to_page_to_span_to_value: {},
    training_state: { passed: false },
    instance_id_to_keyword_highlight_state: {},
    crowd_metadata: {},
    ...extra,
  };
}

const ALICE = userState('alice', {
  instance_id_ordering: ['item-3', 'item-1', 'item-2', 'item-404'],
  current_instance_index: 1,
  instance_id_to_label_to_value: {
    'item-3': [
      label('sentiment', 'positive'),
      label('topics', 'price'),
      label('topics', 'quality'),
      label('topics', 'shipping', false), // unticked: no answer
      label('helpful', '4'),
      label('note', 'text_box', 'ships slowly'),
    ],
    'item-1': [label('sentiment', 'negative')],
  },
  instance_id_to_span_to_value: { 'item-1': [span('evidence', 'pos', 'great'), span('evidence', 'neg', 'slow', true)] },
  instance_id_to_behavioral_data: {
    'item-3': {
      session_start: 1738700000,
      session_end: 1738700012.5,
      total_time_ms: 12500,
      // Potato's change list: a single choice names its label in the value, a deselect leaves none
      annotation_changes: [
        { timestamp: 1738700003, schema_name: 'sentiment', action: 'select', new_value: 'negative', source: 'user' },
        { timestamp: 1738700008, schema_name: 'topics', label_name: 'shipping', action: 'select', new_value: true },
        { timestamp: 1738700009, schema_name: 'topics', label_name: 'shipping', action: 'deselect' },
      ],
      navigation_history: [
        { action: 'navigate_to', instance_id: 'item-3', timestamp: 1738700000 },
        { action: 'navigate_away', instance_id: 'item-3', timestamp: 1738700010 },
        { action: 'navigate_to', instance_id: 'item-3', timestamp: 1738700011 },
      ],
    },
  },
});

const BOB = userState('bob', {
  instance_id_ordering: ['item-1', 'item-2'],
  instance_id_to_label_to_value: {
    'item-1': [label('sentiment', 'positive')],
    'item-2': [label('sentiment', 'great')],
  },
  // the offsets say "great" while the file says the annotator selected "product"
  instance_id_to_span_to_value: {
    'item-1': [[{ schema: 'evidence', name: 'pos', title: 'pos', ...at('great') }, 'product']],
  },
});

const CAROL = userState('carol', {
  instance_id_ordering: ['item-1'],
  instance_id_to_label_to_value: {
    'item-1': [label('sentiment', 'neutral')],
    'item-77': [label('sentiment', 'neutral')],
  },
});

function writeState(dir: string, user: string, state: unknown): void {
  const file = join(dir, 'potato_out', user, 'user_state.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state, null, 2));
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function start(spec: Parameters<typeof startServer>[0]): Promise<{ t: TestServer; log: string[] }> {
  const from = quietLogger.lines.length;
  const t = await startServer(spec);
  return { t, log: quietLogger.lines.slice(from) };
}

describe("Potato's user states taken in at start-up", () => {
  it('takes in accounts, lists, places and answers once, refuses bad files by user and instance, and reports changes', async () => {
    const dir = tempDir('marginalia-potato-project-');
    writeState(dir, 'alice', ALICE);
    writeState(dir, 'bob', BOB);
    writeState(dir, 'carol', CAROL);
    mkdirSync(join(dir, 'potato_out', 'exports')); // not an annotator's folder
    mkdirSync(join(dir, 'potato_out', 'broken'));
    writeFileSync(join(dir, 'potato_out', 'broken', 'user_state.json'), '{"user_id": "dave", ');
    const files = ['alice', 'bob', 'carol', 'broken'].map((u) => join(dir, 'potato_out', u, 'user_state.json'));
    const hashes = files.map(sha);

    const spec = { dir, config: { output_annotation_dir: 'potato_out', require_password: true } };
    let { t, log } = await start(spec);
    expect(log).toContainEqual(
      expect.stringMatching(/^took in 1 annotator\(s\) .* with 2 answer\(s\): alice \(2 answers, 3 listed\)/),
    );
    const aliceFile = files[0];
    expect(log).toContainEqual(
      `${aliceFile} (user "alice") lists 1 instance(s) the task does not have, left out of their list: item-404`,
    );
    const bobLines = log.filter((l) => l.startsWith(`${files[1]} (user "bob")`));
    expect(bobLines).toEqual([
      expect.stringMatching(
        /instance "item-1": span evidence:pos \[24, 29\) is "product" in the file but "great" in the text — nothing of this file was taken in$/,
      ),
      expect.stringMatching(
        /instance "item-2": annotations\["sentiment:great"\]: scheme "sentiment" has no label "great"/,
      ),
    ]);
    expect(log).toContainEqual(
      expect.stringMatching(/\(user "carol"\), instance "item-77": the task has no instance "item-77"/),
    );
    expect(log).toContainEqual(expect.stringMatching(/broken\/user_state\.json: not valid JSON/));

    // alice has no password here: the admin's reset link gives her one
    expect((await t.client().postForm('/auth', { username: 'alice', password: 'whatever-1' })).status).toBe(401);
    const link = await t.admin().post('/admin/create_reset_token', { username: 'alice' });
    expect(link.status).toBe(200);
    const set = await t.client().post(`/reset/${link.body.token}`, { password: 'alice-secret-1' });
    expect(set.status).toBe(200);
    const alice = await t.client().login('alice', 'alice-secret-1');

    // her list in Potato's order (without the unknown item), where she was, her answers with Potato's times
    const state = (await t.admin().get('/admin/user_state/alice')).body;
    expect(state.assignments.items.map((i: { id: string }) => i.id)).toEqual(['item-3', 'item-1', 'item-2']);
    expect(state.current_instance.id).toBe('item-1');
    expect((await alice.get('/api/current_instance')).body.instance_id).toBe('item-1');
    const three = (await alice.get('/get_annotations?instance_id=item-3')).body;
    expect(three.annotations).toEqual({
      'sentiment:positive': 'true',
      'topics:price': 'true',
      'topics:quality': 'true',
      'helpful:4': 'true',
      'note:text': 'ships slowly',
    });
    const rows = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const row = rows.find((r) => r.annotator === 'alice' && r.instance_id === 'item-3');
    expect([row.created_at, row.updated_at]).toEqual(['2025-02-04T20:13:20.000Z', '2025-02-04T20:13:32.500Z']);
    // Potato's time on the item, its visits and its answer's changes are kept as they were there
    const behaviour = (await t.admin().get('/admin/api/behavioral_analytics')).body;
    expect(behaviour.users.find((u: { user_id: string }) => u.user_id === 'alice')).toMatchObject({
      total_time_sec: 12.5,
      visits: 2,
    });
    const history = (await alice.get('/api/behavioral_data/item-3')).body;
    expect(history).toMatchObject({ total_time_ms: 12500, visits: 2 });
    expect(history.annotation_changes).toEqual([
      expect.objectContaining({
        timestamp: '2025-02-04T20:13:23.000Z',
        schema_name: 'sentiment',
        label_name: 'negative',
        new_value: 'negative',
      }),
      expect.objectContaining({ timestamp: '2025-02-04T20:13:28.000Z', label_name: 'shipping', new_value: 'true' }),
      expect.objectContaining({ timestamp: '2025-02-04T20:13:29.000Z', label_name: 'shipping', new_value: null }),
    ]);
    const one = (await alice.get('/get_annotations?instance_id=item-1')).body;
    expect(one.annotations).toEqual({ 'sentiment:negative': 'true' });
    expect(one.span_annotations).toEqual([
      expect.objectContaining({ schema: 'evidence', name: 'pos', ...at('great'), value: 'great' }),
      expect.objectContaining({ schema: 'evidence', name: 'neg', ...at('slow'), value: 'slow' }),
    ]);
    // nothing of the refused files
    for (const user of ['bob', 'carol', 'dave'])
      expect((await t.admin().get(`/admin/user_state/${user}`)).status).toBe(404);

    // a restart takes nothing in twice
    await alice.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:neutral': 'true' } });
    const mark = quietLogger.lines.length;
    t = await t.restart();
    log = quietLogger.lines.slice(mark);
    expect(log).toContainEqual('1 Potato user state(s) were taken in before and are unchanged');
    expect(log.some((l) => l.startsWith('took in'))).toBe(false);
    const again = (await t.admin().get('/admin/user_state/alice')).body;
    expect(again.annotations.total_count).toBe(3);

    // Potato kept running: alice's changed file is reported, not merged; bob's fixed file is taken in
    writeState(dir, 'alice', {
      ...ALICE,
      instance_id_to_label_to_value: { 'item-2': [label('sentiment', 'positive')] },
    });
    writeState(dir, 'bob', {
      ...BOB,
      instance_id_to_label_to_value: { 'item-1': [label('sentiment', 'positive')] },
      instance_id_to_span_to_value: {},
    });
    await t.close();
    ({ t, log } = await start({ ...spec, configFile: t.configFile, dataDir: t.dataDir }));
    expect(log).toContainEqual(
      expect.stringMatching(
        /alice\/user_state\.json changed since it was taken in for "alice" at .*: not taken in again/,
      ),
    );
    expect(log).toContainEqual(expect.stringMatching(/^took in 1 annotator\(s\) .*: bob \(1 answers, 2 listed\)/));
    const kept = (await t.admin().get('/admin/user_state/alice')).body.annotations.by_instance;
    expect(kept['item-2']).toEqual({ 'sentiment:neutral': 'true' });
    const bob = (await t.admin().get('/admin/user_state/bob')).body;
    expect(bob.annotations.by_instance).toEqual({ 'item-1': { 'sentiment:positive': 'true' } });

    // Potato's files were only read
    expect(sha(files[2])).toBe(hashes[2]);
    expect(sha(files[3])).toBe(hashes[3]);
    await t.close();
  }, 120_000);

  it('places annotators in the phase Potato had them in, and they log in by name where no password is required', async () => {
    const dir = tempDir('marginalia-potato-phases-');
    writeState(dir, 'erin', userState('erin', { instance_id_ordering: ['item-1', 'item-2'] }));
    writeState(
      dir,
      'finn',
      userState('finn', { instance_id_ordering: ['item-2'], current_phase_and_page: ['consent', 'consent'] }),
    );
    const phases = { order: ['consent', 'annotation'], consent: { content: 'You agree.' } };
    const { t } = await start({
      dir,
      config: { output_annotation_dir: 'potato_out', require_password: false, phases },
    });
    const erin = await t.client().login('erin', '');
    expect((await erin.get('/api/phase')).body).toMatchObject({ type: 'annotation' });
    expect((await erin.get('/api/current_instance')).body.instance_id).toBe('item-1');
    const finn = await t.client().login('finn', '');
    expect((await finn.get('/api/phase')).body).toMatchObject({ type: 'consent' });
    expect((await finn.get('/api/current_instance')).status).toBe(403);
    await t.close();
  }, 60_000);
});
