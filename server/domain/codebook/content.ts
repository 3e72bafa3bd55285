/**
 * The codebook as a living document: each code's prose and each document section as typed blocks, saved whole
 * with the version the editor started from. A save from an older version is refused with what is there now (the
 * editor rebases onto it), so two editors never silently overwrite each other; scopes are versioned apart, so
 * editors of different codes never collide. Every save keeps a snapshot; restoring one saves it again as a new
 * version, never rewinding.
 */
import { randomBytes } from 'node:crypto';
import { invalid, notFound } from '../errors.js';
import type { Store } from '../ports.js';
import { BLOCK_TYPES, DOC_SECTIONS, blocksToMarkdown, distill, isSemanticChange, type Block } from './blocks.js';
import type { Codebook } from './codebook.js';
import type { Draft, ScopeRecord } from './draft.js';

export interface Scope {
  kind: 'code' | 'section';
  id: string;
}

export interface SnapshotRecord {
  id: string;
  scope_kind: 'code' | 'section';
  scope_id: string;
  version: number;
  blocks: Block[];
  created_by: string;
  created_at: string;
  minor: boolean;
  semantic: boolean;
  restored_from: string | null;
}

declare module '../ports.js' {
  interface Tables {
    /** snapshot id → one saved version of a scope's prose */
    codebook_history: SnapshotRecord;
  }
}

export type SaveResult =
  | {
      kind: 'saved';
      scope: ScopeRecord;
      semantic: boolean;
      content_revision: number;
      sem_revision: number;
    }
  | { kind: 'stale'; current: ScopeRecord };

const scopeKey = (s: Scope) => `${s.kind}:${s.id}`;

export class CodebookContent {
  constructor(
    private readonly store: Store,
    private readonly codebook: Codebook,
  ) {}

  /** A scope named by a code id or a section name; either must exist. */
  scope(ref: { code_id?: string; section?: string }): Scope {
    if (ref.code_id !== undefined && ref.section !== undefined)
      throw invalid('code_id: give code_id or section, not both');
    if (ref.code_id !== undefined) return { kind: 'code', id: this.codebook.live(ref.code_id, 'code_id').id };
    if (ref.section === undefined) throw invalid('code_id: give code_id (a code) or section (a document section)');
    if (!(DOC_SECTIONS as readonly string[]).includes(ref.section))
      throw invalid(`section: must be one of ${DOC_SECTIONS.join(', ')}`);
    return { kind: 'section', id: ref.section };
  }

  current(scope: Scope): ScopeRecord {
    return (
      this.store.get('codebook_scopes', scopeKey(scope)) ?? {
        scope_kind: scope.kind,
        scope_id: scope.id,
        version: 0,
        blocks: [],
        updated_at: '',
        updated_by: '',
      }
    );
  }

  /** Every code's and section's prose with the counters. */
  document(username: string) {
    const meta = this.codebook.meta();
    return {
      revision: meta.revision,
      content_revision: meta.content_revision,
      sem_revision: meta.sem_revision,
      block_types: BLOCK_TYPES.map((t) => ({ key: t.key, heading: t.heading, semantic: t.semantic })),
      doc_sections: DOC_SECTIONS.map((section) => {
        const s = this.current({ kind: 'section', id: section });
        return { section, scope_version: s.version, blocks: s.blocks };
      }),
      codes: this.codebook.liveCodes().map((c) => {
        const s = this.current({ kind: 'code', id: c.id });
        return {
          id: c.id,
          name: c.name,
          parent_id: c.parent_id,
          color: c.color,
          scope_version: s.version,
          blocks: s.blocks,
        };
      }),
      can_edit_content: this.codebook.canEdit(username),
    };
  }

