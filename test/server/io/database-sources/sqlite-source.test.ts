import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, quietLogger } from '../../../helpers/server.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { writeProject } from '../../../helpers/project.js';
import { changeDb, CREATE, INSERT } from './sqlite-db.js';
import { listReaches, settledStatus } from './list-reaches.js';

const stamp = (n: number) => `2026-11-27T10:00:${String(n).padStart(2, '0')}.000000+00:00`;
const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => [`row-${from + k}`, `Message number ${from + k}`, stamp(from + k)]);

const liveConfig = (live: Record<string, unknown> = {}) => ({
  data_files: undefined,
  data_sources: [
    {
      id: 'live_rows',
      type: 'database',
      connection_string: 'sqlite:///data/live.db',
      query: 'SELECT id, text, created_at FROM instances',
      live_ingestion: {
        enabled: true,
        poll_interval_seconds: 0.5,
        cursor_column: 'created_at',
        tiebreaker_column: 'id',
        overlap_seconds: 2,
        batch_size: 2,
        ...live,
      },
    },
  ],
});

async function projectWithDb(seed: number): Promise<{ dir: string; db: string }> {
  const dir = tempDir('marginalia-dbsource-');
  mkdirSync(join(dir, 'data'));
  const db = join(dir, 'data', 'live.db');
  await changeDb(db, CREATE);
  await changeDb(db, INSERT, rows(1, seed));
  return { dir, db };
}

