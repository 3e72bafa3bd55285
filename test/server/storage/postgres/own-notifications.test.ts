/**
 * A PostgresStore hears the notification of each of its own commits too, on its listening connection, and that
 * may arrive before the commit's own answer. It must not take it for another process's change and read the log.
 */
import { randomBytes } from 'node:crypto';
import { inject, expect, it } from 'vitest';
import { PostgresStore } from '../../../../server/storage/postgres/postgres-store.js';
import { startPostgresWireProxy } from '../../../helpers/postgres-wire-proxy.js';
import { put } from '../store-contract.js';

const url = inject('postgresUrl');

it("makes no log read for a notification of its own commit that arrives before the commit's answer", async () => {
  // the answers to the store's statements come 50 ms late; the listening connection hears its commits on time
  const proxy = await startPostgresWireProxy(url, { application: 'marginalia', ms: 50 });
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const store = await PostgresStore.open({ connectionString: proxy.url, schema });
  const other = await PostgresStore.open({ connectionString: url, schema });
  try {
    const before = proxy.statements('marginalia');
    for (let i = 0; i < 5; i++) await store.write([put(`k${i}`, { n: i })]);
    await new Promise((r) => setTimeout(r, 300)); // a read a notification asked for is made and answered
    expect(proxy.statements('marginalia') - before).toBe(5); // the five commits, nothing else
    // another process's commit is still taken in on its notification, without a request asking
    await other.write([put('theirs', { n: 9 })]);
    await expect.poll(() => store.get('contract_a', 'theirs'), { timeout: 5_000 }).toEqual({ n: 9 });
  } finally {
    await other.close();
    await store.close();
  }
});
