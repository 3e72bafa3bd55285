/**
 * A live server holds its data folder: a second server and the import and export tools are refused, naming it.
 * Once it is killed with SIGKILL, a restart takes the folder over at once.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProject, sampleItems } from '../helpers/project.js';
import { spawnServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { builtCommand, type Command } from '../helpers/cli.js';

function run(script: Command, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [builtCommand(script), ...args],
      { env: { ...process.env, ADMIN_API_KEY: '' } },
      (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('a live server holds its data folder', () => {
  it('refuses a second server, import and export while it runs, naming its pid', { timeout: 90_000 }, async () => {
    const config = writeProject({ items: sampleItems(3) });
    const dataDir = tempDir('marginalia-held-');
    const args = ['--config', config, '--data-dir', dataDir];
    const first = await spawnServer(args);
    try {
      const holder = new RegExp(`in use by another Marginalia process \\(pid ${first.child.pid}\\b`);
      const second = await spawnServer(args).then(
        async (s) => {
          await s.kill();
          return 'listening';
        },
        (e: Error) => e.message,
      );
      expect(second).toMatch(holder);

      const items = join(tempDir('marginalia-held-items-'), 'new.jsonl');
      writeFileSync(items, '{"id":"n1","text":"x"}\n');
      const imported = await run('import-cli', [...args, '--file', items]);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toMatch(holder);
      const exported = await run('export-cli', [
        ...args,
        '--format',
        'jsonl',
        '--out',
        join(tempDir('marginalia-held-out-'), 'out.jsonl'),
      ]);
      expect(exported.code).toBe(1);
      expect(exported.stderr).toMatch(holder);
    } finally {
      await first.kill('SIGTERM');
    }
  });
});
