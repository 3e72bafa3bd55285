/**
 * Writes the renderer's API types (renderer/src/shared/api/openapi.d.ts) from the server's OpenAPI document, so
 * no server shape is written twice. The file is a build output, not in git: `npm run typecheck` and `npm run lint`
 * write it when it is missing or stale (scripts/gen-api-if-stale.mjs).
 *
 *   npm run gen:api
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { allRoutes, composeServices } from '../server/compose.js';
import { loadConfig } from '../server/index.js';
import { MemoryStore } from '../server/storage/memory-store.js';
import { systemClock, type Logger } from '../server/domain/ports.js';
import { openApiDocument } from '../server/http/openapi.js';

export const API_TYPES_FILE = fileURLToPath(new URL('../renderer/src/shared/api/openapi.d.ts', import.meta.url));

const quiet: Logger = { info() {}, warn() {}, error() {} };

/** The OpenAPI document of a server on a one-item project: the routes and their schemas are the same for any. */
export async function serverDocument(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-api-'));
  try {
    writeFileSync(join(dir, 'data.jsonl'), '{"id": "1", "text": "text"}\n');
    writeFileSync(
      join(dir, 'config.yaml'),
      [
        'annotation_task_name: API types',
        'data_files: [data.jsonl]',
        'item_properties: {id_key: id, text_key: text}',
        'annotation_schemes: [{annotation_type: radio, name: s, labels: [a, b]}]',
        'output_annotation_dir: out',
      ].join('\n'),
    );
    const services = composeServices({
      config: loadConfig(join(dir, 'config.yaml')),
      store: new MemoryStore(),
      clock: systemClock,
      logger: quiet,
      dataDir: dir,
      adminKey: 'unused',
      version: '0.0.0',
    });
    try {
      return openApiDocument(allRoutes(services), { title: 'Marginalia', version: '0.0.0' });
    } finally {
      for (const close of services.closers) await close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The types file's text, formatted as the project formats TypeScript. */
export async function apiTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(await serverDocument())), { silent: true });
  const options = await prettier.resolveConfig(API_TYPES_FILE);
  const header = "/** Written by `npm run gen:api` from the server's OpenAPI document: do not edit. */\n";
  return prettier.format(header + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(API_TYPES_FILE, await apiTypes());
  console.log(`wrote ${API_TYPES_FILE}`);
}
