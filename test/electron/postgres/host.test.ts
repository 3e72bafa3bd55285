/**
 * The desktop host (electron/host.ts) opening a project whose config names a PostgreSQL database: the project is
 * kept there, not in a journal in the data folder, and a database out of reach refuses the project instead of
 * opening an empty one beside it. Real PostgreSQL (the run's throwaway cluster), real HTTP on loopback.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { startHost, type Host, type HostOptions } from '../../../electron/host.js';
import { openFailureDialog } from '../../../electron/open-failure.js';
import { Client } from '../../helpers/client.js';
import { quietLogger } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { writeProject } from '../../helpers/project.js';

const url = inject('postgresUrl');

function host(o: Partial<HostOptions> & { configFile: string; userDataDir: string }): Promise<Host> {
  return startHost({ bundled: false, owner: 'ana', staticDir: null, logger: quietLogger, env: {}, ...o });
}

async function signIn(h: Host): Promise<Client> {
  const link = new URL(h.signInUrl());
  const window = new Client(h.url);
  expect((await window.get(link.pathname + link.search)).status).toBe(303);
  return window;
}

/** The project's rows as PostgreSQL holds them: table → key → value. */
async function rowsIn(schema: string, table: string): Promise<Map<string, unknown>> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(`SELECT key, value FROM "${schema}".rows WHERE tbl = $1`, [table]);
    return new Map(rows.map((r) => [r.key as string, typeof r.value === 'string' ? JSON.parse(r.value) : r.value]));
  } finally {
    await db.end();
  }
}

const journals = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('journal')) : []);

describe('the desktop host with a project config that names a database', () => {
  it('keeps the project in PostgreSQL, says so, and finds it again after a restart', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    // the form the docs give: the URL from the environment the app was started in
    const configFile = writeProject({
      config: { output_annotation_dir: undefined, storage: { url: '${DATABASE_URL}' } },
    });
    const env = { DATABASE_URL: url };
    const first = await host({ configFile, userDataDir, env });
    let instance: string;
    let schema: string;
    try {
      schema = `marginalia_${readFileSync(join(first.data.dir, 'store-id'), 'utf8').trim()}`;
      expect(first.storage).toBe(`PostgreSQL ${new URL(url).host}${new URL(url).pathname}, schema ${schema}`);
      const window = await signIn(first);
      expect((await window.get('/api/me')).body).toMatchObject({ username: 'ana', is_admin: true });
      instance = (await window.get('/api/current_instance')).body.instance_id as string;
      const saved = await window.post('/updateinstance', {
        instance_id: instance,
        annotations: { 'sentiment:negative': 'true' },
      });
      expect(saved.status).toBe(200);
      // acknowledged means committed in the database; nothing of it in a journal
      const annotations = await rowsIn(schema, 'annotations');
      expect([...annotations.keys()].some((k) => k.includes(instance))).toBe(true);
      expect(journals(first.data.dir)).toEqual([]);
    } finally {
      await first.close();
    }

    const second = await host({ configFile, userDataDir, env });
    try {
      expect(second.storage).toContain(`schema ${schema}`);
      const window = await signIn(second);
      expect((await window.get(`/get_annotations?instance_id=${instance}`)).body.annotations).toEqual({
        'sentiment:negative': 'true',
      });
      expect(journals(second.data.dir)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('refuses the project when the database is out of reach, offering to try again, and writes no journal', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    const down = new URL(url);
    down.port = '1'; // nothing listens there
    const configFile = writeProject({
      config: { output_annotation_dir: undefined, storage: { url: down.toString() } },
    });
    const error = await host({ configFile, userDataDir }).then(
      (h) => h.close().then(() => null),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/PostgreSQL/);
    const dialog = openFailureDialog(configFile, error);
    expect(dialog).toMatchObject({ type: 'warning', actions: ['retry', 'give-up'] });
    expect(dialog.detail).toContain(down.host);
    const projects = join(userDataDir, 'projects');
    for (const dir of existsSync(projects) ? readdirSync(projects) : [])
      expect(journals(join(projects, dir))).toEqual([]);
  });

  it('refuses the project when the config names the database through an environment variable the app lacks', async () => {
    const userDataDir = tempDir('marginalia-userdata-');
    const configFile = writeProject({
      config: { output_annotation_dir: undefined, storage: { url: '${DATABASE_URL}' } },
    });
    await expect(host({ configFile, userDataDir })).rejects.toThrow(
      /storage\.url: environment variable DATABASE_URL is not set/,
    );
    expect(existsSync(join(userDataDir, 'projects'))).toBe(false);
  });
});
