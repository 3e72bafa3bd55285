/**
 * A production install: the packed app (`npm pack`, so package.json's `files` list is what ships) with the lock
 * file, installed by `npm ci --omit=dev` into a temp folder, runs the server through `npm start` and the import
 * and export CLIs through `npm run`, with none of the dev dependencies (no tsx, TypeScript or Vite) present.
 * Needs the npm registry (or a warm npm cache).
 */
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../server/index.js';
import { Client } from '../helpers/client.js';
import { tempDir } from '../helpers/temp-dir.js';

const root = packageRoot();

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ADMIN_API_KEY: '' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(cmd: string, args: string[], cwd: string) {
  const r = await run(cmd, args, cwd);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.code}:\n${r.stderr}`);
  return r;
}

/**
 * `npm start` in `dir` until it prints its URL; `stop()` sends SIGTERM to the npm process group it leads and waits for
 * all of it.
 */
function npmStart(dir: string, args: string[]) {
  const child = spawn('npm', ['start', '--', ...args], {
    cwd: dir,
    detached: true,
    env: { ...process.env, ADMIN_API_KEY: '' },
  });
  let output = '';
  // 'close', not 'exit': npm may end before the server it started, which shares its output pipes and still
  // prints its last lines; 'close' waits until every process holding those pipes has gone.
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? signal)),
  );
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      return exited;
    },
  };
}

describe('production install', () => {
  const work = tempDir('marginalia-prod-');
  const app = join(work, 'package');

  beforeAll(async () => {
    await ok(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], root);
    const packed = JSON.parse((await ok('npm', ['pack', '--json', '--pack-destination', work], root)).stdout) as {
      filename: string;
    }[];
    await ok('tar', ['-xzf', join(work, packed[0].filename), '-C', work], work);
    copyFileSync(join(root, 'package-lock.json'), join(app, 'package-lock.json'));
    await ok('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], app);
  }, 300_000);

  it('ships the built app without sources, and installs no dev dependency', () => {
    expect(existsSync(join(app, 'dist', 'server', 'cli.js'))).toBe(true);
    expect(existsSync(join(app, 'dist', 'renderer', 'index.html'))).toBe(true);
    expect(existsSync(join(app, 'examples', 'product-reviews', 'config.yaml'))).toBe(true);
    for (const absent of [
      'server',
      'renderer',
      'test',
      'node_modules/tsx',
      'node_modules/typescript',
      'node_modules/vite',
      'node_modules/electron',
    ])
      expect(existsSync(join(app, absent)), absent).toBe(false);
  });

  it('serves the example project and its UI through npm start, then imports and exports through the CLIs', async () => {
    const data = tempDir('marginalia-prod-data-');
    const server = npmStart(app, ['--port', '0', '--data-dir', data]);
    try {
      const base = await server.url;
      expect(server.output()).not.toContain('building');
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(base + script)).status).toBe(200);
      const alice = await new Client(base).login('alice');
      const saved = await alice.post('/updateinstance', {
        instance_id: 'review-001',
        annotations: { 'sentiment:positive': 'true' },
      });
      expect(saved.status).toBe(200);
    } finally {
      // npm itself may end by the signal; the server under it saves and says so (the export below shows it saved)
      expect([0, 'SIGTERM']).toContain(await server.stop());
    }
    expect(server.output()).toContain('SIGTERM: finishing requests and saving');

    const config = join(app, 'examples', 'product-reviews', 'config.yaml');
    const batch = join(work, 'batch.jsonl');
    writeFileSync(batch, `${JSON.stringify({ id: 'extra-1', text: 'Arrived a day early.' })}\n`);
    const imported = await run(
      'npm',
      ['run', 'import', '--', '--config', config, '--data-dir', data, '--file', batch],
      app,
    );
    expect(imported.stderr).toMatch(/added 1 instances/);
    expect(imported.code).toBe(0);

    const out = join(work, 'out.jsonl');
    const exported = await run(
      'npm',
      ['run', 'export', '--', '--config', config, '--data-dir', data, '--format', 'jsonl', '--out', out],
      app,
    );
    expect(exported.code, exported.stderr).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).toContain('review-001');
    expect(JSON.stringify(rows[0])).toContain('alice');
  }, 120_000);
});
