/**
 * vitest globalSetup of the `postgres` project: one throwaway cluster for the run, its URL provided as `postgresUrl`.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres, type Postgres } from './postgres.js';

let cluster: Postgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
}

export function teardown(): void {
  cluster?.stop();
}
