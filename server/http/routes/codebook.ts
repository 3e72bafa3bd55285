/** Potato's codebook endpoints (`/api/codebook`): the codes, their changes by `codebook_mode`, provenance. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { codeColor, codeDescription, codeId, codeName, codeOut, codebookModes, treeNode } from './codebook-shapes.js';

const staleItem = z.lazy(() =>
  z.object({
    username: z.string(),
    instance_id: z.string(),
    annotated_revision: z.number().int(),
    nav_index: z.number().int().describe("the item's place in the task"),
  }),
);

export function codebookRoutes(s: Services): RouteSpec[] {
  const cb = s.codebook;
  return [
    route({
      method: 'GET',
      path: '/api/codebook',
      summary:
        'The codebook: its codes as a tree and as a flat list of names (labels), the revisions, the mode and what the caller may do',
      access: 'user',
      response: z.lazy(() =>
        z.object({
          mode: codebookModes,
          revision: z.number().int(),
          content_revision: z.number().int(),
          sem_revision: z.number().int(),
          tree: z.array(treeNode),
          labels: z.array(z.string()),
          codes: z.array(codeOut),
          schemes: z.array(z.string()).describe('the schemes marked codebook: true'),
          can_add: z.boolean(),
          can_edit: z.boolean(),
        }),
      ),
      async handle({ username }) {
        await cb.ready();
        return cb.view(username);
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/version',
      summary: 'The codebook’s structural revision alone: the cheap poll a page makes to see whether codes changed',
      access: 'user',
      response: z.lazy(() => z.object({ revision: z.number().int(), content_revision: z.number().int() })),
      async handle() {
        await cb.ready();
        const meta = cb.meta();
        return { revision: meta.revision, content_revision: meta.content_revision };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/similar',
      summary: 'Existing codes whose names are close to name (to reuse instead of adding a near-duplicate)',
      access: 'user',
      query: z.lazy(() => z.object({ name: z.string().max(500).default('') })),
      response: z.lazy(() => z.object({ matches: z.array(z.string()) })),
      async handle({ query }) {
        await cb.ready();
        return { matches: cb.similar(query.name) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/provenance',
      summary:
        'Whether the caller’s answer on an item was given under an older codebook revision, and the codes added since',
      access: 'user',
      query: z.lazy(() => z.object({ instance_id: z.string().min(1).max(256) })),
      response: z.lazy(() =>
        z.object({
          instance_id: z.string(),
          annotated_revision: z.number().int().nullable().describe('null: not answered yet'),
          current_revision: z.number().int(),
          stale: z.boolean(),
          codes_added_since: z.array(z.string()),
        }),
      ),
      async handle({ username, query }) {
        await cb.ready();
        return s.codebookStamps.provenance(username, query.instance_id);
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/stale',
      summary: 'The caller’s items answered under an older codebook revision, in task order (a review worklist)',
      access: 'user',
      response: z.lazy(() => z.object({ stale: z.array(staleItem), count: z.number().int() })),
      async handle({ username }) {
        await cb.ready();
        const stale = s.codebookStamps.stale(username);
        return { stale, count: stale.length };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/admin/stale',
      summary: 'Every annotator’s items answered under an older codebook revision',
      access: 'admin',
      response: z.lazy(() => z.object({ stale: z.array(staleItem), count: z.number().int() })),
      async handle() {
        await cb.ready();
        const stale = s.codebookStamps.stale(null);
        return { stale, count: stale.length };
      },
    }),
    route({
      method: 'POST',
      path: '/api/codebook',
      summary:
        'Adds a code (codebook_mode extensible or open; 403 when fixed): name, parent_id, color, description; 409 when the name is taken under that parent',
      access: 'user',
      body: z.object({
        name: codeName,
        parent_id: codeId.nullable().optional(),
        color: codeColor.optional(),
        description: codeDescription.optional(),
      }),
      response: z.object({ code: codeOut }),
      async handle({ username, body }) {
        return { code: await cb.add(username, body) };
      },
    }),
    route({
      method: 'PATCH',
      path: '/api/codebook/:id',
      summary:
        'Renames, recolours, moves (parent_id) or describes a code (codebook_mode open, or an admin or adjudicator under extensible)',
      access: 'user',
      body: z.object({
        name: codeName.optional(),
        color: codeColor.optional(),
        parent_id: codeId.nullable().optional(),
        description: codeDescription.optional(),
      }),
      response: z.object({ code: codeOut }),
      async handle({ username, params, body }) {
        return { code: await cb.update(username, params.id, body) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/codebook/:id',
      summary: 'Deletes a code and the codes under it (as PATCH for who may); answers how many were deleted',
      access: 'user',
      response: z.lazy(() => z.object({ deleted: z.number().int() })),
      async handle({ username, params }) {
        return { deleted: await cb.remove(username, params.id) };
      },
    }),
  ];
}
