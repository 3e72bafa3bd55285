/**
 * Choosing the store: a database URL from the caller (--database-url, MARGINALIA_DATABASE_URL) or the config's
 * storage.url selects PostgreSQL, the schema comes from ?schema=, storage.schema or the data folder's id, and
 * every storage key is acted on or warned about.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../../server/index.js';
import { openStore } from '../../../../server/storage/open-store.js';
import { PostgresStore } from '../../../../server/storage/postgres/postgres-store.js';
import { JournalStore } from '../../../../server/storage/journal-store.js';
import { writeProject } from '../../../helpers/project.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { spawnServer } from '../../../helpers/server.js';
import { Client } from '../../../helpers/client.js';

const url = inject('postgresUrl');
const PACKED = ['annotations'];

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(`warning: ${m}`),
      error: (m: string) => lines.push(`error: ${m}`),
    },
  };
}

describe('openStore', () => {
  it('uses storage.url from the config (with ${VAR}), in a schema named by an id kept in the data folder', async () => {
    const config = loadConfig(writeProject({ config: { storage: { url: '${TEST_DB}' } } }), { TEST_DB: url });
    const dataDir = tempDir('marginalia-data-');
    const { logger, lines } = recorder();
    const store = await openStore({ config, dataDir, logger, packed: PACKED });
    expect(store).toBeInstanceOf(PostgresStore);
    const schema = (store as PostgresStore).schema;
    expect(schema).toBe(`marginalia_${readFileSync(join(dataDir, 'store-id'), 'utf8').trim()}`);
    expect(lines.join('\n')).toContain(`schema ${schema}`);
    await store.close();
    // the same data folder is the same project; a fresh one is a fresh project
    const again = await openStore({ config, dataDir, logger, packed: PACKED });
    expect((again as PostgresStore).schema).toBe(schema);
    await again.close();
    const other = await openStore({ config, dataDir: tempDir('marginalia-data-'), logger, packed: PACKED });
    expect((other as PostgresStore).schema).not.toBe(schema);
    await other.close();
  });

  it('takes storage.schema, and a URL given outside the config over storage.url, warning about what it ignores', async () => {
    const config = loadConfig(
      writeProject({ config: { storage: { url: 'postgres://nowhere.invalid/x', schema: 'study_one' } } }),
    );
    const { logger, lines } = recorder();
    const store = await openStore({
      config,
      dataDir: tempDir('marginalia-data-'),
      logger,
      packed: PACKED,
      database: { url, from: '--database-url' },
    });
    expect((store as PostgresStore).schema).toBe('study_one');
    expect(lines.join('\n')).toMatch(/warning: storage\.url in .* is ignored: --database-url names the database/);
    await store.close();

    const { logger: l2, lines: lines2 } = recorder();
    const named = await openStore({
      config,
      dataDir: tempDir('marginalia-data-'),
      logger: l2,
      packed: PACKED,
      database: { url: `${url}?schema=study_two`, from: 'MARGINALIA_DATABASE_URL' },
    });
    expect((named as PostgresStore).schema).toBe('study_two');
    expect(lines2.join('\n')).toMatch(
      /warning: storage\.schema in .* is ignored: the URL from MARGINALIA_DATABASE_URL names schema study_two/,
    );
    await named.close();
  });

  it('keeps the journal when no URL is given, warning that storage.schema alone does nothing', async () => {
    const config = loadConfig(writeProject({ config: { storage: { schema: 'lonely' } } }));
    const { logger, lines } = recorder();
    const store = await openStore({ config, dataDir: tempDir('marginalia-data-'), logger, packed: PACKED });
    expect(store).toBeInstanceOf(JournalStore);
    expect(lines.join('\n')).toMatch(/warning: storage\.schema in .* is ignored: no database URL is given/);
    await store.close();
  });

  it('warns about an unknown storage key and refuses a bad schema name or URL', async () => {
    const config = loadConfig(writeProject({ config: { storage: { url, schema: 'no-dashes', pool: 3 } } }));
    expect(config.warnings.join('\n')).toMatch(/unknown key "storage.pool" is ignored/);
    await expect(
      openStore({ config, dataDir: tempDir('marginalia-data-'), logger: recorder().logger, packed: PACKED }),
    ).rejects.toThrow(/storage\.schema in .*: "no-dashes" is not a schema name/);
    const mysql = loadConfig(writeProject({ config: { storage: { url: 'mysql://db/x' } } }));
    await expect(
      openStore({ config: mysql, dataDir: tempDir('marginalia-data-'), logger: recorder().logger, packed: PACKED }),
    ).rejects.toThrow(/only postgres/);
  });
});

describe('npm start with MARGINALIA_DATABASE_URL', () => {
  it('serves the project from PostgreSQL and says so, without the password', async () => {
    const config = writeProject();
    const dataDir = tempDir('marginalia-data-');
    const withPassword = url.replace('postgres@', 'postgres:hunter2@');
    const server = await spawnServer(['--config', config, '--data-dir', dataDir], {
      MARGINALIA_DATABASE_URL: `${withPassword}?schema=cli_project`,
    });
    try {
      expect(server.output()).toMatch(
        /storage: PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres, schema cli_project/,
      );
      expect(server.output()).not.toContain('hunter2');
      const alice = await new Client(server.url).login('alice');
      expect(
        (await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } }))
          .status,
      ).toBe(200);
    } finally {
      await server.kill('SIGTERM');
    }
    const store = await PostgresStore.open({ connectionString: url, schema: 'cli_project', packed: ['annotations'] });
    expect(store.size('annotations')).toBe(1);
    await store.close();
  }, 120_000);
});
