/**
 * The fields Potato's admin dashboard API gives (`/admin/api/overview`, `/admin/api/annotators`,
 * `/admin/api/instances`), added beside ours so scripts written against Potato read them unchanged.
 *
 * Potato times each annotator's actions in the browser and scores how suspicious the pace is; nothing here
 * measures that, so those fields are present but null (and counted in no suspicion class), never invented.
 */
import type { RuntimeSettings } from '../task.js';
import type { PotatoStateSources } from './potato-state.js';

export interface PotatoDashboardSources extends PotatoStateSources {
  settings(): RuntimeSettings;
}

export type InstanceSort = 'annotation_count' | 'completion_percentage' | 'disagreement' | 'id' | 'average_time';
export const INSTANCE_SORTS: InstanceSort[] = [
  'annotation_count',
  'completion_percentage',
  'disagreement',
  'id',
  'average_time',
];

export interface InstancePage {
  page: number;
  page_size: number;
  sort_by: InstanceSort;
  sort_order: 'asc' | 'desc';
  filter_completion?: 'completed' | 'incomplete' | 'all';
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const preview = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}...` : text);

/** Timing and suspicion fields Potato's annotators list has and we do not measure. */
const UNMEASURED = {
  total_seconds: null,
  average_seconds_per_annotation: null,
  annotations_per_hour: null,
  current_instance_time: null,
  total_actions: null,
  average_action_time_ms: null,
  fastest_action_time_ms: null,
  slowest_action_time_ms: null,
  actions_per_minute: null,
  suspicious_score: null,
  suspicious_level: null,
  fast_actions_count: null,
  burst_actions_count: null,
  session_start_time: null,
  current_session_duration_minutes: null,
  recent_actions_count: null,
};

export class PotatoDashboard {
  constructor(private readonly s: PotatoDashboardSources) {}

  private phase(username: string) {
    return `UserPhase.${this.s.phaseOf(username).toUpperCase()}`;
  }

  private maxPerItem() {
    return this.s.settings().num_annotators_per_item;
  }

  /** Potato's `overview` and `config` objects. */
  overview() {
    const names = this.s.progress.annotatorNames();
    const settings = this.s.settings();
    let active = 0,
      completed = 0;
    for (const name of names) {
      const phase = this.s.phaseOf(name);
      if (phase === 'annotation') active++;
      if (phase === 'done') completed++;
    }
    const totalItems = this.s.task.instances.length;
    const withAnnotations = this.s.annotations.instancesWithAtLeast(1);
    const totalAnnotations = this.s.annotations.totalAnnotations();
    return {
      overview: {
        total_users: names.length,
        active_users: active,
        completed_users: completed,
        total_annotations: totalAnnotations,
        total_items: totalItems,
        items_with_annotations: withAnnotations,
        completion_percentage: totalItems ? round((withAnnotations / totalItems) * 100, 1) : 0,
        // Potato counts an item once per annotator: the same as the number of annotations
        total_assignments: totalAnnotations,
        total_working_time: null,
        average_annotations_per_item: totalItems ? round(totalAnnotations / totalItems, 1) : 0,
      },
      config: {
        annotation_task_name: settings.annotation_task_name,
        max_annotations_per_user: settings.max_annotations_per_user ?? 'Unlimited',
        max_annotations_per_item: settings.num_annotators_per_item ?? 'Unlimited',
        assignment_strategy: settings.assignment_strategy,
        debug_mode: this.s.config().debug_mode,
      },
    };
  }

  /** Potato's fields for one annotator of `/admin/api/annotators`. */
  annotator(username: string) {
    const { assigned, annotated } = this.s.progress.annotator(username);
    return {
      user_id: username,
      total_annotations: annotated,
      completion_percentage: assigned ? round((annotated / assigned) * 100, 1) : 0,
      phase: this.phase(username),
      has_assignments: assigned > 0,
      remaining_assignments: annotated < assigned,
      max_assignments: this.s.settings().max_annotations_per_user,
      ...UNMEASURED,
    };
  }

  annotatorsSummary(count: number) {
    return {
      total_annotators: count,
      summary: {
        high_suspicious_count: 0,
        medium_suspicious_count: 0,
        low_suspicious_count: 0,
        normal_count: 0,
        average_suspicious_score: null,
      },
    };
  }

  private completion(count: number) {
    const max = this.maxPerItem();
    return max && max > 0 ? Math.min(100, (count / max) * 100) : count > 0 ? 100 : 0;
  }

  /** The most chosen label over all choice answers of an instance, and the share of answers that differ from it. */
  private labelStats(instanceId: string): { label: string | null; disagreement: number } {
    const counts = new Map<string, number>();
    let total = 0;
    for (const name of this.s.annotations.annotatorsOf(instanceId)) {
      const record = this.s.annotations.get(name, instanceId);
      if (!record) continue;
      for (const labels of Object.values(record.labels)) {
        for (const label of Object.keys(labels)) {
          counts.set(label, (counts.get(label) ?? 0) + 1);
          total++;
        }
      }
    }
    let best: string | null = null,
      bestCount = 0;
    for (const [label, n] of counts) if (n > bestCount) [best, bestCount] = [label, n];
    return { label: best, disagreement: total ? 1 - bestCount / total : 0 };
  }

  /** Potato's fields for one instance of `/admin/api/instances`. */
  row(instanceId: string) {
    const instance = this.s.task.instanceById.get(instanceId);
    const text = preview(instance?.text ?? '');
    const annotators = [...this.s.annotations.annotatorsOf(instanceId)].sort();
    const { label, disagreement } = this.labelStats(instanceId);
    return {
      id: instanceId,
      text,
      displayed_text: text,
      annotation_count: annotators.length,
      completion_percentage: round(this.completion(annotators.length), 1),
      most_frequent_label: label,
      label_disagreement: round(disagreement, 2),
      annotators,
      num_ai_instance: 0,
      average_time_per_annotation: null,
    };
  }

  private summary(rows: ReturnType<PotatoDashboard['row']>[]) {
    const total = rows.length;
    const completed = rows.filter((r) => r.completion_percentage >= 100).length;
    return {
      completed_instances: completed,
      incomplete_instances: total - completed,
      average_annotations_per_instance: total ? round(rows.reduce((n, r) => n + r.annotation_count, 0) / total, 1) : 0,
      average_disagreement: total ? round(rows.reduce((n, r) => n + r.label_disagreement, 0) / total, 2) : 0,
    };
  }

  private pagination(page: number, pageSize: number, total: number) {
    const start = (page - 1) * pageSize;
    return {
      page,
      page_size: pageSize,
      total_instances: total,
      total_pages: Math.ceil(total / pageSize),
      has_next: start + pageSize < total,
      has_prev: page > 1,
    };
  }

  /** Potato's `pagination` and `summary` for a page of our listing (`limit`/`offset`). */
  pageOf(offset: number, limit: number, total: number) {
    return {
      pagination: this.pagination(Math.floor(offset / limit) + 1, limit, total),
      summary: this.summary(this.s.task.instances.map((i) => this.row(i.id))),
    };
  }

  /** Potato's paged, sorted, filtered instance list with `pagination` and `summary`. */
  instances(q: InstancePage) {
    let rows = this.s.task.instances.map((i) => this.row(i.id));
    if (q.filter_completion === 'completed') rows = rows.filter((r) => r.completion_percentage >= 100);
    else if (q.filter_completion === 'incomplete') rows = rows.filter((r) => r.completion_percentage < 100);
    const key: Record<InstanceSort, (r: (typeof rows)[number]) => number | string> = {
      annotation_count: (r) => r.annotation_count,
      completion_percentage: (r) => r.completion_percentage,
      disagreement: (r) => r.label_disagreement,
      id: (r) => r.id,
      // no times are measured here: every instance ties, and the stable sort keeps the task's order
      average_time: () => 0,
    };
    const by = key[q.sort_by];
    const sign = q.sort_order === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = by(a),
        y = by(b);
      return x < y ? -sign : x > y ? sign : 0;
    });
    const start = (q.page - 1) * q.page_size;
    return {
      instances: rows.slice(start, start + q.page_size),
      pagination: this.pagination(q.page, q.page_size, rows.length),
      summary: this.summary(rows),
    };
  }
}
