/**
 * Progress reports for the admin endpoints. Every count is derived from the annotation and assignment indexes,
 * which are themselves derived from storage at start, so nothing is counted by hand in two places.
 */
import type { AnnotationService } from '../annotation/annotation-service.js';
import type { Assignments } from '../annotation/assignment.js';
import type { Accounts } from '../users/users.js';
import type { Task } from '../task.js';

export const INSTANCE_STATUSES = ['completed', 'in_progress', 'unannotated'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
/** The listing's orders: the task's, by id, or by number of annotations; a leading `-` reverses. */
export const INSTANCE_ORDERS = ['task', 'id', '-id', 'annotations', '-annotations'] as const;
export type InstanceOrder = (typeof INSTANCE_ORDERS)[number];

export interface ProgressSources {
  task: Task;
  annotations: AnnotationService;
  assignments: Assignments;
  accounts: Accounts;
  /** annotators an instance needs to be complete */
  required(): number;
}

export interface AnnotatorProgress {
  username: string;
  assigned: number;
  annotated: number;
  completion_rate: number;
  last_activity: string | null;
}

const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);

export class Progress {
  constructor(private readonly s: ProgressSources) {}

  statusOf(instanceId: string): InstanceStatus {
    const count = this.s.annotations.annotatorCount(instanceId);
    return count >= this.s.required() ? 'completed' : count > 0 ? 'in_progress' : 'unannotated';
  }

  /** Everyone who has an account or an assignment list (debug and configured users may have only one of them). */
  annotatorNames(): string[] {
    const names = new Set<string>();
    for (const user of this.s.accounts.all()) names.add(user.username);
    for (const name of this.s.assignments.usernames()) names.add(name);
    return [...names].sort();
  }

  annotator(username: string): AnnotatorProgress {
    const list = this.s.assignments.listOf(username) ?? [];
    // quality-control checks are mixed into lists but are not part of the task
    const assigned = list.reduce((n, id) => n + (this.s.task.positionById.has(id) ? 1 : 0), 0);
    const { annotated, last_activity } = this.s.annotations.activityOf(username);
    return { username, assigned, annotated, completion_rate: ratio(annotated, assigned), last_activity };
  }

  overview() {
    // from a running count, not a scan: a scan would make every overview request as slow as the task is large
    const completed = this.s.annotations.instancesWithAtLeast(this.s.required());
    const total = this.s.task.instances.length;
    const per_annotator: Record<string, number> = {};
    const names = this.annotatorNames();
    for (const name of names) per_annotator[name] = this.s.annotations.activityOf(name).annotated;
    return {
      total_items: total,
      total_annotations: this.s.annotations.totalAnnotations(),
      total_users: names.length,
      completion_rate: ratio(completed, total),
      completed_items: completed,
      per_annotator,
    };
  }

  instances(filter: { status?: InstanceStatus; q?: string; order?: InstanceOrder; limit: number; offset: number }) {
    let matching = filter.status
      ? this.s.task.instances.filter((i) => this.statusOf(i.id) === filter.status)
      : this.s.task.instances;
    const q = filter.q?.trim().toLowerCase();
    if (q) matching = matching.filter((i) => i.id.toLowerCase().includes(q) || i.text.toLowerCase().includes(q));
    if (filter.order && filter.order !== 'task') {
      const sign = filter.order.startsWith('-') ? -1 : 1;
      const count = (id: string) => this.s.annotations.annotatorsOf(id).size;
      const byId = filter.order.endsWith('id');
      // a stable sort of a copy: rows that tie keep the task's order
      matching = [...matching].sort(
        (a, b) => sign * (byId ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : count(a.id) - count(b.id)),
      );
    }
    const required = this.s.required();
    return {
      total: matching.length,
      instances: matching
        .slice(filter.offset, filter.offset + filter.limit)
        .map((instance) => this.row(instance, required)),
    };
  }

  /** One instance's row of the listing. */
  instanceRow(instanceId: string) {
    const instance = this.s.task.instanceById.get(instanceId);
    return instance ? this.row(instance, this.s.required()) : undefined;
  }

  private row(instance: { id: string; text: string }, required: number) {
    const annotators = [...this.s.annotations.annotatorsOf(instance.id)].sort();
    return {
      instance_id: instance.id,
      text_preview: instance.text.length > 120 ? `${instance.text.slice(0, 117)}...` : instance.text,
      annotation_count: annotators.length,
      required_count: required,
      status: this.statusOf(instance.id),
      annotators,
    };
  }
}
