/**
 * Potato's codebook: the project's codes as a tree, seeded once from the labels of schemes marked `codebook: true`
 * and then kept in the store. Who may change it follows `codebook_mode` (fixed: no one through the API; extensible:
 * anyone adds; open: anyone adds, renames, recolours, moves, deletes; privileged users — admins, adjudicators —
 * edit in extensible too). Every structural change moves `revision`, and each saved answer is stamped with the
 * revision it was given under, so an annotator can be shown which of their items predate later changes. The
 * changes themselves are planned in `code-edits.ts`; this class says who may make them and writes them.
 */
import { forbidden, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import { buildTree, nameKey, similarNames, type CodeNode, type CodeRecord, type CodebookMode } from './codes.js';
import {
  newCode,
  planAdd,
  planMerge,
  planRemove,
  planUpdate,
  publicCode,
  type CodeChange,
  type CodeTree,
} from './code-edits.js';
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

const OFF = 'the codebook is turned off in this project (qda_mode.codebook.enabled: false)';

export class Codebook implements CodeTree {
  private seeding: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    private readonly clock: Clock,
    readonly settings: CodebookSettings,
    /** admins and adjudicators */
    readonly privileged: (username: string) => boolean,
    readonly project: string,
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
        draft.putCode(newCode(this, draft, { name: label.trim(), scheme, created_revision: 0 }));
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
    const code = planAdd(this, draft, input);
    await this.store.write(draft.finish());
    return code;
  }

  async update(username: string, id: string, change: CodeChange): Promise<CodeRecord> {
    await this.ready();
    if (!this.canEdit(username)) throw forbidden(this.editRefusal());
    const draft = this.draft({ name: username, kind: 'human' });
    const code = planUpdate(this, draft, id, change);
    await this.store.write(draft.finish());
    return code;
  }

  async remove(username: string, id: string): Promise<number> {
    await this.ready();
    if (!this.canEdit(username)) throw forbidden(this.editRefusal());
    const draft = this.draft({ name: username, kind: 'human' });
    const count = planRemove(this, draft, id);
    await this.store.write(draft.finish());
    return count;
  }

  async merge(actor: Actor, srcId: string, dstId: string): Promise<CodeRecord> {
    await this.ready();
    const draft = this.draft(actor);
    const dst = planMerge(this, draft, srcId, dstId);
    await this.store.write(draft.finish());
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
}
