/**
 * The renderer's API types are generated from the server's OpenAPI document (a build output, not in git): the
 * generator types every route, and the renderer compiles against what it writes.
 */
import { execFile } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes, serverDocument } from '../../scripts/gen-api-types.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = resolve(ROOT, 'node_modules/typescript/bin/tsc');

describe('npm run gen:api', () => {
  let written: string;

  it('types every route of the document, answers included', async () => {
    const doc = (await serverDocument()) as { paths: Record<string, object> };
    written = await apiTypes();
    for (const path of Object.keys(doc.paths)) expect(written).toContain(`'${path}': {`);
    expect(written).toMatch(/'\/api\/current_instance'[\s\S]*'application\/json': \{\s*instance_id: string;/);
  }, 120_000);

  it('writes types the renderer compiles against', async () => {
    // the same file `npm run gen:api` writes, swapped in whole so a type check running beside never reads half
    const staging = `${API_TYPES_FILE}.${process.pid}`;
    writeFileSync(staging, written ?? (await apiTypes()));
    renameSync(staging, API_TYPES_FILE);
    const tsc = promisify(execFile)(process.execPath, [TSC, '--noEmit', '-p', 'renderer/tsconfig.json'], { cwd: ROOT });
    await expect(tsc).resolves.toBeDefined();
  }, 600_000);
});
