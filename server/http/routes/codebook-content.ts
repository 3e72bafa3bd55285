/**
 * The codebook's prose (Potato's living document): typed blocks per code and per section, saved with the version
 * they were edited from. A stale save answers 409 with what is there now, in Potato's shape
 * (`error: "stale_content"`), so a script written for Potato rebases the same way; a save the caller's mode does
 * not allow is queued as a proposal (201) for an admin.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { forbidden } from '../../domain/errors.js';
import { DOC_SECTIONS, parseMarkdown } from '../../domain/codebook/blocks.js';
import type { SaveResult } from '../../domain/codebook/content.js';
import { route, type RouteSpec } from '../route.js';
import { blockOut, blocksIn, proposalOut, scopeRef } from './codebook-shapes.js';

const scopeOut = z.object({
  scope_kind: z.enum(['code', 'section']),
  scope_id: z.string(),
  scope_version: z.number().int(),
  blocks: z.array(blockOut),
});

const snapshotMeta = z.object({
  id: z.string(),
  scope_kind: z.enum(['code', 'section']),
  scope_id: z.string(),
  version: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  minor: z.boolean(),
  semantic: z.boolean(),
  restored_from: z.string().nullable(),
});

const saved = scopeOut.extend({
  semantic: z.boolean().describe('whether the edit changed meaning (and moved sem_revision)'),
  content_revision: z.number().int(),
  sem_revision: z.number().int(),
});

const saveAnswer = z.lazy(() =>
  z.union([
    saved,
    z.object({ queued: z.literal(true), proposal: proposalOut }),
    z.object({
      error: z.literal('stale_content'),
      message: z.string(),
      current_version: z.number().int(),
      current_blocks: z.array(blockOut),
      current_md: z.string(),
    }),
  ]),
);

export function codebookContentRoutes(s: Services): RouteSpec[] {
  const cb = s.codebook;
  const content = s.codebookContent;
  const savedBody = (r: Extract<SaveResult, { kind: 'saved' }>) => ({
    scope_kind: r.scope.scope_kind,
    scope_id: r.scope.scope_id,
    scope_version: r.scope.version,
    blocks: r.scope.blocks,
    semantic: r.semantic,
    content_revision: r.content_revision,
    sem_revision: r.sem_revision,
  });
  return [
    route({
      method: 'GET',
      path: '/api/codebook/document',
      summary:
        'The whole codebook as a document: the sections’ and every code’s blocks, the block types, the revisions',
      access: 'user',
      response: z.lazy(() =>
        z.object({
          revision: z.number().int(),
          content_revision: z.number().int(),
          sem_revision: z.number().int(),
          block_types: z.array(z.object({ key: z.string(), heading: z.string(), semantic: z.boolean() })),
          doc_sections: z.array(
            z.object({ section: z.string(), scope_version: z.number().int(), blocks: z.array(blockOut) }),
          ),
          codes: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              parent_id: z.string().nullable(),
              color: z.string().nullable(),
              scope_version: z.number().int(),
              blocks: z.array(blockOut),
            }),
          ),
          can_edit_content: z.boolean(),
        }),
      ),
      async handle({ username }) {
        await cb.ready();
        return content.document(username);
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/blocks',
      summary: `One code’s blocks (code_id) or one section’s (section: ${DOC_SECTIONS.join(', ')}) with its version`,
      access: 'user',
      query: z.object(scopeRef),
      response: scopeOut,
      async handle({ query }) {
        await cb.ready();
        const scope = content.current(content.scope(query));
        return {
          scope_kind: scope.scope_kind,
          scope_id: scope.scope_id,
          scope_version: scope.version,
          blocks: scope.blocks,
        };
      },
    }),
    route({
      method: 'PUT',
      path: '/api/codebook/blocks',
      summary:
        'Saves a code’s or section’s blocks from base_version (minor: not a change of meaning); 409 stale_content with the current blocks when another save came first; 201 queued as a proposal when the caller may not edit it',
      access: 'user',
      body: z.lazy(() =>
        z.object({
          ...scopeRef,
          base_version: z.number().int().min(0),
          blocks: blocksIn,
          minor: z.boolean().optional(),
        }),
      ),
      response: saveAnswer,
      async handle({ username, body, ctx }) {
        await cb.ready();
        const scope = content.scope(body);
        const blocks = body.blocks.map((b) => ({ ...b, custom_label: b.custom_label ?? null }));
        if (!cb.canEdit(username)) {
          const payload = { ...(scope.kind === 'code' ? { code_id: scope.id } : { section: scope.id }), blocks };
          const proposal = await s.codebookProposals.propose(username, 'human', {
            op: 'content',
            payload: body.minor === undefined ? payload : { ...payload, minor: body.minor },
          });
          ctx.status = 201;
          return { queued: true as const, proposal };
        }
        const result = await content.save(username, scope, body.base_version, blocks, body.minor ?? false);
        if (result.kind === 'saved') return savedBody(result);
        ctx.status = 409;
        return {
          error: 'stale_content' as const,
          message: `another save came first: this ${scope.kind} is at version ${result.current.version}, not ${body.base_version}; rebase onto current_blocks and save with base_version ${result.current.version}`,
          current_version: result.current.version,
          current_blocks: result.current.blocks,
          current_md: content.markdown(result.current.blocks),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/api/codebook/parse',
      summary:
        'Reads pasted markdown into typed blocks; a heading that names no type is a custom block, classified false',
      access: 'user',
      body: z.lazy(() => z.object({ markdown: z.string().max(200_000) })),
      response: z.lazy(() => z.object({ blocks: z.array(blockOut.extend({ classified: z.boolean() })) })),
      handle({ body }) {
        return { blocks: parseMarkdown(body.markdown) };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/history',
      summary: 'The saved versions of a code’s or section’s prose (scope_kind code or section, scope_id), newest first',
      access: 'user',
      query: z.lazy(() => z.object({ scope_kind: z.enum(['code', 'section']), scope_id: z.string().min(1).max(200) })),
      response: z.lazy(() => z.object({ history: z.array(snapshotMeta), count: z.number().int() })),
      async handle({ query }) {
        await cb.ready();
        const scope = { kind: query.scope_kind, id: query.scope_id };
        const history = content.history(scope).map(({ blocks: _blocks, ...meta }) => meta);
        return { history, count: history.length };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/history/:id',
      summary: 'One saved version: its blocks and the same as markdown',
      access: 'user',
      response: snapshotMeta.extend({ blocks: z.array(blockOut), markdown: z.string() }),
      async handle({ params }) {
        await cb.ready();
        const snap = content.snapshot(params.id);
        return { ...snap, markdown: content.markdown(snap.blocks) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/codebook/restore',
      summary: 'Saves an older version again as the newest (never a rewind: the versions between stay in the history)',
      access: 'user',
      body: z.lazy(() => z.object({ snapshot_id: z.string().min(1).max(64) })),
      response: saved,
      async handle({ username, body }) {
        await cb.ready();
        if (!cb.canEdit(username))
          throw forbidden('your codebook_mode does not let you edit the codebook’s prose; an admin can restore it');
        const result = await content.restore(username, body.snapshot_id);
        if (result.kind !== 'saved') throw new Error('a restore is never stale');
        return savedBody(result);
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/distilled',
      summary: 'The codebook flattened into one text for a prompt (procedure concat), as it stands now',
      access: 'user',
      response: z.lazy(() =>
        z.object({ procedure: z.literal('concat'), distilled: z.string(), content_revision: z.number().int() }),
      ),
      async handle() {
        await cb.ready();
        return {
          procedure: 'concat' as const,
          distilled: content.distilled(),
          content_revision: cb.meta().content_revision,
        };
      },
    }),
  ];
}
