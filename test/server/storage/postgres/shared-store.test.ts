/**
 * Two PostgresStores on one schema, as two server processes have them: what one commits the other applies on
 * `sync` (and on being notified), a write colliding with the other's write to the same key is refused with a
 * ConflictError while writes to other keys both go through, delivery claims are held by one at a time and lapse,
 * rows inserted if absent by both at once are each granted to one, and the project's secrets are one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { PostgresStore } from '../../../../server/storage/postgres/postgres-store.js';
import { ConflictError } from '../../../../server/storage/tables.js';
import { put } from '../store-contract.js';
import type { ExternalChange } from '../../../../server/domain/ports.js';

const url = inject('postgresUrl');
const opened: PostgresStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function pair(packed: string[] = []): Promise<[PostgresStore, PostgresStore]> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const a = await PostgresStore.open({ connectionString: url, schema, packed });
  const b = await PostgresStore.open({ connectionString: url, schema, packed });
  opened.push(a, b);
  return [a, b];
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('PostgresStores sharing a schema', () => {
  it('applies the other one’s commits on sync, and tells its listeners row by row', async () => {
    for (const packed of [[], ['contract_a']]) {
      const [a, b] = await pair(packed);
      const told: (readonly ExternalChange[] | null)[] = [];
      b.onExternalChange((changes) => told.push(changes));
      await a.write([put('x', { n: 1 }), put('y', { n: 2 })]);
      await a.write([{ table: 'contract_a', key: 'y', delete: true }]);
      await b.sync();
      expect([...b.entries('contract_a')]).toEqual([['x', { n: 1 }]]);
      // each row with its value before and after, in the order the other one committed them
      expect(told).not.toContain(null);
      expect(told.flat()).toEqual([
        { table: 'contract_a', key: 'x', before: undefined, after: { n: 1 } },
        { table: 'contract_a', key: 'y', before: undefined, after: { n: 2 } },
        { table: 'contract_a', key: 'y', before: { n: 2 }, after: undefined },
      ]);
      await b.write([put('z', { n: 3 })]);
      await a.sync();
      expect(a.get('contract_a', 'z')).toEqual({ n: 3 });
    }
  });

  it('brings in the other one’s commits on a sync asked for while a write of its own is pending', async () => {
    // the sync rides on the commit's round trip: the commit finds the log moved on, so the changes come first
    const [a, b] = await pair(['contract_a']);
    for (let i = 0; i < 5; i++) {
      await a.write([put(`from-a-${i}`, { n: i })]);
      const mine = b.write([put(`from-b-${i}`, { n: i })]);
      await b.sync();
      expect(b.get('contract_a', `from-a-${i}`)).toEqual({ n: i });
      await mine;
      await a.sync();
      expect(a.get('contract_a', `from-b-${i}`)).toEqual({ n: i });
    }
  });

  it('answers a sync asked for just before a write of its own with what another process committed before it', async () => {
    // the write's commit may answer the sync: it must still see b's commit
    const [a, b] = await pair(['contract_a']);
    for (let i = 0; i < 5; i++) {
      await b.write([put(`from-b-${i}`, { n: i })]);
      const synced = a.sync();
      await new Promise((r) => setImmediate(r));
      const mine = a.write([put(`from-a-${i}`, { n: i })]);
      await synced;
      expect(a.get('contract_a', `from-b-${i}`)).toEqual({ n: i });
      await mine;
      await b.sync();
      expect(b.get('contract_a', `from-a-${i}`)).toEqual({ n: i });
    }
  });

  it('takes in a log longer than one read row by row, when another process committed thousands of changes since', async () => {
    const [a, b] = await pair(['contract_a']);
    await a.write([put('first', { n: 0 })]);
    await b.sync();
    // another process's 2,500 commits of one row each (the store reads the log 1,000 entries at a time), made
    // in one transaction and without a notification, so b learns of them only by reading the log
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`SET search_path TO "${a.schema}"`);
      await db.query(`BEGIN;
        INSERT INTO rows (tbl, key, value) SELECT 'contract_a', 'k' || g, json_build_object('n', g) FROM generate_series(1, 2500) g;
        INSERT INTO changes (id, origin, tbls, keys, vals)
          SELECT h.id + g, 'elsewhere', ARRAY['contract_a'], ARRAY['k' || g], ARRAY[json_build_object('n', g)] FROM log_head h, generate_series(1, 2500) g;
        UPDATE log_head SET id = id + 2500;
        COMMIT`);
    } finally {
      await db.end();
    }
    const told: (readonly ExternalChange[] | null)[] = [];
    b.onExternalChange((changes) => told.push(changes));
    await b.sync();
    expect(b.size('contract_a')).toBe(2501);
    expect(b.get('contract_a', 'k2500')).toEqual({ n: 2500 });
    // row by row, in commit order: not read again from the rows, which is what a gap in the log makes it do
    expect(told).not.toContain(null);
    expect(told.flat().map((c) => c!.key)).toEqual(Array.from({ length: 2500 }, (_, i) => `k${i + 1}`));
    // and it commits on top of them
    await b.write([put('after', { n: 1 })]);
    await a.sync();
    expect(a.get('contract_a', 'after')).toEqual({ n: 1 });
    expect(a.size('contract_a')).toBe(2502);
  });

  it('hears of the other one’s commits without being asked', async () => {
    const [a, b] = await pair();
    await a.write([put('heard', { n: 1 })]);
    expect(await until(() => b.get('contract_a', 'heard') !== undefined)).toBe(true);
  });

  it('refuses the second of two writes to one key made at once, keeps writes to other keys, and commits after a sync', async () => {
    const [a, b] = await pair();
    await a.write([put('shared', { n: 0 })]);
    await b.sync();
    // what the refused write's caller derived ahead cannot be told row by row: the listener hears null
    const told: (readonly ExternalChange[] | null)[] = [];
    for (const store of [a, b]) store.onExternalChange((changes) => told.push(changes));
    const results = await Promise.allSettled([
      a.write([put('shared', { n: 1, text: 'a' })]),
      b.write([put('shared', { n: 1, text: 'b' })]),
      b.write([put('only-b', { n: 1 })]),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(told).toContain(null);
    await a.sync();
    await b.sync();
    // both hold the winner's value, and the write to a key nobody else touched went through
    expect(a.get('contract_a', 'shared')).toEqual(b.get('contract_a', 'shared'));
    expect(b.get('contract_a', 'only-b')).toEqual({ n: 1 });
    expect(a.get('contract_a', 'only-b')).toEqual({ n: 1 });
    // the loser, now up to date, writes the key
    await b.write([put('shared', { n: 2, text: 'b again' })]);
    await a.sync();
    expect(a.get('contract_a', 'shared')).toEqual({ n: 2, text: 'b again' });
  });

  it('loses no write when both write different keys as fast as they can', async () => {
    const [a, b] = await pair(['contract_a']);
    const writes = [];
    for (let i = 0; i < 200; i++) writes.push(a.write([put(`a${i}`, { n: i })]), b.write([put(`b${i}`, { n: i })]));
    await Promise.all(writes);
    await a.sync();
    await b.sync();
    expect(a.size('contract_a')).toBe(400);
    expect(b.size('contract_a')).toBe(400);
    const reopened = await PostgresStore.open({ connectionString: url, schema: a.schema, packed: ['contract_a'] });
    opened.push(reopened);
    expect(reopened.size('contract_a')).toBe(400);
  });

  it('grants each of many rows inserted if absent by both at once to exactly one of them', async () => {
    const [a, b] = await pair(['contract_a']);
    const keys = Array.from({ length: 50 }, (_, i) => `once-${i}`);
    const results = await Promise.all(
      keys.flatMap((key) => [
        a.insertIfAbsent('contract_a', key, { n: 1, text: 'a' }),
        b.insertIfAbsent('contract_a', key, { n: 1, text: 'b' }),
      ]),
    );
    for (let i = 0; i < keys.length; i++) expect(results[2 * i] !== results[2 * i + 1]).toBe(true);
    await a.sync();
    await b.sync();
    for (let i = 0; i < keys.length; i++) {
      const winner = results[2 * i] ? 'a' : 'b';
      expect(a.get('contract_a', keys[i])).toEqual({ n: 1, text: winner });
      expect(b.get('contract_a', keys[i])).toEqual({ n: 1, text: winner });
    }
    // once the row is there, neither gets it again
    expect(await a.insertIfAbsent('contract_a', keys[0], { n: 2 })).toBe(false);
    expect(await b.insertIfAbsent('contract_a', keys[0], { n: 2 })).toBe(false);
  });

  it('lets one claim a key at a time, its own claim again, and another once the lease lapsed', async () => {
    const [a, b] = await pair();
    const both = await Promise.all([a.claim('webhook:1', 60_000), b.claim('webhook:1', 60_000)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = both[0] ? [a, b] : [b, a];
    expect(await winner.claim('webhook:1', 60_000)).toBe(true);
    expect(await loser.claim('webhook:1', 60_000)).toBe(false);
    expect(await winner.claim('webhook:2', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await loser.claim('webhook:2', 60_000)).toBe(true);
  });

  it('keeps one secret per project, the first proposed', async () => {
    const [a, b] = await pair();
    const [one, two] = await Promise.all([a.secret('session-key', 'from-a'), b.secret('session-key', 'from-b')]);
    expect(one).toBe(two);
    expect(await b.secret('session-key', 'later')).toBe(one);
  });
});
