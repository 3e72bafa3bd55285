/** The renderer's API types are generated from the server's OpenAPI document: the committed file must be current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes, serverDocument } from '../../scripts/gen-api-types.js';

describe('npm run gen:api', () => {
  it('wrote the committed renderer/src/shared/api/openapi.d.ts from the current OpenAPI document', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    // run `npm run gen:api` after changing a route's schemas
    expect(committed === (await apiTypes()), 'openapi.d.ts is stale: run npm run gen:api').toBe(true);
  }, 120_000);

  it('types every route of the document, answers included', async () => {
    const doc = (await serverDocument()) as { paths: Record<string, object> };
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    for (const path of Object.keys(doc.paths)) expect(committed).toContain(`'${path}': {`);
    expect(committed).toMatch(/'\/api\/current_instance'[\s\S]*'application\/json': \{\s*instance_id: string;/);
  }, 120_000);
});
