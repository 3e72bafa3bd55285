/** The dialog the app shows when a project cannot be opened, from the real error the embedded server raises. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHost } from '../../electron/host.js';
import { openFailureDialog } from '../../electron/open-failure.js';
import { processIdentity } from '../../server/storage/process-identity.js';
import { writeProject } from '../helpers/project.js';
import { quietLogger } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

async function openError(configFile: string): Promise<unknown> {
  return startHost({ configFile, userDataDir: tempDir('marginalia-userdata-'), bundled: false, owner: 'ana', staticDir: null, logger: quietLogger, env: {} }).then(
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

  it('for any other reason: the error as it is', async () => {
    const missing = join(tempDir('marginalia-none-'), 'config.yaml');
    const d = openFailureDialog(missing, await openError(missing));
    expect(d.message).toBe(`Could not open ${missing}`);
    expect(d.detail).toMatch(/config/i);
    expect(d.actions).toEqual(['give-up']);
  });
});
