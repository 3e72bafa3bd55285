/** The connection pool a PostgresStore writes and reads through. */
import pg from 'pg';
import type { Logger } from '../../domain/ports.js';

export function createPool(connectionString: string, max: number, logger?: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'marginalia',
    // Short statements sent thousands of times a second: planned once (a custom plan per call cost as much as
    // running it) and never compiled (JIT pays off for long analytic queries only). A URL's `options` wins.
    options: '-c plan_cache_mode=force_generic_plan -c jit=off',
  });
  // an idle connection the server drops (a restart) is reported here; the pool opens a new one when needed
  pool.on('error', (e) => logger?.warn(`PostgreSQL connection lost: ${e.message}`));
  return pool;
}

/**
 * The process ids of the database backends behind the pool's connections, kept as they open and close: a
 * notification one of them sent is this process's own commit, which it has applied already.
 */
export function backendsOf(pool: pg.Pool): ReadonlySet<number> {
  const backends = new Set<number>();
  // pg sets a client's processID from the backend's key data; its types do not declare it
  const pid = (client: pg.PoolClient) => Reflect.get(client, 'processID') as number;
  pool.on('connect', (client) => backends.add(pid(client)));
  pool.on('remove', (client) => backends.delete(pid(client)));
  return backends;
}
