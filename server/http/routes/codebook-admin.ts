/**
 * The codebook's admin side (`/api/codebook/admin/*`: merge, the change log, proposals to decide), the queue anyone
 * logged in may propose into, and Potato's QDA mode endpoints (`/qda/status`, `/qda/codebook`).
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { unauthorized, unavailable } from '../../domain/errors.js';
import type { ProposalChange } from '../../domain/codebook/proposals.js';
import { route, type RouteSpec } from '../route.js';
import { caseOut } from './cases.js';
import {
  blocksIn,
  codeColor,
  codeDescription,
  codeId,
  codeName,
  codeOut,
  codebookModes,
  proposalOut,
  scopeRef,
  treeNode,
} from './codebook-shapes.js';

const change = z.lazy(() =>
  z.discriminatedUnion('op', [
    z.object({
      op: z.literal('add'),
      payload: z.object({
        name: codeName,
        parent_id: codeId.nullable().optional(),
        color: codeColor.optional(),
        description: codeDescription.optional(),
      }),
    }),
    z.object({ op: z.literal('rename'), payload: z.object({ code_id: codeId, name: codeName }) }),
    z.object({ op: z.literal('recolor'), payload: z.object({ code_id: codeId, color: codeColor }) }),
    z.object({ op: z.literal('move'), payload: z.object({ code_id: codeId, parent_id: codeId.nullable() }) }),
    z.object({ op: z.literal('delete'), payload: z.object({ code_id: codeId }) }),
    z.object({ op: z.literal('merge'), payload: z.object({ src_id: codeId, dst_id: codeId }) }),
    z.object({
      op: z.literal('content'),
      payload: z.object({ ...scopeRef, blocks: blocksIn, minor: z.boolean().optional() }),
    }),
  ]),
);

const proposalIn = z.lazy(() =>
  z.intersection(
    change,
    z.object({ actor_kind: z.enum(['human', 'model']).default('human'), rationale: z.string().max(5000).optional() }),
  ),
);

/** What deciding a pending proposal does, by the decision (one route each, the same shape). */
const DECIDE = {
  confirm: 'Carries out a pending proposal (logged as its proposer’s kind); 409 when it was already decided',
  reject: 'Discards a pending proposal; nothing changes. 409 when it was already decided',
};

const QDA_OFF = 'QDA Mode not enabled: set qda_mode.enabled: true in the project config to turn it on';

export function codebookAdminRoutes(s: Services): RouteSpec[] {
  const cb = s.codebook;
  const proposals = s.codebookProposals;
  return [
    route({
      method: 'POST',
      path: '/api/codebook/admin/merge',
      summary:
        'Folds code src_id into dst_id: src is archived (kept in the history, no longer a label), its codes move under dst',
      access: 'admin',
      body: z.object({ src_id: codeId, dst_id: codeId }),
      response: z.lazy(() => z.object({ src_id: z.string(), dst_id: z.string(), code: codeOut })),
      async handle({ username, body }) {
        const dst = await cb.merge({ name: username, kind: 'human' }, body.src_id, body.dst_id);
        return { src_id: body.src_id, dst_id: dst.id, code: dst };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/admin/changes',
      summary: 'The codebook’s change log, newest first: who changed what (a person or a model’s confirmed proposal)',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          changes: z.array(
            z.object({
              id: z.string(),
              op: z.string(),
              actor: z.string(),
              actor_kind: z.enum(['human', 'model']),
              proposal_id: z.string().nullable(),
              summary: z.string(),
              before: z.unknown(),
              after: z.unknown(),
              revision: z.number().int(),
              at: z.string(),
            }),
          ),
        }),
      ),
      async handle() {
        await cb.ready();
        return { changes: cb.changes() };
      },
    }),
    route({
      method: 'POST',
      path: '/api/codebook/proposals',
      summary:
        'Queues a proposed change for an admin (op add, rename, recolor, move, delete, merge or content with its payload; actor_kind model for a model’s); changes nothing until confirmed',
      access: 'user',
      body: proposalIn,
      response: z.object({ proposal: proposalOut }),
      responds: { status: 201 },
      async handle({ username, body }) {
        const { actor_kind, rationale, ...rest } = body;
        const proposal = await proposals.propose(username, actor_kind, rest as ProposalChange, rationale);
        return { proposal };
      },
    }),
    route({
      method: 'GET',
      path: '/api/codebook/admin/proposals',
      summary: 'The proposals waiting for a decision, oldest first, each with its change as a sentence',
      access: 'admin',
      response: z.lazy(() => z.object({ proposals: z.array(proposalOut), count: z.number().int() })),
      async handle() {
        const pending = proposals.pending();
        return { proposals: pending, count: pending.length };
      },
    }),
    ...(['confirm', 'reject'] as const).map((action) =>
      route({
        method: 'POST',
        path: `/api/codebook/admin/proposals/:id/${action}`,
        summary: DECIDE[action],
        access: 'admin',
        response: z.object({ proposal: proposalOut }),
        async handle({ username, params }) {
          return { proposal: await proposals[action](username, params.id) };
        },
      }),
    ),
    route({
      method: 'GET',
      path: '/qda/status',
      summary: 'Whether QDA mode is on, with its memo and codebook settings as this server reads them',
      access: 'public',
      response: z.lazy(() =>
        z.union([
          z.object({ enabled: z.literal(false) }),
          z.object({
            enabled: z.literal(true),
            memos: z.object({ enabled: z.boolean(), show_sidebar_by_default: z.boolean() }),
            codebook: z.object({ enabled: z.boolean(), mode: codebookModes }),
          }),
        ]),
      ),
      handle() {
        if (!s.config.codebook.qda) return { enabled: false as const };
        return {
          enabled: true as const,
          memos: { enabled: s.memos.settings.enabled, show_sidebar_by_default: s.memos.settings.openByDefault },
          codebook: { enabled: cb.settings.enabled, mode: cb.settings.mode },
        };
      },
    }),
    route({
      method: 'GET',
      path: '/qda/codebook',
      summary:
        'QDA mode’s read view of the codebook (tree and names) and the cases (none while cases are off); 503 when QDA mode is off (as /qda/status tells anyone), else 401 until logged in, unlike Potato, which shows it to anyone',
      access: 'public',
      response: z.lazy(() =>
        z.object({ tree: z.array(treeNode), labels: z.array(z.string()), cases: z.array(caseOut) }),
      ),
      async handle({ username }) {
        if (!s.config.codebook.qda) throw unavailable(QDA_OFF);
        // public only so that the 503 above comes first; the codebook itself is for the project's users
        if (!username) throw unauthorized('log in first: POST /auth with username and password');
        await cb.ready();
        const view = cb.view(username);
        return { tree: view.tree, labels: view.labels, cases: s.cases.settings.enabled ? s.cases.list() : [] };
      },
    }),
  ];
}
