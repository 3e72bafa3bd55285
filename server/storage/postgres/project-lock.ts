/**
 * The connection a PostgresStore keeps for itself: it holds the project's advisory lock (shared by the server
 * processes on one schema, exclusive for a tool such as export or migrate-store, so neither runs beside the
 * other) and LISTENs for the commits of other processes. The database drops both with the connection (a
 * restart); the next commit takes them again before writing, so a tool that took the schema meanwhile is never
 * written over.
 */
import pg from 'pg';
import type { Logger } from '../../domain/ports.js';
import { StorageError } from '../tables.js';
import { quoteIdent } from './migrations.js';

/** the first key of the advisory locks Marginalia takes; the second is the schema name's hash */
const LOCK_CLASS = 0x4d47;

export class ProjectLock {
  private client: pg.Client | null = null;
  /** the NOTIFY channel of the schema's commits (identifiers stop at 63 bytes, on both sides alike) */
  readonly channel: string;

  constructor(
    private readonly connectionString: string,
    private readonly schema: string,
    private readonly exclusive: boolean,
    private readonly logger: Logger | undefined,
    /** told the id of each commit notified and the process id of the database backend that committed it */
    private readonly notified: (id: string, backend: number) => void,
  ) {
    this.channel = `marginalia_${schema}`.slice(0, 63);
  }

  async take(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 5_000,
      application_name: 'marginalia (lock)',
    });
    const lost = () => {
      if (this.client === client) this.client = null;
    };
    client.on('error', (e) => {
      this.logger?.warn(`PostgreSQL lock connection lost: ${e.message}`);
      lost();
    });
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.notified(n.payload, n.processId);
    });
    try {
      await client.connect();
      const take = this.exclusive ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
      const { rows } = await client.query<{ locked: boolean }>(`SELECT ${take}($1, hashtext($2)) AS locked`, [
        LOCK_CLASS,
        this.schema,
      ]);
      if (!rows[0].locked) {
        throw new StorageError(
          this.exclusive
            ? `PostgreSQL schema ${this.schema} is in use by another Marginalia process (stop the servers on this project first)`
            : `PostgreSQL schema ${this.schema} is in use by another Marginalia process (a tool such as export, import or migrate-store has it)`,
        );
      }
      if (!this.exclusive) await client.query(`LISTEN ${quoteIdent(this.channel)}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    this.client = client;
  }

  /** Takes the lock again if the database dropped it. */
  async ensure(): Promise<void> {
    if (!this.client) await this.take();
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
