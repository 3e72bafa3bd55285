/**
 * The outbox on a PostgreSQL store, where other processes' changes make it count its deliveries again from the
 * tables (`refresh`): a delivery or a result already in memory but still being committed is counted once, when it
 * is durable. The log's head row (or a row a commit deletes) held locked by another connection holds the commit
 * back, deterministically.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { PostgresStore } from '../../../../../server/storage/postgres/postgres-store.js';
import { WebhookOutbox } from '../../../../../server/domain/webhooks/outbox.js';
import { createWebhookSender } from '../../../../../server/io/webhook-sender.js';
import { quietLogger } from '../../../../helpers/server.js';
import { startReceiver } from '../../../../helpers/webhook-receiver.js';

const url = inject('postgresUrl');
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function openOutbox(
  receiverUrl: string,
  schema = `test_${randomBytes(6).toString('hex')}`,
): Promise<{ store: PostgresStore; outbox: WebhookOutbox }> {
  const store = await PostgresStore.open({ connectionString: url, schema });
  cleanup.push(() => store.close());
  const outbox = new WebhookOutbox(
    store,
    { now: () => Date.now() },
    quietLogger,
    createWebhookSender(),
    {
      endpoints: [
        {
          name: 'ok',
          url: receiverUrl,
          events: ['*'],
          active: true,
          timeoutMs: 30_000,
          maxAttempts: 6,
          signatureFormat: 'v1_hex',
        },
      ],
      retryScheduleSeconds: [0, 5],
      retentionMs: 24 * 3600 * 1000,
    },
    { enabled: () => true, taskName: () => 'T' },
    'test',
  );
  cleanup.push(() => outbox.close());
  return { store, outbox };
}

/** Another connection holding the log's head row: commits of the store wait until `release`. */
async function holdCommits(
  store: PostgresStore,
): Promise<{ waiting: () => Promise<void>; release: () => Promise<void> }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  cleanup.push(() => db.end());
  await db.query('BEGIN');
  await db.query(`SELECT id FROM "${store.schema}".log_head FOR UPDATE`);
  return {
    waiting: () =>
      until(async () => Number((await db.query('SELECT count(*) AS n FROM pg_locks WHERE NOT granted')).rows[0].n) > 0),
    release: async () => void (await db.query('COMMIT')),
  };
}

describe('webhook outbox on a shared store', () => {
  it('counts a delivery once when the deliveries are counted again while its result is being committed', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const { store, outbox } = await openOutbox(receiver.url);
    await store.write(outbox.plan([{ type: 'annotation.created', at: Date.now(), data: { i: 1 } }]));

    // the result's commit waits, with the result applied in memory meanwhile
    const hold = await holdCommits(store);
    outbox.dispatch();
    await receiver.waitFor((r) => r.length === 1);
    await until(() => [...store.entries('webhook_deliveries')][0][1].state === 'delivered');
    await hold.waiting();
    // what another process's change to the deliveries makes the server do
    outbox.refresh();
    const stats = () => outbox.endpointStats().endpoints[0].stats;
    expect(stats()).toMatchObject({ total_emitted: 1, total_delivered: 0 });
    await hold.release();
    await until(() => stats().total_delivered > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(stats()).toMatchObject({ total_emitted: 1, total_delivered: 1 });
  });

  it('counts a delivery once when the deliveries are counted again while the write creating it is committed', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const { store, outbox } = await openOutbox(receiver.url);
    const stats = () => outbox.endpointStats().endpoints[0].stats;

    // the change and its delivery in memory, dispatched (waiting for the write to be durable), not yet committed
    const hold = await holdCommits(store);
    const written = store.write(outbox.plan([{ type: 'annotation.created', at: Date.now(), data: { i: 1 } }]));
    outbox.dispatch();
    await hold.waiting();
    // another process's change to the deliveries, applied while this one's commit waits
    outbox.refresh();
    expect(stats()).toMatchObject({ total_emitted: 0 });
    await hold.release();
    await written;
    await receiver.waitFor((r) => r.length === 1);
    await until(() => stats().total_delivered > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(stats()).toMatchObject({ total_emitted: 1, total_delivered: 1 });
  });

  it('counts a test event once when the deliveries are counted again while it is being written', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const { store, outbox } = await openOutbox(receiver.url);
    const stats = () => outbox.endpointStats().endpoints[0].stats;

    const hold = await holdCommits(store);
    const fired = outbox.fireTest('ok');
    await hold.waiting();
    outbox.refresh();
    await hold.release();
    await fired;
    await receiver.waitFor((r) => r.length === 1);
    await until(() => stats().total_delivered > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(stats()).toMatchObject({ total_emitted: 1, total_delivered: 1 });
  });

  it('counts a delivery once when another process delivered it before this one admitted it', async () => {
    // What a full run once showed (total_emitted 61 and total_delivered 61 for 60 deliveries): process A's delivery
    // is durable but admitted only once A's commits in flight are through, process B delivers it meanwhile, and A
    // takes B's result in (a recount) before admitting it.
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const a = await openOutbox(receiver.url, schema);
    const b = await openOutbox(receiver.url, schema);
    // as foreign-changes.ts has a server do on another process's change to the deliveries
    a.store.onExternalChange(() => a.outbox.refresh());
    b.store.onExternalChange(() => b.outbox.refresh());
    const stats = (o: WebhookOutbox) => o.endpointStats().endpoints[0].stats;

    // A's next commit deletes a row another connection holds, so it waits there (before it touches the log)
    await a.store.write([{ table: 'cursors', key: 'z', value: { index: 0 } }]);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanup.push(() => db.end());
    await db.query('BEGIN');
    await db.query(`SELECT 1 FROM "${schema}".rows WHERE tbl = 'cursors' AND key = 'z' FOR UPDATE`);
    await a.store.write(a.outbox.plan([{ type: 'annotation.created', at: Date.now(), data: { i: 1 } }]));
    // as a request writes right after another's commit: A's lane goes on with this write, and the dispatch waits
    void a.store.write([{ table: 'cursors', key: 'z', delete: true }]);
    const held = a.store.write([{ table: 'cursors', key: 'z', value: { index: 1 } }]);
    a.outbox.dispatch();
    await until(
      async () => Number((await db.query('SELECT count(*) AS n FROM pg_locks WHERE NOT granted')).rows[0].n) > 0,
    );

    // B takes the delivery up from the log, sends it and commits the result
    await b.store.sync();
    await receiver.waitFor((r) => r.length === 1);
    await until(() => stats(b.outbox).total_delivered === 1);
    expect(stats(a.outbox)).toMatchObject({ total_emitted: 0, total_delivered: 0 });

    // A's commit finds B's result in the log, takes it in, commits, and only then admits its delivery
    await db.query('COMMIT');
    await held;
    await until(() => stats(a.outbox).total_emitted > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(stats(a.outbox)).toMatchObject({ total_emitted: 1, total_delivered: 1 });
    expect(stats(b.outbox)).toMatchObject({ total_emitted: 1, total_delivered: 1 });
    expect(receiver.requests).toHaveLength(1);
  });
});
