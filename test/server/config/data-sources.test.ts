/** data_sources, data_directory and tooltip_file: acted on, or warned about at start-up with what happens instead. */
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const line = (id: string, text: string) => JSON.stringify({ id, text });
const warningsOf = (config: { warnings: string[] }) => config.warnings.map((w) => w.slice(w.indexOf(': ') + 2));

describe('data_sources and data_directory', () => {
  it('reads local file sources beside data_files (a file named in both is read once) and warns about the others', () => {
    const config = loadConfig(
      writeProject({
        items: [{ id: 'a1', text: 'first' }],
        files: { 'more/b.jsonl': `${line('b1', 'second')}\n${line('b2', 'third')}\n` },
        config: {
          data_sources: [
            { type: 'file', path: 'data.jsonl', id: 'same-as-data-files' },
            { type: 'file', path: 'more/b.jsonl', id: 'extra' },
            { type: 'url', url: 'https://example.org/items.jsonl' },
            { type: 'database', connection_string: 'sqlite:///live.db', query: 'SELECT id, text FROM t' },
          ],
          partial_loading: { enabled: true, initial_count: 10 },
        },
      }),
      {},
    );
    expect(config.task.instances.map((i) => i.id)).toEqual(['a1', 'b1', 'b2']);
    // the database is read by the server when it starts (test/server/io/database-sources)
    expect(config.databases.map((d) => [d.id, d.connection.kind, d.query])).toEqual([
      ['source_3', 'sqlite', 'SELECT id, text FROM t'],
    ]);
    expect(warningsOf(config)).toEqual([
      'partial_loading is not acted on: every item is loaded at start-up',
      'data_sources[2] (type url) is not read: only local files (type: file) and databases (type: database) are read here; download the data into a file and name it in data_files',
    ]);
  });

  it('reads every data file of data_directory, in name order, and says it is not watched', () => {
    const config = loadConfig(
      writeProject({
        files: {
          'inbox/2.jsonl': `${line('x2', 'two')}\n`,
          'inbox/1.json': JSON.stringify([{ id: 'x1', text: 'one' }]),
          'inbox/notes.txt': 'not data',
        },
        config: { data_files: [], data_directory: 'inbox', watch_data_directory: true, watch_poll_interval: 3 },
      }),
      {},
    );
    expect(config.task.instances.map((i) => i.id)).toEqual(['x1', 'x2']);
    expect(warningsOf(config)).toEqual([
      'watch_poll_interval is not acted on: the data folder is read at start-up, not watched',
      'watch_data_directory is not acted on: the folder is read at start-up; files added later are read at the next start',
    ]);
  });

  it('warns about the data folder and loading keys given without what they act on', () => {
    const config = loadConfig(
      writeProject({
        config: {
          watch_data_directory: true,
          watch_poll_interval: 5,
          data_directory_encoding: 'latin-1',
          partial_loading: true,
          data_cache: { enabled: true, max_size_mb: 100, ttl_seconds: 60 },
        },
      }),
      {},
    );
    expect(warningsOf(config)).toEqual([
      'partial_loading is not acted on: every item is loaded at start-up',
      'data_cache is not acted on: remote sources are not read, so nothing is cached',
      'watch_data_directory is ignored: there is no data_directory',
      'watch_poll_interval is ignored: there is no data_directory',
      'data_directory_encoding is ignored: there is no data_directory',
    ]);
    expect(warningsOf(loadConfig(writeProject({ config: { watch_data_directory: false } }), {}))).toEqual([]);
  });

  it('stops start-up saying why when no source is read or a source is wrong', () => {
    const remoteOnly = writeProject({
      config: { data_files: undefined, data_sources: [{ type: 's3', bucket: 'b', key: 'k.jsonl' }] },
    });
    expect(() => loadConfig(remoteOnly, {})).toThrow(
      /data_files: no data to annotate: its sources \(s3\) are not read here, only type: file and type: database are/,
    );
    expect(() => loadConfig(writeProject({ config: { data_sources: [{ type: 'file' }] } }), {})).toThrow(
      /data_sources\[0\]\.path: a file source needs the path of a data file/,
    );
    expect(() => loadConfig(writeProject({ config: { data_directory: 'nowhere' } }), {})).toThrow(
      /data_directory: folder .*nowhere not found/,
    );
    expect(() =>
      loadConfig(writeProject({ config: { data_files: [], data_directory: '.', data_sources: 'items.jsonl' } }), {}),
    ).toThrow(/data_sources: expected a list/);
  });
});