  /**
   * Saves `blocks` as the scope's next version if it is still at `baseVersion`; otherwise answers what is there.
   * Checked and handed to the store in one turn, so of several saves from the same version exactly one lands.
   */
  planSave(
    draft: Draft,
    scope: Scope,
    baseVersion: number | null,
    blocks: Block[],
    minor: boolean,
    restoredFrom: string | null = null,
  ): SaveResult {
    const before = this.current(scope);
    if (baseVersion !== null && baseVersion !== before.version) return { kind: 'stale', current: before };
    const semantic = !minor && isSemanticChange(before.blocks, blocks);
    draft.bump({ content: true, semantic });
    const next: ScopeRecord = {
      scope_kind: scope.kind,
      scope_id: scope.id,
      version: before.version + 1,
      blocks: blocks.map((b) => ({
        block_type: b.block_type,
        body_md: b.body_md,
        custom_label: b.custom_label ?? null,
      })),
      updated_at: draft.now,
      updated_by: draft.actor.name,
    };
    const snapshot: SnapshotRecord = {
      id: randomBytes(9).toString('base64url'),
      scope_kind: scope.kind,
      scope_id: scope.id,
      version: next.version,
      blocks: next.blocks,
      created_by: draft.actor.name,
      created_at: draft.now,
      minor,
      semantic,
      restored_from: restoredFrom,
    };
    draft.ops.push(
      { table: 'codebook_scopes', key: scopeKey(scope), value: next },
      { table: 'codebook_history', key: snapshot.id, value: snapshot },
    );
    draft.log(
      restoredFrom ? 'restore' : 'content',
      `Edit the prose of ${this.title(scope)}`,
      before.version,
      next.version,
    );
    return {
      kind: 'saved',
      scope: next,
      semantic,
      content_revision: draft.meta.content_revision,
      sem_revision: draft.meta.sem_revision,
    };
  }

  async save(
    username: string,
    scope: Scope,
    baseVersion: number,
    blocks: Block[],
    minor: boolean,
  ): Promise<SaveResult> {
    const draft = this.codebook.draft({ name: username, kind: 'human' });
    const result = this.planSave(draft, scope, baseVersion, blocks, minor);
    if (result.kind === 'saved') await this.store.write(draft.finish());
    return result;
  }

  /** A scope's snapshots, newest first. */
  history(scope: Scope): SnapshotRecord[] {
    const out: SnapshotRecord[] = [];
    for (const [, s] of this.store.entries('codebook_history'))
      if (s.scope_kind === scope.kind && s.scope_id === scope.id) out.push(s);
    return out.sort((a, b) => b.version - a.version || b.created_at.localeCompare(a.created_at));
  }

  snapshot(id: string): SnapshotRecord {
    const s = this.store.get('codebook_history', id);
    if (!s) throw notFound(`no codebook snapshot with id "${id}"`);
    return s;
  }

  /** Saves an older snapshot again as the scope's next version. */
  async restore(username: string, snapshotId: string): Promise<SaveResult> {
    const snap = this.snapshot(snapshotId);
    const scope: Scope = { kind: snap.scope_kind, id: snap.scope_id };
    if (scope.kind === 'code') this.codebook.live(scope.id, 'snapshot_id');
    const draft = this.codebook.draft({ name: username, kind: 'human' });
    const result = this.planSave(draft, scope, null, snap.blocks, false, snap.id);
    await this.store.write(draft.finish());
    return result;
  }

  markdown(blocks: readonly Block[]): string {
    return blocksToMarkdown(blocks);
  }

  distilled(): string {
    return distill(
      DOC_SECTIONS.map((section) => ({ section, blocks: this.current({ kind: 'section', id: section }).blocks })),
      this.codebook.liveCodes().map((c) => ({ name: c.name, blocks: this.current({ kind: 'code', id: c.id }).blocks })),
      this.codebook.settings.distilledTypes,
    );
  }

  private title(scope: Scope): string {
    if (scope.kind === 'section') return `the section ${scope.id}`;
    return `«${this.store.get('codebook_codes', scope.id)?.name ?? scope.id}»`;
  }
}
