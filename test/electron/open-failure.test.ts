/** The dialog the app shows when a project cannot be opened, from the real error the embedded server raises. */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHost } from '../../electron/host.js';
import { openFailureDialog, repairDoneDialog } from '../../electron/open-failure.js';
import { PACKED_TABLES } from '../../server/index.js';
import { JournalStore } from '../../server/storage/journal-store.js';
import { repairFolder } from '../../server/storage/repair.js';
import { processIdentity } from '../../server/storage/process-identity.js';
import { sampleItems, writeProject } from '../helpers/project.js';
import { quietLogger } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

async function openError(configFile: string): Promise<unknown> {
  return startHost({
    configFile,
    userDataDir: tempDir('marginalia-userdata-'),
    bundled: false,
    owner: 'ana',
    staticDir: null,
    logger: quietLogger,
    env: {},
  }).then(
    async (h) => {
      await h.close();
      return undefined;
    },
    (e: unknown) => e,
  );
}

describe('a project that cannot be opened', () => {
  it('held by another live process: names its pid and what to do, and offers to try again', async () => {
    const dataDir = tempDir('marginalia-held-');
    const configFile = writeProject({ config: { output_annotation_dir: dataDir } });
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, 'marginalia.lock'), JSON.stringify(processIdentity(other.pid!)));
      const error = await openError(configFile);
      expect(error, 'the project is refused').toBeDefined();
      const d = openFailureDialog(configFile, error, 'linux');
      expect(d.message).toContain(`pid ${other.pid}`);
      expect(d.detail).toContain(dataDir);
      expect(d.detail).toContain(`kill ${other.pid}`);
      expect(d.actions).toEqual(['retry', 'give-up']);
      expect(openFailureDialog(configFile, error, 'win32').detail).toContain('Task Manager');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('damaged saved data: names the place and offers a repair, which sets the record aside and lets the project open', async () => {
    const dataDir = tempDir('marginalia-damaged-');
    const configFile = writeProject({ items: sampleItems(10), config: { output_annotation_dir: dataDir } });
    const options = {
      configFile,
      userDataDir: tempDir('marginalia-userdata-'),
      bundled: false,
      owner: 'ana',
      staticDir: null,
      logger: quietLogger,
      env: {},
    };
    const host = await startHost(options);
    const signIn = await fetch(host.signInUrl(), { redirect: 'manual' });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 1; i <= 6; i++) {
      const res = await fetch(`${host.url}/updateinstance`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ instance_id: `item-${i}`, annotations: { 'sentiment:positive': 'true' } }),
      });
      expect(res.status).toBe(200);
    }
    await host.close();
    const name = readdirSync(dataDir).find((n) => /^journal-\d+\.jsonl$/.test(n))!;
    const bytes = readFileSync(join(dataDir, name));
    bytes[bytes.indexOf('item-3') + 5] = '8'.charCodeAt(0); // valid JSON, wrong item: only the checksum tells
    writeFileSync(join(dataDir, name), bytes);

    const error = await openError(configFile);
    const d = openFailureDialog(configFile, error);
    expect(d.detail).toMatch(new RegExp(`${name}: record \\d+ \\(byte offset \\d+\\) is damaged`));
    expect(d.actions).toEqual(['repair', 'give-up']);
    expect(d.dataDir).toBe(dataDir);

    const done = repairDoneDialog(await repairFolder(d.dataDir!));
    expect(done.message).toBe('Repaired: 1 damaged record(s) set aside');
    expect(done.detail).toContain(`${dataDir}.before-repair-`);
    expect(done.detail).toMatch(/These changes are lost:\n• .*item-8/);
    const reopened = await startHost(options);
    await reopened.close();
  });

  it('a damaged pack file: offers the same repair, which sets its damaged rows aside and lets the project open', async () => {
    const dataDir = tempDir('marginalia-damaged-pack-');
    const configFile = writeProject({ items: sampleItems(10), config: { output_annotation_dir: dataDir } });
    const store = await JournalStore.open(dataDir, { packed: PACKED_TABLES });
    await store.write([{ table: 'annotations', key: 'ana\u0000item-1', value: { label: 'kept-by-nobody' } }] as never);
    await store.compact();
    await store.close();
    const pack = join(
      dataDir,
      readdirSync(dataDir).find((n) => n.endsWith('.pack'))!,
    );
    const bytes = readFileSync(pack);
    bytes[bytes.indexOf('kept-by-nobody')] = 'K'.charCodeAt(0);
    writeFileSync(pack, bytes);

    const d = openFailureDialog(configFile, await openError(configFile));
    expect(d.detail).toContain(`${pack}: rows block 0`);
    expect(d.actions).toEqual(['repair', 'give-up']);
    expect(d.dataDir).toBe(dataDir);
    const done = repairDoneDialog(await repairFolder(d.dataDir!));
    expect(done.detail).toMatch(/These changes are lost:\n• .*Kept-by-nobody/);
    const options = {
      configFile,
      userDataDir: tempDir('marginalia-userdata-'),
      bundled: false,
      owner: 'ana',
      staticDir: null,
      logger: quietLogger,
      env: {},
    };
    const reopened = await startHost(options);
    await reopened.close();
  });

  it('for any other reason: the error as it is', async () => {
    const missing = join(tempDir('marginalia-none-'), 'config.yaml');
    const d = openFailureDialog(missing, await openError(missing));
    expect(d.message).toBe(`Could not open ${missing}`);
    expect(d.detail).toMatch(/config/i);
    expect(d.actions).toEqual(['give-up']);
  });
});
