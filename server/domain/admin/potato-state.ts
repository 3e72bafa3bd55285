/**
 * Potato's admin read-outs (per-user state, system state, all instances, per-item state) with its field names,
 * so scripts written against Potato's admin endpoints read ours unchanged. Everything is derived from the same
 * indexes as the other progress reports; nothing here plans a list or writes.
 *
 * Potato's `phase` is its enum's text (`UserPhase.ANNOTATION`); `displayed_text` is the plain text here, since
 * item values are never rendered as HTML.
 */
import { notFound } from '../errors.js';
import type { AnnotationService } from '../annotation/annotation-service.js';
import type { Assignments } from '../annotation/assignment.js';
import { isAnnotated, type AnnotationRecord } from '../annotation/records.js';
import type { Instance, Task } from '../task.js';
import type { Progress } from './progress.js';

export interface PotatoStateSources {
  task: Task;
  annotations: AnnotationService;
  assignments: Assignments;
  progress: Progress;
  /** the type of the phase an annotator is in: consent, …, annotation, poststudy, done */
  phaseOf(username: string): string;
  maxAnnotationsPerUser(): number | null;
  /** the config keys Potato's system state repeats */
  config(): { debug_mode: boolean; annotation_task_name: string; annotation_schemes: unknown; ui: unknown };
}

/** A record's answers as Potato lists them: `scheme:label` → value, and each span under `scheme:label[start:end]`. */
function flatAnswers(record: AnnotationRecord): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [scheme, labels] of Object.entries(record.labels))
    for (const [label, value] of Object.entries(labels)) out[`${scheme}:${label}`] = value;
  for (const span of record.spans) out[`${span.schema}:${span.label}[${span.start}:${span.end}]`] = span.value;
  return out;
}

const item = (instance: Instance) => ({ id: instance.id, text: instance.text, displayed_text: instance.text });

export class PotatoState {
  constructor(private readonly s: PotatoStateSources) {}

  private phase(username: string): string {
    return `UserPhase.${this.s.phaseOf(username).toUpperCase()}`;
  }

  private exists(username: string): boolean {
    return this.s.progress.annotatorNames().includes(username);
  }

  userState(username: string) {
    if (!this.exists(username)) throw notFound(`User '${username}' not found`);
    const list = this.s.assignments.listOf(username) ?? [];
    const by_instance: Record<string, Record<string, string>> = {};
    const items = list.flatMap((id) => {
      const instance = this.s.task.instanceById.get(id);
      if (!instance) return [];
      const record = this.s.annotations.get(username, id);
      const has_annotation = isAnnotated(record);
      if (record && has_annotation) by_instance[id] = flatAnswers(record);
      return [{ ...item(instance), has_annotation }];
    });
    const annotated = items.filter((i) => i.has_annotation).length;
    const current = list.length
      ? this.s.task.instanceById.get(list[Math.min(this.s.assignments.cursor(username), list.length - 1)])
      : undefined;
    return {
      user_id: username,
      phase: this.phase(username),
      current_instance: current ? item(current) : null,
      max_assignments: this.s.maxAnnotationsPerUser(),
      assignments: { total: items.length, annotated, remaining: items.length - annotated, items },
      annotations: { total_count: Object.keys(by_instance).length, by_instance },
      hints: { cached_hints: [] as string[] },
    };
  }

  systemState() {
    const users: Record<
      string,
      { phase: string; annotations_count: number; has_assignments: boolean; remaining_assignments: boolean }
    > = {};
    for (const name of this.s.progress.annotatorNames()) {
      const { assigned, annotated } = this.s.progress.annotator(name);
      users[name] = {
        phase: this.phase(name),
        annotations_count: annotated,
        has_assignments: assigned > 0,
        remaining_assignments: annotated < assigned,
      };
    }
    const byCount: Record<string, number> = {};
    let withAnnotations = 0;
    for (const instance of this.s.task.instances) {
      const n = this.s.annotations.annotatorCount(instance.id);
      if (n > 0) {
        withAnnotations++;
        byCount[n] = (byCount[n] ?? 0) + 1;
      }
    }
    const max = this.s.maxAnnotationsPerUser();
    return {
      system_state: {
        total_users: Object.keys(users).length,
        total_items: this.s.task.instances.length,
        total_annotations: this.s.annotations.totalAnnotations(),
        items_with_annotations: withAnnotations,
        items_by_annotator_count: byCount,
      },
      users,
      config: { ...this.s.config(), max_annotations_per_user: max ?? 'Unlimited' },
    };
  }

  allInstances() {
    return { total_items: this.s.task.instances.length, items: this.s.task.instances.map(item) };
  }

  itemStates() {
    const items = this.s.task.instances.map((instance) => {
      const annotators = [...this.s.annotations.annotatorsOf(instance.id)].sort();
      return { ...item(instance), annotators, annotation_count: annotators.length };
    });
    // most annotated first, as Potato lists them (a stable sort keeps the task's order among equals)
    items.sort((a, b) => b.annotation_count - a.annotation_count);
    const annotated = items.filter((i) => i.annotation_count > 0).length;
    const total = items.reduce((n, i) => n + i.annotation_count, 0);
    return {
      total_items: items.length,
      items,
      summary: {
        items_with_annotations: annotated,
        items_without_annotations: items.length - annotated,
        average_annotations_per_item: items.length ? total / items.length : 0,
      },
    };
  }

  itemState(itemId: string) {
    const instance = this.s.task.instanceById.get(itemId);
    if (!instance || !this.s.task.positionById.has(itemId)) throw notFound(`Item '${itemId}' not found`);
    const annotators = [...this.s.annotations.annotatorsOf(itemId)].sort();
    const annotations: Record<string, Record<string, string>> = {};
    for (const name of annotators) {
      const record = this.s.annotations.get(name, itemId);
      if (record) annotations[name] = flatAnswers(record);
    }
    return {
      item_id: itemId,
      text: instance.text,
      displayed_text: instance.text,
      annotators,
      annotation_count: annotators.length,
      annotations,
    };
  }
}
