/**
 * `npm run migrate-store` on a real project: a data folder into PostgreSQL, the server started on the database
 * finds everything, and back into a new data folder; the report's counts and checksums match on both sides.
 */
import { execFile } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../helpers/server.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { builtCommand } from '../../../helpers/cli.js';

const url = inject('postgresUrl');

function migrate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [builtCommand('migrate-store-cli'), ...args], (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const labelsOf = async (t: Awaited<ReturnType<typeof startServer>>, user: string, id: string) =>
  JSON.stringify((await (await t.client().login(user)).get(`/get_annotations?instance_id=${id}`)).body);

describe('npm run migrate-store', () => {
  it('moves a data folder into PostgreSQL and back, verified', async () => {
    const journal = await startServer({ options: { database: undefined } });
    for (const [user, label] of [
      ['alice', 'positive'],
      ['bob', 'negative'],
    ]) {
      const client = await journal.client().login(user);
      expect(
        (
          await client.post('/updateinstance', {
            instance_id: 'item-1',
            annotations: { [`sentiment:${label}`]: 'true' },
          })
        ).status,
      ).toBe(200);
    }
    await journal.close();

    const there = await migrate('--from', journal.dataDir, '--to', url);
    expect(there.stderr).toMatch(/verified: \d+ rows in \d+ tables/);
    expect(there.code).toBe(0);
    expect(there.stdout).toMatch(/^annotations\t2\t[0-9a-f]{64}$/m);

    // the same data folder started on the database is the same project (its store-id names the schema)
    const onDatabase = await startServer({
      configFile: journal.configFile,
      dataDir: journal.dataDir,
      options: { database: { url, from: 'the test' } },
    });
    expect(await labelsOf(onDatabase, 'alice', 'item-1')).toContain('positive');
    expect(await labelsOf(onDatabase, 'bob', 'item-1')).toContain('negative');
    const carol = await onDatabase.client().login('carol');
    expect(
      (await carol.post('/updateinstance', { instance_id: 'item-2', annotations: { 'sentiment:neutral': 'true' } }))
        .status,
    ).toBe(200);
    await onDatabase.close();

    // a second copy into the same schema is refused: it is not empty
    const again = await migrate('--from', journal.dataDir, '--to', url);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data/);

    const schema = /schema (marginalia_\w+)/.exec(there.stderr)?.[1];
    expect(schema).toMatch(/^marginalia_/);
    const folder = tempDir('marginalia-back-');
    const back = await migrate('--from', `${url}?schema=${schema}`, '--to', folder);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^annotations\t3\t[0-9a-f]{64}$/m);
    const onFolder = await startServer({
      configFile: journal.configFile,
      dataDir: folder,
      options: { database: undefined },
    });
    expect(await labelsOf(onFolder, 'carol', 'item-2')).toContain('neutral');
    expect(await labelsOf(onFolder, 'alice', 'item-1')).toContain('positive');
    await onFolder.close();
  }, 120_000); // four child processes
});
