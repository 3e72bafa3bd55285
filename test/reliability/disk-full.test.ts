/**
 * A full or read-only disk: the server answers with a JSON error (503), keeps everything it had acknowledged,
 * and recovers by itself when space returns. Uses a small tmpfs, which needs root (CI runs as root); elsewhere
 * the suite says so and skips.
 */
import { describe, expect, it, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer, startServer } from '../helpers/server.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';

const mountPoint = mountTmpfs('4m');
afterAll(() => unmountTmpfs(mountPoint));

const submit = (label: string, instance = 'item-1') => ({
  instance_id: instance,
  annotations: { [`sentiment:${label}`]: 'true' },
});
// notes of nearly the longest a text answer may be, to use up the zeros the journal keeps written ahead of its data
const note = (n: number) => `${n}:`.padEnd(99_000, 'n');
const bigNote = (n: number) => ({
  instance_id: 'item-3',
  annotations: { 'sentiment:negative': 'true', 'note:text': note(n) },
});

/** Fills what is left of the tmpfs (the write that does not fit throws ENOSPC, as expected). */
function fill(file: string) {
  try {
    appendFileSync(file, Buffer.alloc(8 * 1024 * 1024));
  } catch (e) {
    expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
}

describe.skipIf(!mountPoint)('a full or read-only data folder (needs root for a tmpfs)', () => {
  it('answers 503 with a JSON error when the disk is full, keeps what it had, and recovers when space returns', async () => {
    const dataDir = join(mountPoint!, 'full');
    const t = await startServer({ dataDir });
    const alice = await t.client().login('alice');
    expect((await alice.post('/updateinstance', submit('positive'))).status).toBe(200);
    const bob = await t.client().login('bob');
    for (const item of ['item-1', 'item-2'])
      expect((await bob.post('/updateinstance', submit('positive', item))).status).toBe(200);
    // agreement keeps its answers up to date as submissions go by: a refused one must leave them as they were
    const evaluated = async () =>
      (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.sentiment.items_evaluated;
    expect(await evaluated()).toBe(1);

    const filler = join(mountPoint!, 'filler');
    let lastAccepted = 0;
    try {
      fill(filler);
      // writes go on into the zeros written ahead while they last (they are on disk: acknowledged, and kept); the
      // first that does not fit is refused
      let refused: { status: number; error: unknown } | undefined;
      for (let n = 1; n <= 200 && !refused; n++) {
        const r = await alice.post('/updateinstance', bigNote(n));
        if (r.status === 200) lastAccepted = n;
        else refused = { status: r.status, error: r.body.error };
      }
      expect(lastAccepted).toBeGreaterThan(0);
      expect(refused).toEqual({ status: 503, error: expect.stringMatching(/could not save/) });
      // the admin's health check says why writes fail, and still answers (the dashboard opens to show it)
      const degraded = await t.admin().get('/admin/health');
      expect(degraded.status).toBe(200);
      expect(degraded.body.status).toBe('degraded');
      expect(degraded.body.storage).toMatch(/could not save .*ENOSPC/);
      fill(filler); // whatever the refused write gave back
      // a write large enough to need fresh pages (a small one can fit in the journal's last, already allocated page)
      const alsoRefused = await alice.post('/updateinstance', {
        instance_id: 'item-2',
        annotations: { 'sentiment:negative': 'true', 'note:text': note(0) },
      });
      expect(alsoRefused.status).toBe(503);
      // what was acknowledged is still served, and the refused writes are not visible
      expect((await alice.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
        'sentiment:positive': 'true',
      });
      expect((await alice.get('/get_annotations?instance_id=item-2')).body.annotations).toEqual({});
      expect((await alice.get('/get_annotations?instance_id=item-3')).body.annotations['note:text']).toBe(
        note(lastAccepted),
      );
      expect(await evaluated()).toBe(1);
    } finally {
      rmSync(filler, { force: true });
    }
    const again = await alice.post('/updateinstance', submit('negative', 'item-2'));
    expect(again.status).toBe(200);
    expect((await t.admin().get('/admin/health')).body).toMatchObject({ status: 'healthy', storage: 'ok' });
    expect(await evaluated()).toBe(2);

    const restarted = await t.restart();
    const back = restarted.client();
    await back.login('alice');
    expect((await back.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:positive': 'true',
    });
    expect((await back.get('/get_annotations?instance_id=item-2')).body.annotations).toEqual({
      'sentiment:negative': 'true',
    });
    expect((await back.get('/get_annotations?instance_id=item-3')).body.annotations['note:text']).toBe(
      note(lastAccepted),
    );
    await restarted.close();
    rmSync(dataDir, { recursive: true, force: true }); // the notes fill most of the tmpfs the next test needs
  });

  it('refuses to start on a read-only data folder with a clear message, and starts with everything when writable', async () => {
    const dataDir = join(mountPoint!, 'ro');
    const t = await startServer({ dataDir });
    const bob = await t.client().login('bob');
    expect((await bob.post('/updateinstance', submit('positive'))).status).toBe(200);
    await t.close();
    // Linux refuses to remount read-only while a file is open for writing, so this case is "read-only at start"
    execFileSync('mount', ['-o', 'remount,ro', mountPoint!]);
    try {
      const failed = await spawnServer(['--config', t.configFile, '--data-dir', dataDir]).then(
        async (s) => {
          await s.kill();
          return '';
        },
        (e: Error) => e.message,
      );
      expect(failed).toMatch(/read-only|EROFS/);
      expect(failed).not.toMatch(/\n\s+at /); // a message, not a stack trace
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountPoint!]);
    }
    const restarted = await startServer({ configFile: t.configFile, dataDir });
    const back = await restarted.client().login('bob');
    expect((await back.get('/get_annotations?instance_id=item-1')).body.annotations).toEqual({
      'sentiment:positive': 'true',
    });
    await restarted.close();
  });
});
