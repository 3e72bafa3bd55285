/**
 * Changes to the code tree, planned into a draft that the caller writes in one go: adding, editing, deleting and
 * merging codes, each checked against the tree as it stands (a name free under its parent, a code never moved
 * under itself) and logged with the code before and after. The codebook's own edits and a confirmed proposal
 * plan through the same functions.
 */
import { conflict, invalid } from '../errors.js';
import type { Store } from '../ports.js';
import { checkName, codeId, nameKey, subtreeIds, type CodeRecord } from './codes.js';
import type { Draft } from './draft.js';

export interface CodeChange {
  name?: string;
  color?: string | null;
  parent_id?: string | null;
  description?: string;
}

/** What planning reads: the codes as they stand, and the store for the ids and prose it touches. */
export interface CodeTree {
  readonly store: Store;
  readonly project: string;
  /** a live code by id; a missing or merged one is a 404 naming `field` */
  live(id: string, field?: string): CodeRecord;
  codes(): CodeRecord[];
  liveCodes(): CodeRecord[];
}

export function planAdd(book: CodeTree, draft: Draft, input: CodeChange & { name: string }): CodeRecord {
  const name = checkName(input.name);
  const parent = input.parent_id ? book.live(input.parent_id, 'parent_id').id : null;
  checkFree(book, name, parent, null);
  draft.bump({ structural: true, semantic: true });
  const code = newCode(book, draft, {
    name,
    parent_id: parent,
    color: input.color ?? null,
    description: input.description ?? '',
    created_revision: draft.meta.revision,
  });
  draft.putCode(code);
  draft.log('add', `Add «${name}»`, null, publicCode(code));
  return code;
}

export function planUpdate(book: CodeTree, draft: Draft, id: string, change: CodeChange): CodeRecord {
  const code = book.live(id);
  const next: CodeRecord = { ...code, updated_at: draft.now };
  if (change.name !== undefined) next.name = checkName(change.name);
  if (change.color !== undefined) next.color = change.color;
  if (change.description !== undefined) next.description = change.description;
  if (change.parent_id !== undefined) {
    const parent = change.parent_id === null ? null : book.live(change.parent_id, 'parent_id').id;
    if (parent !== null && subtreeIds(book.codes(), id).includes(parent))
      throw invalid('parent_id: a code cannot move under itself or one of its own codes');
    next.parent_id = parent;
  }
  if (next.name !== code.name || next.parent_id !== code.parent_id) checkFree(book, next.name, next.parent_id, id);
  const ops = (['name', 'color', 'parent_id', 'description'] as const).filter((k) => next[k] !== code[k]);
  if (!ops.length) return code;
  draft.bump({ structural: true });
  draft.putCode(next);
  const verb = { name: 'rename', color: 'recolor', parent_id: 'move', description: 'describe' }[ops[0]];
  draft.log(
    ops.length === 1 ? verb : 'edit',
    `${verb[0].toUpperCase()}${verb.slice(1)} «${code.name}»`,
    publicCode(code),
    publicCode(next),
  );
  return next;
}

/** Deletes a code and everything under it; their prose goes too, their history stays. */
export function planRemove(book: CodeTree, draft: Draft, id: string): number {
  const code = book.live(id);
  const ids = subtreeIds(book.codes(), id);
  for (const each of ids) {
    draft.ops.push({ table: 'codebook_codes', key: each, delete: true });
    if (book.store.get('codebook_scopes', `code:${each}`))
      draft.ops.push({ table: 'codebook_scopes', key: `code:${each}`, delete: true });
  }
  draft.bump({ structural: true, semantic: true });
  draft.log(
    'delete',
    `Delete «${code.name}»${ids.length > 1 ? ` and ${ids.length - 1} code(s) under it` : ''}`,
    publicCode(code),
    null,
  );
  return ids.length;
}

/** Folds `src` into `dst`: src is archived (kept, no longer a label), its children move to dst. */
export function planMerge(book: CodeTree, draft: Draft, srcId: string, dstId: string): CodeRecord {
  const src = book.live(srcId, 'src_id');
  const dst = book.live(dstId, 'dst_id');
  if (src.id === dst.id) throw invalid('dst_id: a code cannot be merged into itself');
  if (subtreeIds(book.codes(), src.id).includes(dst.id))
    throw invalid('dst_id: a code cannot be merged into one of its own codes');
  for (const child of book.liveCodes().filter((c) => c.parent_id === src.id))
    draft.putCode({ ...child, parent_id: dst.id, updated_at: draft.now });
  draft.putCode({ ...src, archived: true, merged_into: dst.id, updated_at: draft.now });
  draft.bump({ structural: true, semantic: true });
  draft.log('merge', `Merge «${src.name}» into «${dst.name}»`, publicCode(src), publicCode(dst));
  return dst;
}

function checkFree(book: CodeTree, name: string, parent: string | null, except: string | null): void {
  const key = nameKey(name);
  const clash = book.liveCodes().find((c) => c.id !== except && c.parent_id === parent && nameKey(c.name) === key);
  if (clash) throw conflict(`name: a code named "${clash.name}" already exists here`);
}

export function newCode(
  book: Pick<CodeTree, 'store' | 'project'>,
  draft: Draft,
  fields: Partial<CodeRecord> & { name: string; created_revision: number },
): CodeRecord {
  const parent = fields.parent_id ?? null;
  let id = codeId(book.project, parent, fields.name);
  // a merged (archived) or renamed code may hold the name's id: the new code gets a fresh one
  for (let n = 2; book.store.get('codebook_codes', id) || draft.ops.some((o) => o.key === id); n++)
    id = codeId(book.project, parent, `${fields.name}\u0000${n}`);
  return {
    id,
    parent_id: parent,
    color: null,
    description: '',
    scheme: null,
    archived: false,
    merged_into: null,
    order: draft.meta.next_order++,
    created_by: draft.actor.name,
    created_at: draft.now,
    updated_at: draft.now,
    ...fields,
  };
}

/** A code as the API shows it. */
export function publicCode(c: CodeRecord) {
  return {
    id: c.id,
    name: c.name,
    parent_id: c.parent_id,
    color: c.color,
    description: c.description,
    scheme: c.scheme,
    archived: c.archived,
    merged_into: c.merged_into,
    created_by: c.created_by,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
