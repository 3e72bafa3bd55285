/**
 * PostgresStore on a real PostgreSQL: the Store contract, plus what only a durable store promises — acknowledged
 * writes are in the database (another connection reads them), reopening gives the same tables in the same
 * order, a failed commit undoes the write in memory and is reported, and projects in different schemas stay
 * apart.
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { PostgresStore } from '../../../../server/storage/postgres/postgres-store.js';
import { parseDatabaseUrl } from '../../../../server/storage/postgres/database-url.js';
import { MIGRATIONS } from '../../../../server/storage/postgres/migrations.js';
import { StorageError } from '../../../../server/storage/tables.js';
import { del, put, storeContract } from '../store-contract.js';
import { randomBytes } from 'node:crypto';

const url = inject('postgresUrl');
const freshSchema = () => `test_${randomBytes(6).toString('hex')}`;
const open = (schema = freshSchema(), packed: string[] = []) =>
  PostgresStore.open({ connectionString: url, schema, packed });

storeContract('PostgresStore', () => open());
storeContract('PostgresStore with packed tables', () => open(undefined, ['contract_a', 'contract_b']));

const admin = new pg.Pool({ connectionString: url, max: 2 });
afterAll(() => admin.end());

describe('PostgresStore in the database', () => {
  it('has every acknowledged write committed: another connection reads it at once', async () => {
    const schema = freshSchema();
    const store = await open(schema);
    await store.write([put('a', { n: 1, text: 'first' }), put('b', { n: 2 })]);
    await store.write([del('b')]);
    const { rows } = await admin.query(`SELECT tbl, key, value::text AS value FROM ${schema}.rows ORDER BY seq`);
    expect(rows).toEqual([{ tbl: 'contract_a', key: 'a', value: '{"n":1,"text":"first"}' }]);
    await store.close();
  });

  it('keeps awkward keys and values intact through the database, the change log and a reopen', async () => {
    const schema = freshSchema();
    const store = await open(schema);
    const other = await open(schema); // takes the writes in from the change log
    const awkward = ['a"b', 'back\\slash\\', '{x,y}', 'NULL', '', ' ', '😀 \u2028 ✓ é', '"{\\"}"'];
    const value = (i: number) => ({
      n: i,
      text: awkward.join('|'),
      nested: { list: [awkward[i % awkward.length], null, { q: '"' }], flag: null },
    });
    await store.write(awkward.map((k, i) => put(k, value(i))));
    // deleted and written again in one batch: its own statement before the commit
    await Promise.all([store.write([del('{x,y}')]), store.write([put('{x,y}', value(99))])]);
    const expected = awkward.map((k, i) => [k, value(k === '{x,y}' ? 99 : i)] as const);
    const { rows } = await admin.query(`SELECT key, value::text AS value FROM ${schema}.rows`);
    expect(new Map(rows.map((r) => [r.key, JSON.parse(r.value)]))).toEqual(new Map(expected));
    await other.sync();
    expect(new Map(other.entries('contract_a'))).toEqual(new Map(expected));
    await other.close();
    await store.close();
    const again = await open(schema);
    expect(new Map(again.entries('contract_a'))).toEqual(new Map(expected));
    expect([...again.keys('contract_a')].at(-1)).toBe('{x,y}');
    await again.close();
  });

  it('reopens with the same tables, keys in the order they were first written, packed or not', async () => {
    for (const packed of [[], ['contract_a']]) {
      const schema = freshSchema();
      const store = await open(schema, packed);
      await store.write([put('z', { n: 1 }), put('a', { n: 2 }), put('m', { n: 3 }, 'contract_b')]);
      await store.write([put('z', { n: 4 }), put('gone', { n: 5 })]); // z keeps its place
      await store.write([del('gone'), put('q', { n: 6 })]);
      // deleted and written again in one batch: it moves to the end, as it does in memory
      await Promise.all([store.write([del('a')]), store.write([put('a', { n: 7 })])]);
      const before = [...store.entries('contract_a')];
      expect(before).toEqual([
        ['z', { n: 4 }],
        ['q', { n: 6 }],
        ['a', { n: 7 }],
      ]);
      await store.close();
      const again = await open(schema, packed);
      expect([...again.entries('contract_a')]).toEqual(before);
      expect(again.get('contract_b', 'm')).toEqual({ n: 3 });
      await again.close();
    }
  });

  it('reads back many rows across load pages', async () => {
    const schema = freshSchema();
    const store = await open(schema, ['contract_a']);
    const ops = Array.from({ length: 21_000 }, (_, i) => put(`k${i}`, { n: i }));
    await store.write(ops);
    await store.close();
    const again = await open(schema, ['contract_a']);
    expect(again.size('contract_a')).toBe(21_000);
    expect(again.get('contract_a', 'k20999')).toEqual({ n: 20_999 });
    expect([...again.keys('contract_a')].slice(0, 3)).toEqual(['k0', 'k1', 'k2']);
    await again.close();
  });

  it('commits concurrent writes together, all or none of each, in order', async () => {
    const schema = freshSchema();
    const store = await open(schema);
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        store.write([put(`k${i % 7}`, { n: i }), put(`log${i}`, { n: i }, 'contract_b')]),
      ),
    );
    await store.close();
    const again = await open(schema);
    expect(again.size('contract_b')).toBe(300);
    for (let k = 0; k < 7; k++)
      expect(again.get('contract_a', `k${k}`)).toEqual({ n: k + 7 * Math.floor((299 - k) / 7) });
    await again.close();
  });

  it('resolves an empty write once every write issued before it is committed, even one issued while it prunes', async () => {
    // The webhook outbox sends a delivery only after write([]), so it must not resolve ahead of the delivery's
    // own write. The store prunes the log now and then after a turn of commits; a write issued during that
    // round trip goes with the next turn, and an empty write asked for then once resolved with the first.
    const store = await open();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + 11 * 60_000); // a prune is due
    try {
      const order: string[] = [];
      await store.write([put('a', { n: 1 })]);
      await new Promise((r) => setImmediate(r)); // the store's turn is over, its prune on the way
      const written = store.write([put('b', { n: 2 })]).then(() => order.push('written'));
      const flushed = store.write([]).then(() => order.push('flushed'));
      await Promise.all([written, flushed]);
      expect(order).toEqual(['written', 'flushed']);
    } finally {
      clock.mockRestore();
      await store.close();
    }
  });

  it('undoes a write the database refuses, rejects it with a StorageError, and keeps working', async () => {
    const schema = freshSchema();
    const store = await open(schema);
    await store.write([put('kept', { n: 1 })]);
    // PostgreSQL text cannot hold a NUL character: the commit fails after the write was applied in memory
    const failing = store.write([put('kept', { n: 2 }), put('bad\0key', { n: 3 })]);
    expect(store.get('contract_a', 'kept')).toEqual({ n: 2 });
    await expect(failing).rejects.toBeInstanceOf(StorageError);
    expect(store.get('contract_a', 'kept')).toEqual({ n: 1 });
    expect(store.get('contract_a', 'bad\0key')).toBeUndefined();
    await store.write([put('after', { n: 4 })]);
    await store.close();
    const again = await open(schema);
    expect(new Map(again.entries('contract_a'))).toEqual(
      new Map([
        ['kept', { n: 1 }],
        ['after', { n: 4 }],
      ]),
    );
    await again.close();
  });

  it('keeps projects in different schemas apart, and records the migrations it applied', async () => {
    const [s1, s2] = [freshSchema(), freshSchema()];
    const one = await open(s1);
    const two = await open(s2);
    await one.write([put('same', { n: 1 })]);
    await two.write([put('same', { n: 2 })]);
    await one.close();
    await two.close();
    expect((await open(s1)).get('contract_a', 'same')).toEqual({ n: 1 });
    const { rows } = await admin.query(`SELECT version FROM ${s2}.schema_migrations ORDER BY version`);
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    // room on each page, so that overwriting a value can leave the indexes alone
    const { rows: table } = await admin.query(`SELECT reloptions FROM pg_class WHERE oid = '${s2}.rows'::regclass`);
    expect(table[0].reloptions).toEqual(['fillfactor=80']);
  });

  it('refuses a schema migrated by a newer version', async () => {
    const schema = freshSchema();
    await (await open(schema)).close();
    await admin.query(`INSERT INTO ${schema}.schema_migrations (version, description) VALUES (999, 'from the future')`);
    await expect(open(schema)).rejects.toThrow(/newer Marginalia \(version 999\)/);
  });

  it('parses a database URL: the schema parameter is taken out, the password masked', () => {
    const target = parseDatabaseUrl(
      'postgres://me:secret@db.example:5433/lab?schema=study_1&sslmode=require',
      '--database-url',
    );
    expect(target.schema).toBe('study_1');
    expect(target.connectionString).toBe('postgres://me:secret@db.example:5433/lab?sslmode=require');
    expect(target.shown).not.toContain('secret');
    expect(() => parseDatabaseUrl('mysql://x/y', '--database-url')).toThrow(/only postgres/);
    expect(() => parseDatabaseUrl('postgres://x/y?schema=drop;table', 'storage.url')).toThrow(
      /storage.url \?schema=: "drop;table"/,
    );
  });
});

describe('PostgresStore and other processes', () => {
  it('lets servers share a schema, but not with a tool that must have it alone', async () => {
    const schema = freshSchema();
    const first = await open(schema);
    const second = await open(schema);
    await expect(PostgresStore.open({ connectionString: url, schema, exclusive: true })).rejects.toThrow(
      /in use by another Marginalia process/,
    );
    await first.close();
    await second.close();
    const tool = await PostgresStore.open({ connectionString: url, schema, exclusive: true });
    await expect(open(schema)).rejects.toThrow(/in use by another Marginalia process/);
    await tool.close();
  });
});
