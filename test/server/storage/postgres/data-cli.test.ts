/** `npm run export` and `npm run import` on a project kept in PostgreSQL (--database-url, MARGINALIA_DATABASE_URL). */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../helpers/server.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { builtCommand, type Command } from '../../../helpers/cli.js';

const url = inject('postgresUrl');

function run(
  script: Command,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [builtCommand(script), ...args],
      { env: { ...process.env, ADMIN_API_KEY: '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('import and export CLIs on PostgreSQL', () => {
  it('import into and export from the database the server uses, refused while the server holds it', async () => {
    const database = { url, from: 'the test' };
    const t = await startServer({ items: [{ id: 'a', text: 'Alpha beta.' }], options: { database } });
    const alice = await t.client().login('alice');
    expect(
      (await alice.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' } })).status,
    ).toBe(200);

    const busy = await run('export-cli', [
      '--config',
      t.configFile,
      '--data-dir',
      t.dataDir,
      '--database-url',
      url,
      '--format',
      'jsonl',
    ]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by another Marginalia process/);
    await t.close();

    const file = join(tempDir('marginalia-import-'), 'more.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'b', text: 'Gamma.' }) + '\n');
    const imported = await run('import-cli', ['--config', t.configFile, '--data-dir', t.dataDir, '--file', file], {
      MARGINALIA_DATABASE_URL: url,
    });
    expect(imported.stderr).toMatch(/added 1 instances? \(the project now has 2\)/);
    expect(imported.code).toBe(0);

    const exported = await run('export-cli', [
      '--config',
      t.configFile,
      '--data-dir',
      t.dataDir,
      '--database-url',
      url,
      '--format',
      'jsonl',
    ]);
    expect(exported.code).toBe(0);
    const rows = exported.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.find((r) => r.id === 'a' || r.instance_id === 'a')).toBeDefined();
    expect(exported.stdout).toContain('positive');

    // the journal in the data folder was never used: without the URL the project there is empty
    const folderOnly = await run('export-cli', [
      '--config',
      t.configFile,
      '--data-dir',
      t.dataDir,
      '--format',
      'jsonl',
    ]);
    expect(folderOnly.stdout).not.toContain('positive');
  }, 120_000);
});
