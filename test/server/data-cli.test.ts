/** `npm run import` and `npm run export` as child processes on a real project folder. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { builtCommand, type Command } from '../helpers/cli.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'data');

function run(script: Command, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [builtCommand(script), ...args],
      { env: { ...process.env, ADMIN_API_KEY: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('import and export CLIs', () => {
  it('imports a file with a progress bar, then exports exactly what the API exports', async () => {
    const t = await startServer({ items: [{ id: 'a', text: 'Alpha beta.' }] });
    const alice = await t.client().login('alice');
    await alice.post('/updateinstance', {
      instance_id: 'a',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }],
    });
    await t.close();

    const imported = await run('import-cli', [
      '--config',
      t.configFile,
      '--data-dir',
      t.dataDir,
      '--file',
      join(FIXTURES, 'new.csv'),
    ]);
    expect(imported.stderr).toMatch(/\[#+\] 100%\s+2 rows/);
    expect(imported.stderr).toMatch(/added 2 instances \(the project now has 3\)/);
    expect(imported.code).toBe(0);

    const again = await t.restart();
    expect(again.server.services.task.instances.map((i) => i.id)).toEqual(['a', 'n1', 'n2']);
    await (
      await again.client().login('alice')
    ).post('/updateinstance', { instance_id: 'n1', annotations: { 'topics:price': 'true' } });
    const viaApi = {
      csv: (await again.admin().get('/admin/api/export?format=csv')).text,
      conll: (await again.admin().get('/admin/api/export?format=conll')).text,
    };
    await again.close();

    for (const format of ['csv', 'conll'] as const) {
      const out = join(tempDir('marginalia-export-'), `out.${format}`);
      const exported = await run('export-cli', [
        '--config',
        t.configFile,
        '--data-dir',
        t.dataDir,
        '--format',
        format,
        '--out',
        out,
      ]);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toMatch(/exported 2 of at most 2 annotation records/);
      expect(readFileSync(out, 'utf8')).toBe(viaApi[format]);
    }
  }, 60_000); // a server started twice and three CLI processes, each compiling TypeScript as it starts

  it('stops on a bad row naming file and line, adds nothing, and exits 1', async () => {
    const t = await startServer({ items: [{ id: 'a', text: 'Alpha' }] });
    await t.close();
    const bad = join(FIXTURES, 'bad-json.jsonl');
    const r = await run('import-cli', ['--config', t.configFile, '--data-dir', t.dataDir, '--file', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${bad}:3: not valid JSON`);
    expect((await t.restart()).server.services.task.instances).toHaveLength(1);
    const usage = await run('export-cli', ['--config', t.configFile, '--format', 'xml']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/--format: "xml" is not one of jsonl, csv, conll, spacy, bws_scores, time/);
  });
});
