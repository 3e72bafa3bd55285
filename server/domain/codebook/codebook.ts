/**
 * Potato's codebook: the project's codes as a tree, seeded once from the labels of schemes marked `codebook: true`
 * and then kept in the store. Who may change it follows `codebook_mode` (fixed: no one through the API; extensible:
 * anyone adds; open: anyone adds, renames, recolours, moves, deletes; privileged users — admins, adjudicators —
 * edit in extensible too). Every structural change moves `revision`, and each saved answer is stamped with the
 * revision it was given under, so an annotator can be shown which of their items predate later changes.
 */
import { conflict, forbidden, invalid, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import {
  buildTree,
  checkName,
  codeId,
  nameKey,
  similarNames,
  subtreeIds,
  type CodeNode,
  type CodeRecord,
  type CodebookMode,
} from './codes.js';
import { Draft, EMPTY_META, type Actor, type ChangeRecord, type CodebookMeta } from './draft.js';

export interface CodebookSettings {
  enabled: boolean;
  mode: CodebookMode;
  /** the schemes marked `codebook: true` and the labels that seed them */
  seeds: { scheme: string; labels: string[] }[];
  /** stamp each saved answer with the revision (when a codebook is in use) */
  stamp: boolean;
  /** the block types the distilled prompt carries */
  distilledTypes: string[];
}

export interface CodeChange {
  name?: string;
  color?: string | null;
  parent_id?: string | null;
  description?: string;
}

const OFF = 'the codebook is turned off in this project (qda_mode.codebook.enabled: false)';

export class Codebook {
  private seeding: Promise<void> | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly settings: CodebookSettings,
    /** admins and adjudicators */
    readonly privileged: (username: string) => boolean,
    private readonly project: string,
  ) {}

  meta(): CodebookMeta {
    return this.store.get('codebook_meta', 'state') ?? EMPTY_META;
  }

  codes(): CodeRecord[] {
    return [...this.store.entries('codebook_codes')].map(([, c]) => c).sort((a, b) => a.order - b.order);
  }

  liveCodes(): CodeRecord[] {
    return this.codes().filter((c) => !c.archived);
  }

  /** Whether the project keeps a codebook its annotators are shown: a scheme seeds it, or QDA mode is on. */
  inUse(): boolean {
    return this.settings.enabled && this.settings.stamp;
  }

  canAdd(): boolean {
    return this.settings.mode !== 'fixed';
  }

  canEdit(username: string): boolean {
    const { mode } = this.settings;
    return mode === 'open' || (mode === 'extensible' && this.privileged(username));
  }

  /** Seeds the codes of schemes not seeded yet (once per scheme, ever); the seeds move no revision. */
  async ready(): Promise<void> {
    if (!this.settings.enabled) throw unavailable(OFF);
    const seeded = new Set(this.meta().seeded);
    if (this.settings.seeds.every((s) => seeded.has(s.scheme))) return;
    this.seeding ??= this.seed().finally(() => (this.seeding = null));
    return this.seeding;
  }

  private async seed(): Promise<void> {
    const draft = this.draft({ name: 'config', kind: 'human' });
    for (const { scheme, labels } of this.settings.seeds) {
      if (draft.meta.seeded.includes(scheme)) continue;
      draft.meta.seeded.push(scheme);
      const taken = new Set(this.liveCodes().map((c) => nameKey(c.name)));
      for (const label of labels) {
        if (!label.trim() || taken.has(nameKey(label))) continue;
        taken.add(nameKey(label));
        draft.putCode(this.record(draft, { name: label.trim(), scheme, created_revision: 0 }));
      }
    }
    await this.store.write(draft.finish());
  }

  draft(actor: Actor): Draft {
    return new Draft(this.meta(), actor, new Date(this.clock.now()).toISOString());
  }

  /** A live code by id; a missing or merged one is a 404 naming `field`. */
  live(id: string, field = 'id'): CodeRecord {
    const code = this.store.get('codebook_codes', id);
    if (!code || code.archived) throw notFound(`${field}: no code with id "${id}"`);
    return code;
  }

  view(username: string) {
    const meta = this.meta();
    const codes = this.liveCodes();
    return {
      mode: this.settings.mode,
      revision: meta.revision,
      content_revision: meta.content_revision,
      sem_revision: meta.sem_revision,
      tree: buildTree(codes) as CodeNode[],
      labels: codes.map((c) => c.name),
      codes: codes.map(publicCode),
      schemes: this.settings.seeds.map((s) => s.scheme),
      can_add: this.canAdd(),
      can_edit: this.canEdit(username),
    };
  }

  similar(name: string): string[] {
    return similarNames(
      name,
      this.liveCodes().map((c) => c.name),
    );
  }

  async add(username: string, input: CodeChange & { name: string }): Promise<CodeRecord> {
    await this.ready();
    if (!this.canAdd()) throw forbidden('codebook_mode is fixed: codes are changed in the config, not while coding');
    const draft = this.draft({ name: username, kind: 'human' });
    const code = this.planAdd(draft, input);
    await this.store.write(draft.finish());
    return code;
  }

  async update(username: string, id: string, change: CodeChange): Promise<CodeRecord> {
    await this.ready();
    if (!this.canEdit(username)) throw forbidden(this.editRefusal());
    const draft = this.draft({ name: username, kind: 'human' });
    const code = this.planUpdate(draft, id, change);
    await this.store.write(draft.finish());
    return code;
  }

  async remove(username: string, id: string): Promise<number> {
    await this.ready();
    if (!this.canEdit(username)) throw forbidden(this.editRefusal());
    const draft = this.draft({ name: username, kind: 'human' });
    const count = this.planRemove(draft, id);
    await this.store.write(draft.finish());
    return count;
  }

  async merge(actor: Actor, srcId: string, dstId: string): Promise<CodeRecord> {
    await this.ready();
    const draft = this.draft(actor);
    const dst = this.planMerge(draft, srcId, dstId);
    await this.store.write(draft.finish());
    return dst;
  }

  planAdd(draft: Draft, input: CodeChange & { name: string }): CodeRecord {
    const name = checkName(input.name);
    const parent = input.parent_id ? this.live(input.parent_id, 'parent_id').id : null;
    this.checkFree(name, parent, null);
    draft.bump({ structural: true, semantic: true });
    const code = this.record(draft, {
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

  planUpdate(draft: Draft, id: string, change: CodeChange): CodeRecord {
    const code = this.live(id);
    const next: CodeRecord = { ...code, updated_at: draft.now };
    if (change.name !== undefined) next.name = checkName(change.name);
    if (change.color !== undefined) next.color = change.color;
    if (change.description !== undefined) next.description = change.description;
    if (change.parent_id !== undefined) {
      const parent = change.parent_id === null ? null : this.live(change.parent_id, 'parent_id').id;
      if (parent !== null && subtreeIds(this.codes(), id).includes(parent))
        throw invalid('parent_id: a code cannot move under itself or one of its own codes');
      next.parent_id = parent;
    }
    if (next.name !== code.name || next.parent_id !== code.parent_id) this.checkFree(next.name, next.parent_id, id);
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
  planRemove(draft: Draft, id: string): number {
    const code = this.live(id);
    const ids = subtreeIds(this.codes(), id);
    for (const each of ids) {
      draft.ops.push({ table: 'codebook_codes', key: each, delete: true });
      if (this.store.get('codebook_scopes', `code:${each}`))
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
  planMerge(draft: Draft, srcId: string, dstId: string): CodeRecord {
    const src = this.live(srcId, 'src_id');
    const dst = this.live(dstId, 'dst_id');
    if (src.id === dst.id) throw invalid('dst_id: a code cannot be merged into itself');
    if (subtreeIds(this.codes(), src.id).includes(dst.id))
      throw invalid('dst_id: a code cannot be merged into one of its own codes');
    for (const child of this.liveCodes().filter((c) => c.parent_id === src.id))
      draft.putCode({ ...child, parent_id: dst.id, updated_at: draft.now });
    draft.putCode({ ...src, archived: true, merged_into: dst.id, updated_at: draft.now });
    draft.bump({ structural: true, semantic: true });
    draft.log('merge', `Merge «${src.name}» into «${dst.name}»`, publicCode(src), publicCode(dst));
    return dst;
  }

  /** The audit trail, newest first. */
  changes(limit = 500): ChangeRecord[] {
    return [...this.store.entries('codebook_changes')]
      .map(([, c]) => c)
      .sort((a, b) => b.seq - a.seq)
      .slice(0, limit);
  }

  private editRefusal(): string {
    return this.settings.mode === 'fixed'
      ? 'codebook_mode is fixed: codes are changed in the config, not while coding'
      : 'codebook_mode is extensible: annotators may add codes; renaming, moving and deleting need codebook_mode: open or an admin';
  }

  private checkFree(name: string, parent: string | null, except: string | null): void {
    const key = nameKey(name);
    const clash = this.liveCodes().find((c) => c.id !== except && c.parent_id === parent && nameKey(c.name) === key);
    if (clash) throw conflict(`name: a code named "${clash.name}" already exists here`);
  }

  private record(draft: Draft, fields: Partial<CodeRecord> & { name: string; created_revision: number }): CodeRecord {
    const parent = fields.parent_id ?? null;
    let id = codeId(this.project, parent, fields.name);
    // a merged (archived) or renamed code may hold the name's id: the new code gets a fresh one
    for (let n = 2; this.store.get('codebook_codes', id) || draft.ops.some((o) => o.key === id); n++)
      id = codeId(this.project, parent, `${fields.name}\u0000${n}`);
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
}

function publicCode(c: CodeRecord) {
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
