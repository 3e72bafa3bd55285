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
