/** The codebook's shapes on the wire, shared by its route modules. */
import { z } from 'zod';
import { BLOCK_TYPE_KEYS } from '../../domain/codebook/blocks.js';
import { CODEBOOK_MODES, NAME_MAX } from '../../domain/codebook/codes.js';

export const codeId = z.string().min(1).max(200);
export const codeName = z.string().max(NAME_MAX + 50);
/** a hex colour only: it ends up in a style attribute */
export const codeColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #a0c4ff')
  .nullable();
export const codeDescription = z.string().max(5000);

/** what a code is, as a list and the tree both give it */
const codeFields = {
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  color: z.string().nullable(),
  description: z.string(),
};

export const codeOut = z.lazy(() =>
  z.object({
    ...codeFields,
    scheme: z.string().nullable().describe('the scheme whose labels seeded it'),
    archived: z.boolean().describe('merged into another code: kept, no longer a label'),
    merged_into: z.string().nullable(),
    created_by: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

/**
 * a code in the tree; its children are nodes of the same shape (not spelled out: OpenAPI's generator cannot follow a
 * recursive schema)
 */
export const treeNode = z.lazy(() =>
  z.object({
    ...codeFields,
    children: z.array(z.unknown()).describe('the codes under it, each a node of this shape'),
  }),
);

export const codebookModes = z.enum(CODEBOOK_MODES);

const blockIn = z.lazy(() =>
  z.object({
    block_type: z.enum(BLOCK_TYPE_KEYS),
    body_md: z.string().max(20_000),
    custom_label: z.string().max(200).nullable().optional(),
  }),
);
export const blocksIn = z.array(blockIn).max(200);

export const blockOut = z.object({
  block_type: z.string(),
  body_md: z.string(),
  custom_label: z.string().nullable(),
});

/** a code's prose or a document section's */
export const scopeRef = {
  code_id: codeId.optional(),
  section: z.string().max(64).optional(),
};

export const proposalOut = z.lazy(() =>
  z.object({
    id: z.string(),
    op: z.string(),
    payload: z.unknown().describe('the change’s fields: code_id, name, src_id and dst_id, blocks, ... by op'),
    actor: z.string(),
    actor_kind: z.enum(['human', 'model']),
    rationale: z.string(),
    summary: z.string().describe('the change as a sentence'),
    status: z.enum(['pending', 'confirmed', 'rejected']),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    decided_by: z.string().nullable(),
  }),
);
