/**
 * Clients answered together by one commit come back one by one (each sends its next request once answered): the
 * store's next round trip waits a moment for them, so that one read answers them all and their writes go in one
 * commit, instead of splitting them into groups that each pay a read and a commit.
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { PostgresStore } from '../../../../server/storage/postgres/postgres-store.js';
import { startPostgresWireProxy } from '../../../helpers/postgres-wire-proxy.js';
import { put } from '../store-contract.js';

const url = inject('postgresUrl');
const CLIENTS = 8;
const ROUNDS = 30;

it('answers clients that come back one by one after a commit with one read and one commit per round', async () => {
  const proxy = await startPostgresWireProxy(url);
  const store = await PostgresStore.open({
    connectionString: proxy.url,
    schema: `test_${randomBytes(6).toString('hex')}`,
  });
  try {
    const before = proxy.statements('marginalia');
    // each client: bring in the others' changes (as before a request), write, and once answered come back after
    // a pause of its own (0–2 ms, as answers reach clients and their next requests the server at different times)
    const client = async (i: number) => {
      for (let round = 0; round < ROUNDS; round++) {
        await store.sync();
        await store.write([put(`client-${i}`, { n: round })]);
        await new Promise((r) => setTimeout(r, i % 3));
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const perRequest = (proxy.statements('marginalia') - before) / (CLIENTS * ROUNDS);
    // one read and one commit for the 8 requests of a round would be 0.25; each client split off costs two more
    expect(perRequest).toBeLessThan(0.35);
    for (let i = 0; i < CLIENTS; i++) expect(store.get('contract_a', `client-${i}`)).toEqual({ n: ROUNDS - 1 });
  } finally {
    await store.close();
  }
});