describe('database sources: SQLite', () => {
  it('reads the rows at start, takes rows inserted while running within a poll, and keeps its cursor over a restart', async () => {
    const { dir, db } = await projectWithDb(3);
    const configFile = writeProject({ dir, config: liveConfig() });
    let t = await startServer({ configFile });
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/current_instance')).body).toMatchObject({
      instance_id: 'row-1',
      text: 'Message number 1',
      total_instances: 3,
    });

    await changeDb(db, INSERT, rows(4, 8));
    expect(await listReaches(alice, 8)).toBe(8);
    const row7 = await alice.post('/go_to', { go_to: 'row-7' });
    expect(row7.body).toMatchObject({ instance_id: 'row-7', text: 'Message number 7' });

    await settledStatus(t.admin(), 'live_rows');
    const status = (await t.admin().get('/admin/api/data_sources/live')).body.sources[0];
    expect(status).toMatchObject({ source_id: 'live_rows', is_running: true, polls_failed: 0, items_added: 8 });
    expect(status.last_cursor).toBe(stamp(8));

    // a row committed late with an earlier time (within overlap_seconds) is still taken
    await changeDb(db, INSERT, [['row-late', 'Committed late', stamp(7)]]);
    expect(await listReaches(alice, 9)).toBe(9);

    t = await t.restart();
    await changeDb(db, INSERT, rows(9, 10));
    const back = await t.client().login('alice');
    expect(await listReaches(back, 11)).toBe(11);
    const after = await settledStatus(t.admin(), 'live_rows');
    expect(after.items_added).toBe(11);
    expect(after.last_cursor).toBe(stamp(10));
    // the restart's replay found every earlier row in the project: none is there twice
    const listed = (await t.admin().get('/admin/api/instances?limit=100&order=id')).body;
    const ids = listed.instances.map((i: { id?: string; instance_id?: string }) => i.id ?? i.instance_id);
    expect(ids).toHaveLength(11);
    expect(new Set(ids).size).toBe(11);
    expect(ids).toContain('row-late');
  });

  it("leaves an admin's import findable however often its overlap window is read again", async () => {
    const { dir } = await projectWithDb(3);
    const t = await startServer({ configFile: writeProject({ dir, config: liveConfig() }) });
    const content = JSON.stringify({ id: 'by-hand', text: 'Added by an admin' });
    const imported = await t.admin().post('/admin/api/import', { content, format: 'jsonl', wait: true });
    expect(imported.status, imported.text).toBe(200);
    // each poll reads the rows of the last two seconds again and finds only ids the project has; the server
    // remembers its last 100 imports, so a job per poll would push the admin's out
    for (let n = 0; n < 101; n++) await settledStatus(t.admin(), 'live_rows');
    const job = await t.admin().get(`/admin/api/import/${imported.body.import_id}`);
    expect(job.status, job.text).toBe(200);
    expect(job.body).toMatchObject({ status: 'done', added: 1 });
  });

  it('logs a database that cannot be read for a while, keeps serving the items it has, and reads it again', async () => {
    const { dir, db } = await projectWithDb(2);
    const configFile = writeProject({
      dir,
      config: liveConfig({ backoff_initial_seconds: 0.2, backoff_max_seconds: 0.4, overlap_seconds: 0 }),
    });
    const t = await startServer({ configFile });
    const alice = await t.client().login('alice');
    expect(await listReaches(alice, 2)).toBe(2);
    renameSync(db, `${db}.away`);
    const until = Date.now() + 20_000;
    let status = (await t.admin().get('/admin/api/data_sources/live_rows/live')).body;
    while (status.consecutive_failures < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await t.admin().get('/admin/api/data_sources/live_rows/live')).body;
    }
    expect(status).toMatchObject({ is_running: true, last_error: `${db}: database file not found` });
    expect(quietLogger.lines.some((l) => l.includes('poll failed') && l.includes('database file not found'))).toBe(
      true,
    );
    const saved = await alice.post('/updateinstance', {
      instance_id: 'row-1',
      annotations: { 'sentiment:positive': 'true' },
    });
    expect(saved.status).toBe(200);

    renameSync(`${db}.away`, db);
    await changeDb(db, INSERT, rows(3, 3));
    expect(await listReaches(alice, 3)).toBe(3);
    const polled = (await t.admin().post('/admin/api/data_sources/live_rows/live/poll', {})).body;
    expect(polled).toMatchObject({ consecutive_failures: 0, last_error: null, items_added: 3 });
  });

  it('reads rows a writer in WAL mode has committed but not yet checkpointed into the file', async () => {
    const dir = tempDir('marginalia-dbsource-');
    mkdirSync(join(dir, 'data'));
    const db = join(dir, 'data', 'live.db');
    // a real SQLite writer that keeps its connection open, so its commits stay in live.db-wal
    const writer = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    writer.stdout.on('data', (d: Buffer) => (out += d.toString()));
    let marks = 0;
    const run = async (sql: string) => {
      const mark = `done-${++marks}`;
      writer.stdin.write(`${sql}\nSELECT '${mark}';\n`);
      for (const until = Date.now() + 10_000; !out.includes(mark) && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 20));
      expect(out).toContain(mark);
    };
    const values = (from: number, to: number) =>
      rows(from, to)
        .map((r) => `(${r.map((v) => `'${v}'`).join(', ')})`)
        .join(', ');
    try {
      await run(`PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; ${CREATE};`);
      await run(`INSERT INTO instances (id, text, created_at) VALUES ${values(1, 2)};`);
      expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
      const configFile = writeProject({ dir, config: liveConfig() });
      const t = await startServer({ configFile });
      const alice = await t.client().login('alice');
      expect(await listReaches(alice, 2)).toBe(2);
      await run(`INSERT INTO instances (id, text, created_at) VALUES ${values(3, 4)};`);
      expect(await listReaches(alice, 4)).toBe(4);
      expect((await alice.post('/go_to', { go_to: 'row-4' })).body).toMatchObject({ text: 'Message number 4' });
      // still in the log, not the file: the rows above came from the log's frames
      expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
    } finally {
      writer.stdin.end();
    }
  });

  it('stops start-up naming the source when its database cannot be read', async () => {
    const dir = tempDir('marginalia-dbsource-');
    const configFile = writeProject({ dir, config: liveConfig() });
    await expect(startServer({ configFile })).rejects.toThrow(
      /data_sources\[0\] \(sqlite .*live\.db\): cannot be read: .*live\.db: database file not found/,
    );
  });
});
