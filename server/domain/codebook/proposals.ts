/**
 * Proposed codebook changes that wait for a person: a model's suggestions (Potato's `actor_kind: "model"`) and the
 * prose edits of annotators whose `codebook_mode` does not let them edit it themselves. Queuing changes nothing;
 * an admin confirms one (it is carried out as an edit, logged as the proposer's kind with the proposal's id) or
 * rejects it. A decided proposal stays decided: confirming it again is a conflict.
 */
import { randomBytes } from 'node:crypto';
import { conflict, invalid, notFound } from '../errors.js';
import type { Store } from '../ports.js';
import type { Block } from './blocks.js';
import type { Codebook } from './codebook.js';
import { planAdd, planMerge, planRemove, planUpdate, type CodeChange } from './code-edits.js';
import type { CodebookContent } from './content.js';
import type { Draft } from './draft.js';

export type ProposalChange =
  | { op: 'add'; payload: CodeChange & { name: string } }
  | { op: 'rename'; payload: { code_id: string; name: string } }
  | { op: 'recolor'; payload: { code_id: string; color: string | null } }
  | { op: 'move'; payload: { code_id: string; parent_id: string | null } }
  | { op: 'delete'; payload: { code_id: string } }
  | { op: 'merge'; payload: { src_id: string; dst_id: string } }
  | { op: 'content'; payload: { code_id?: string; section?: string; blocks: Block[]; minor?: boolean } };

export type ProposalRecord = ProposalChange & {
  id: string;
  actor: string;
  actor_kind: 'human' | 'model';
  rationale: string;
  summary: string;
  status: 'pending' | 'confirmed' | 'rejected';
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
};

declare module '../ports.js' {
  interface Tables {
    /** proposal id → a proposed change and its decision */
    codebook_proposals: ProposalRecord;
  }
}

export class CodebookProposals {
  constructor(
    private readonly store: Store,
    private readonly codebook: Codebook,
    private readonly content: CodebookContent,
  ) {}

  async propose(
    actor: string,
    actorKind: 'human' | 'model',
    change: ProposalChange,
    rationale = '',
  ): Promise<ProposalRecord> {
    await this.codebook.ready();
    // the codes named must exist now; whether the change still fits is checked again when it is confirmed
    const p = change.payload as Record<string, unknown>;
    for (const field of ['code_id', 'src_id', 'dst_id'] as const)
      if (typeof p[field] === 'string') this.codebook.live(p[field] as string, `payload.${field}`);
    if (change.op === 'content') this.content.scope(change.payload);
    const proposal: ProposalRecord = {
      ...change,
      id: randomBytes(9).toString('base64url'),
      actor,
      actor_kind: actorKind,
      rationale,
      summary: this.describe(change),
      status: 'pending',
      created_at: this.codebook.draft({ name: actor, kind: actorKind }).now,
      decided_at: null,
      decided_by: null,
    };
    await this.store.write([{ table: 'codebook_proposals', key: proposal.id, value: proposal }]);
    return proposal;
  }

  pending(): ProposalRecord[] {
    return [...this.store.entries('codebook_proposals')]
      .map(([, p]) => p)
      .filter((p) => p.status === 'pending')
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /** Carries out a pending proposal and marks it confirmed, in one write. */
  async confirm(admin: string, id: string): Promise<ProposalRecord> {
    await this.codebook.ready();
    const proposal = this.open(id);
    const draft = this.codebook.draft({ name: proposal.actor, kind: proposal.actor_kind });
    draft.proposalId = proposal.id;
    this.apply(draft, proposal);
    const decided: ProposalRecord = { ...proposal, status: 'confirmed', decided_at: draft.now, decided_by: admin };
    await this.store.write([...draft.finish(), { table: 'codebook_proposals', key: id, value: decided }]);
    return decided;
  }

  async reject(admin: string, id: string): Promise<ProposalRecord> {
    const proposal = this.open(id);
    const now = this.codebook.draft({ name: admin, kind: 'human' }).now;
    const decided: ProposalRecord = { ...proposal, status: 'rejected', decided_at: now, decided_by: admin };
    await this.store.write([{ table: 'codebook_proposals', key: id, value: decided }]);
    return decided;
  }

  private open(id: string): ProposalRecord {
    const proposal = this.store.get('codebook_proposals', id);
    if (!proposal) throw notFound(`no codebook proposal with id "${id}"`);
    if (proposal.status !== 'pending') throw conflict(`the proposal was already ${proposal.status}`);
    return proposal;
  }

  private apply(draft: Draft, p: ProposalRecord): void {
    const cb = this.codebook;
    switch (p.op) {
      case 'add':
        planAdd(cb, draft, p.payload);
        return;
      case 'rename':
        planUpdate(cb, draft, p.payload.code_id, { name: p.payload.name });
        return;
      case 'recolor':
        planUpdate(cb, draft, p.payload.code_id, { color: p.payload.color });
        return;
      case 'move':
        planUpdate(cb, draft, p.payload.code_id, { parent_id: p.payload.parent_id });
        return;
      case 'delete':
        planRemove(cb, draft, p.payload.code_id);
        return;
      case 'merge':
        planMerge(cb, draft, p.payload.src_id, p.payload.dst_id);
        return;
      case 'content': {
        // laid over what is there now: the admin confirming it is the one who saw both
        const scope = this.content.scope(p.payload);
        this.content.planSave(draft, scope, null, p.payload.blocks, p.payload.minor ?? false);
        return;
      }
    }
  }

  /** The proposal as a sentence an admin reads before deciding. */
  private describe(c: ProposalChange): string {
    const name = (id: string) => `«${this.store.get('codebook_codes', id)?.name ?? id}»`;
    switch (c.op) {
      case 'add':
        return `Add «${c.payload.name}»`;
      case 'rename':
        return `Rename ${name(c.payload.code_id)} to «${c.payload.name}»`;
      case 'recolor':
        return `Recolor ${name(c.payload.code_id)} to ${c.payload.color ?? 'no colour'}`;
      case 'move':
        return `Move ${name(c.payload.code_id)} under ${c.payload.parent_id ? name(c.payload.parent_id) : 'the top level'}`;
      case 'delete':
        return `Delete ${name(c.payload.code_id)}`;
      case 'merge':
        return `Merge ${name(c.payload.src_id)} into ${name(c.payload.dst_id)}`;
      case 'content':
        return `Edit the prose of ${c.payload.code_id ? name(c.payload.code_id) : `the section ${c.payload.section}`}`;
      default:
        throw invalid('op: unknown');
    }
  }
}
