/**
 * Skipping an instance (`allow_skip`, with a reason when `skip_reason_required`) and the schemes that must be
 * answered before moving on (`label_requirement` / `required`). A skip is its own record, never an answer: it
 * does not count as annotated, and answering the instance later takes the skip back.
 */
import { conflict, forbidden, invalid } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { schemesFor } from '../schemes/cohort-views.js';
import { offersNone } from '../schemes/kinds.js';
import { hiddenSchemes } from '../display-logic/schemes.js';
import { unansweredTurnIds } from '../schemes/turn-level.js';
import { TURN_DATA_LABEL } from '../../../shared/schemes/turn-level.js';
import type { AnnotationService, SubmitHook } from './annotation-service.js';
import { annotationKey, isAnnotated, type AnnotationRecord } from './records.js';

export interface SkipRecord {
  username: string;
  instance_id: string;
  reason: string;
  skipped_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** annotator × instance → their skip of it */
    skips: SkipRecord;
  }
}

export interface SkipSettings {
  allowSkip: boolean;
  reasonRequired: boolean;
}

/** A required scheme left unanswered; for a per-turn question, the turns still unanswered. */
interface Missing {
  name: string;
  turns?: string[];
}

/**
 * The required schemes a record leaves unanswered, by name, in the task's order. Schemes not asked are never
 * missing: those the answers hide, those whose labels the item offers none of (dynamic_options), and those outside
 * the annotator's cohort.
 */
function unansweredRequired(
  task: Task,
  username: string,
  instanceId: string,
  record: AnnotationRecord | undefined,
): Missing[] {
  const missing: Missing[] = [];
  const hidden = hiddenSchemes(task, record?.labels ?? {}, record?.spans ?? []);
  const data = task.instanceById.get(instanceId)?.data ?? {};
  // another cohort's schemes are never asked of this annotator
  for (const scheme of schemesFor(task, username)) {
    if (!scheme.required || hidden.has(scheme.name) || offersNone(scheme, data)) continue;
    let answered: boolean;
    if (schemeModuleOf(scheme).storage === 'spans') answered = !!record?.spans.some((s) => s.schema === scheme.name);
    else if (scheme.turn_level) {
      // a per-turn question is required of every turn it is asked on
      const turns = unansweredTurnIds(scheme, data, record?.labels[scheme.name]?.[TURN_DATA_LABEL]);
      if (turns.length) missing.push({ name: scheme.name, turns });
      continue;
    } else {
      const chosen = record?.labels[scheme.name];
      answered =
        !!chosen &&
        (scheme.required === true
          ? Object.keys(chosen).length > 0
          : scheme.required.every((label) => chosen[label] !== undefined));
    }
    if (!answered) missing.push({ name: scheme.name });
  }
  return missing;
}

const named = (m: Missing) =>
  m.turns ? `"${m.name}" (turn${m.turns.length > 1 ? 's' : ''} ${m.turns.join(', ')})` : `"${m.name}"`;

export class Skips {
  /** annotator → instances they have skipped (and not answered since) */
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly annotations: AnnotationService,
    private readonly clock: Clock,
    readonly settings: SkipSettings,
  ) {
    for (const [, skip] of store.entries('skips'))
      this.counts.set(skip.username, (this.counts.get(skip.username) ?? 0) + 1);
    annotations.leaving((username, instanceId) => this.checkLeave(username, instanceId));
    annotations.use(this.hook);
  }

  get(username: string, instanceId: string): SkipRecord | undefined {
    return this.store.get('skips', annotationKey(username, instanceId));
  }

  countOf(username: string): number {
    return this.counts.get(username) ?? 0;
  }

  /** Every skip, in task order then by annotator, for the export. */
  all(): SkipRecord[] {
    const position = (id: string) => this.task.positionById.get(id) ?? Infinity;
    return [...this.store.entries('skips')]
      .map(([, s]) => s)
      .sort(
        (a, b) =>
          position(a.instance_id) - position(b.instance_id) ||
          (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
      );
  }

  async skip(username: string, instanceId: string, reason: string | undefined): Promise<SkipRecord> {
    if (!this.settings.allowSkip) throw forbidden('skipping is not allowed in this project (allow_skip is off)');
    const instance = await this.annotations.instanceFor(username, instanceId);
    const why = (reason ?? '').trim();
    if (this.settings.reasonRequired && !why)
      throw invalid('reason: say why you skip this instance (skip_reason_required)');
    if (isAnnotated(this.annotations.get(username, instance.id)))
      throw conflict(`instance_id: "${instance.id}" is already answered; clear its answers before skipping it`);
    const key = annotationKey(username, instance.id);
    const had = this.store.get('skips', key);
    const record: SkipRecord = {
      username,
      instance_id: instance.id,
      reason: why,
      skipped_at: new Date(this.clock.now()).toISOString(),
    };
    await this.store.write([{ table: 'skips', key, value: record }]);
    if (!had) this.counts.set(username, this.countOf(username) + 1);
    return record;
  }

  /** Another server process wrote or removed a skip (already in the store). */
  takeExternal(before: SkipRecord | undefined, after: SkipRecord | undefined): void {
    const record = after ?? before;
    if (record && !before !== !after)
      this.counts.set(record.username, this.countOf(record.username) + (after ? 1 : -1));
  }

  /** The required schemes an annotator has not yet answered on an instance. */
  unanswered(username: string, instanceId: string): string[] {
    return unansweredRequired(this.task, username, instanceId, this.annotations.get(username, instanceId)).map(
      (m) => m.name,
    );
  }

  private checkLeave(username: string, instanceId: string): void {
    if (this.get(username, instanceId)) return;
    const missing = unansweredRequired(this.task, username, instanceId, this.annotations.get(username, instanceId));
    if (!missing.length) return;
    const how = this.settings.allowSkip ? ', or skip the instance' : '';
    throw conflict(
      `action: answer the required question${missing.length > 1 ? 's' : ''} ${missing.map(named).join(', ')} before moving on${how}`,
    );
  }

  /** Answering a skipped instance takes the skip back, in the same write. */
  private readonly hook: SubmitHook = {
    after: ({ username, instance, after }) => {
      if (!isAnnotated(after) || !this.get(username, instance.id)) return undefined;
      this.counts.set(username, this.countOf(username) - 1);
      return { ops: [{ table: 'skips', key: annotationKey(username, instance.id), delete: true }] };
    },
    failed: ({ username, instance, after }) => {
      if (isAnnotated(after) && this.get(username, instance.id)) this.counts.set(username, this.countOf(username) + 1);
    },
  };
}
