/**
 * One change to the codebook under construction: its store ops, the counters it moves and its change-log entry,
 * written together in one `store.write`. Every change writes the one meta row too, so two server processes
 * changing the codebook at once collide (SharedStore) and the later one runs again on the new state, and within
 * one process a change is planned and handed to the store in the same turn, so no check goes stale before it.
 */
import type { StoreOp } from '../ports.js';
import type { Block } from './blocks.js';
import type { CodeRecord } from './codes.js';

export interface CodebookMeta {
  /** structural changes: codes added, renamed, recoloured, moved, deleted, merged */
  revision: number;
  /** every prose edit */
  content_revision: number;
  /** changes of meaning: semantic prose edits, codes added or removed */
  sem_revision: number;
  /** the schemes whose labels were seeded */
  seeded: string[];
  next_order: number;
  change_seq: number;
}

export const EMPTY_META: CodebookMeta = {
  revision: 0,
  content_revision: 0,
  sem_revision: 0,
  seeded: [],
  next_order: 0,
  change_seq: 0,
};

export interface Actor {
  name: string;
  kind: 'human' | 'model';
}

export interface ChangeRecord {
  id: string;
  seq: number;
  op: string;
  actor: string;
  actor_kind: 'human' | 'model';
  /** the proposal this change carried out, if any */
  proposal_id: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  revision: number;
  at: string;
}

/** What a code's or a section's prose is now: its blocks and how many saves made them. */
export interface ScopeRecord {
  scope_kind: 'code' | 'section';
  scope_id: string;
  version: number;
  blocks: Block[];
  updated_at: string;
  updated_by: string;
}

/** The answer's stamp: the codebook revision in effect when the annotator last saved the item. */
interface StampRecord {
  username: string;
  instance_id: string;
  revision: number;
}

declare module '../ports.js' {
  interface Tables {
    /** code id → the code */
    codebook_codes: CodeRecord;
    /** "state" → the revisions and counters */
    codebook_meta: CodebookMeta;
    /** change id → one entry of the audit trail */
    codebook_changes: ChangeRecord;
    /** "code:<id>" or "section:<name>" → the live prose */
    codebook_scopes: ScopeRecord;
    /** the answer's key (user, instance) → the revision their answer was saved under */
    codebook_stamps: StampRecord;
  }
}

export class Draft {
  readonly ops: StoreOp[] = [];
  readonly meta: CodebookMeta;
  proposalId: string | null = null;

  constructor(
    meta: CodebookMeta,
    readonly actor: Actor,
    readonly now: string,
  ) {
    this.meta = { ...meta, seeded: [...meta.seeded] };
  }

  bump(what: { structural?: boolean; content?: boolean; semantic?: boolean }): void {
    if (what.structural) this.meta.revision++;
    if (what.content) this.meta.content_revision++;
    if (what.semantic) this.meta.sem_revision++;
  }

  putCode(code: CodeRecord): void {
    this.ops.push({ table: 'codebook_codes', key: code.id, value: code });
  }

  log(op: string, summary: string, before: unknown, after: unknown): void {
    const seq = ++this.meta.change_seq;
    const entry: ChangeRecord = {
      id: `c${seq}`,
      seq,
      op,
      actor: this.actor.name,
      actor_kind: this.actor.kind,
      proposal_id: this.proposalId,
      summary,
      before,
      after,
      revision: this.meta.revision,
      at: this.now,
    };
    this.ops.push({ table: 'codebook_changes', key: entry.id, value: entry });
  }

  /** The ops with the meta row last. */
  finish(): StoreOp[] {
    return [...this.ops, { table: 'codebook_meta', key: 'state', value: this.meta }];
  }
}
