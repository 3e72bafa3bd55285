/**
 * Each saved answer is stamped with the codebook revision it was given under (written with the answer, through the
 * submit hook), so an annotator can be shown which of their items predate later changes and which codes came since.
 * Nothing is reopened: the list is a worklist to look at, never a gate.
 */
import { notFound } from '../errors.js';
import type { Store, StoreOp } from '../ports.js';
import type { Task } from '../task.js';
import type { SubmitHook } from '../annotation/submit-hooks.js';
import { annotationKey as stampKey } from '../annotation/records.js';
import type { Codebook } from './codebook.js';

export class RevisionStamps {
  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly codebook: Codebook,
  ) {}

  /** Whether the caller's answer on an item predates codebook changes, and the codes added since. */
  provenance(username: string, instanceId: string) {
    if (!this.task.instanceById.has(instanceId)) throw notFound(`instance_id: no instance with id "${instanceId}"`);
    const current = this.codebook.meta().revision;
    const stamp = this.store.get('codebook_stamps', stampKey(username, instanceId));
    const since = stamp?.revision ?? current;
    return {
      instance_id: instanceId,
      annotated_revision: stamp ? stamp.revision : null,
      current_revision: current,
      stale: stamp !== undefined && stamp.revision < current,
      codes_added_since: this.codebook
        .liveCodes()
        .filter((c) => c.created_revision > since)
        .map((c) => c.name),
    };
  }

  /** Items answered under an older revision: the caller's own, or everyone's (`username` null), in task order. */
  stale(username: string | null) {
    const current = this.codebook.meta().revision;
    const out: { username: string; instance_id: string; annotated_revision: number; nav_index: number }[] = [];
    for (const [, s] of this.store.entries('codebook_stamps')) {
      if (s.revision >= current || (username !== null && s.username !== username)) continue;
      const position = this.task.positionById.get(s.instance_id);
      if (position === undefined) continue;
      out.push({
        username: s.username,
        instance_id: s.instance_id,
        annotated_revision: s.revision,
        nav_index: position,
      });
    }
    return out.sort((a, b) => a.nav_index - b.nav_index || a.username.localeCompare(b.username));
  }

  /** Stamps each saved answer with the revision in effect, written with the answer. */
  submitHook(): SubmitHook {
    return {
      after: (ctx) => {
        if (!this.codebook.settings.enabled || !this.codebook.settings.stamp) return undefined;
        const op: StoreOp = {
          table: 'codebook_stamps',
          key: stampKey(ctx.username, ctx.instance.id),
          value: { username: ctx.username, instance_id: ctx.instance.id, revision: this.codebook.meta().revision },
        };
        return { ops: [op] };
      },
    };
  }
}