describe('data_sources of type database', () => {
  const source = (extra: Record<string, unknown>) =>
    writeProject({ config: { data_files: undefined, data_sources: [{ type: 'database', ...extra }] } });
  const fails = (extra: Record<string, unknown>, message: RegExp) =>
    expect(() => loadConfig(source(extra), {})).toThrow(message);

  it('reads the connection, the query and live_ingestion, and warns about keys it does not act on', () => {
    const config = loadConfig(
      source({
        id: 'feed',
        connection_string: 'postgresql+psycopg2://reader:s3cret@127.0.0.1:5432/items',
        table: 'inbox',
        fetch_size: 10,
        live_ingestion: { enabled: true, cursor_column: 'seq', safety_lag_seconds: 1 },
      }),
      {},
    );
    expect(config.task.instances).toEqual([]);
    const [db] = config.databases;
    expect(db).toMatchObject({
      id: 'feed',
      query: 'SELECT * FROM inbox',
      connection: { kind: 'postgres', url: 'postgresql://reader:s3cret@127.0.0.1:5432/items' },
      live: { cursorColumn: 'seq', tiebreakerColumn: 'id', pollMs: 5000, batchSize: 500, replayOnStart: true },
    });
    expect(db.label).toBe('data_sources[0] (postgres postgresql://reader:***@127.0.0.1:5432/items)');
    expect(warningsOf(config)).toEqual([
      'data_sources[0]: fetch_size not acted on; the rows of the query are read as they are',
      'data_sources[0].live_ingestion.safety_lag_seconds is not acted on: rows are read up to the newest; use overlap_seconds to read the boundary again',
    ]);
    const sqlite = loadConfig(source({ connection_string: 'sqlite:///data/live.db', query: 'SELECT * FROM t;' }), {});
    expect(sqlite.databases[0].connection).toEqual({
      kind: 'sqlite',
      file: join(dirname(sqlite.file), 'data/live.db'),
    });
    expect(sqlite.databases[0].query).toBe('SELECT * FROM t');
  });

  it('stops start-up naming the key and why for a source it cannot read', () => {
    fails({ query: 'SELECT 1' }, /data_sources\[0\]\.connection_string: needs connection_string/);
    fails(
      { connection_string: 'mysql://x/y', query: 'SELECT 1' },
      /connection_string: database kind "mysql" is not read here/,
    );
    fails({ connection_string: 'sqlite:///x.db' }, /data_sources\[0\]\.query: a database source needs a query/);
    fails({ connection_string: 'sqlite:///x.db', query: 'DELETE FROM t' }, /query: expected a SELECT query/);
    fails(
      { connection_string: 'sqlite:///x.db', query: 'SELECT 1', live_ingestion: { enabled: true } },
      /live_ingestion\.cursor_column: needed to know which rows are new/,
    );
    fails(
      {
        connection_string: 'sqlite:///x.db',
        query: 'SELECT 1',
        live_ingestion: { enabled: true, cursor_column: 'c', poll_interval_seconds: 0 },
      },
      /live_ingestion\.poll_interval_seconds: /,
    );
    fails(
      {
        connection_string: 'sqlite:///x.db',
        query: 'SELECT * FROM t WHERE c > :cursor',
        live_ingestion: { enabled: true, cursor_column: 'c' },
      },
      /live_ingestion\.initial_cursor: needed with :cursor in the query/,
    );
    const batch = writeProject({
      config: {
        data_files: undefined,
        assignment_strategy: 'batch',
        data_sources: [
          {
            type: 'database',
            connection_string: 'sqlite:///x.db',
            query: 'SELECT 1',
            live_ingestion: { enabled: true, cursor_column: 'c' },
          },
        ],
      },
    });
    expect(() => loadConfig(batch, {})).toThrow(/assignment_strategy: batch cannot be used with live_ingestion/);
  });
});

describe('tooltip_file', () => {
  const schemes = [
    {
      annotation_type: 'radio',
      name: 'stance',
      labels: [
        { name: 'for', tooltip_file: 'tips/for.html' },
        { name: 'against', tooltip: 'Given inline', tooltip_file: 'tips/for.html' },
        'unsure',
      ],
    },
    { annotation_type: 'multiselect', name: 'tags', labels: { urgent: { tooltip_file: 'tips/urgent.txt' } } },
  ];
  const files = {
    'tips/for.html':
      '<p>Supports the <b>claim</b> &amp; says so.</p><script>alert(1)</script><ul><li>even partly</li></ul>',
    'tips/urgent.txt': 'Needs a reply today',
  };

  it("reads each label's file into its tooltip as text (an inline tooltip wins) and serves it", async () => {
    const config = loadConfig(writeProject({ files, config: { annotation_schemes: schemes } }), {});
    expect(config.warnings).toEqual([]);
    const stance = config.task.schemeByName.get('stance')!;
    expect(stance.labels).toEqual([
      { name: 'for', tooltip: 'Supports the claim & says so. even partly' },
      { name: 'against', tooltip: 'Given inline' },
      { name: 'unsure' },
    ]);
    expect(config.task.schemeByName.get('tags')!.labels).toEqual([{ name: 'urgent', tooltip: 'Needs a reply today' }]);
    const t = await startServer({ files, config: { annotation_schemes: schemes } });
    const alice = await t.client().login('alice');
    const served = (await alice.get('/api/schemas')).body;
    expect(JSON.stringify(served)).toContain('Supports the claim & says so. even partly');
  });

  it('stops start-up naming the label when the file is missing', () => {
    const missing = [
      { annotation_type: 'radio', name: 'stance', labels: ['a', { name: 'b', tooltip_file: 'tips/gone.html' }] },
    ];
    expect(() => loadConfig(writeProject({ config: { annotation_schemes: missing } }), {})).toThrow(
      /annotation_schemes\[0\]\.labels\[1\]\.tooltip_file: file .*gone\.html not found/,
    );
  });
});
