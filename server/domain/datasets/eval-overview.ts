/**
 * Potato's eval-admin read-outs (`/admin/eval/...`): the datasets and experiments at a glance with the annotation
 * progress, each instance's state, and the runtime-ingested traces with their operational figures. Derived on
 * each read from the task, the annotations and the stored datasets; nothing of its own is stored.
 */
import type { Task } from '../task.js';
import type { AssignmentPause } from './assignment-pause.js';
import { isIngestedTrace, sourceOf } from './curate.js';
import type { Datasets } from './datasets.js';
import type { Experiments } from './experiments.js';
import { regressions, traceAnalytics } from './trace-analytics.js';

/** rows an instance list answers at most */
const PROGRESS_CAP = 1000;

export interface OverviewSources {
  task: Task;
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  /** annotators each instance needs */
  required(): number;
  userCount(): number;
  /** where the records are kept: "data folder" or "database" */
  storage: string;
  datasets: Datasets;
  experiments: Experiments;
  pause: AssignmentPause;
}

export class EvalOverview {
  constructor(private readonly s: OverviewSources) {}

  status() {
    const { task, datasets, experiments } = this.s;
    const all = datasets.list();
    const summaries = experiments.list();
    const latest = summaries[summaries.length - 1];
    const required = this.s.required();
    const instances = { total: task.instances.length, annotated: 0, multi_annotated: 0, remaining: 0, ingested: 0 };
    for (const instance of task.instances) {
      const n = this.s.annotatorsOf(instance.id).size;
      if (n >= 1) instances.annotated++;
      if (n >= 2) instances.multi_annotated++;
      if (n < required) instances.remaining++;
      if (isIngestedTrace(instance)) instances.ingested++;
    }
    return {
      storage: this.s.storage,
      assignment_paused: this.s.pause.paused(),
      users: this.s.userCount(),
      datasets: {
        count: all.length,
        total_examples: all.reduce((sum, d) => sum + (d.versions[d.versions.length - 1]?.example_count ?? 0), 0),
      },
      experiments: {
        count: summaries.length,
        latest: latest ? { id: latest.id, name: latest.name, aggregate_scores: latest.aggregate_scores } : null,
      },
      instances,
    };
  }

  /** Each instance (the first PROGRESS_CAP): where it came from, how many annotated it, whether that is enough. */
  progress() {
    const required = this.s.required();
    const rows = this.s.task.instances.slice(0, PROGRESS_CAP).map((instance) => {
      const n = this.s.annotatorsOf(instance.id).size;
      return {
        instance_id: instance.id,
        source: sourceOf(instance),
        ingested: isIngestedTrace(instance),
        num_annotators: n,
        saturated: n >= required,
        triage_priority: triagePriority(instance.data),
      };
    });
    return { instances: rows, truncated: this.s.task.instances.length > PROGRESS_CAP, cap: PROGRESS_CAP };
  }

  ingestedTraces() {
    const bySource: Record<string, number> = {};
    const traces: { instance_id: string; source: string; num_annotators: number }[] = [];
    for (const instance of this.s.task.instances) {
      if (!isIngestedTrace(instance)) continue;
      const source = sourceOf(instance);
      bySource[source] = (bySource[source] ?? 0) + 1;
      if (traces.length < PROGRESS_CAP)
        traces.push({ instance_id: instance.id, source, num_annotators: this.s.annotatorsOf(instance.id).size });
    }
    return { total: Object.values(bySource).reduce((a, b) => a + b, 0), by_source: bySource, traces };
  }

  /** The traces' figures; with `recent`, the last that many compared with those before them. */
  analytics(recent: number) {
    const data = this.s.task.instances.filter(isIngestedTrace).map((i) => i.data);
    const overall = traceAnalytics(data);
    const alerts =
      recent > 0 && data.length > recent
        ? regressions(traceAnalytics(data.slice(-recent)), traceAnalytics(data.slice(0, -recent)))
        : [];
    return { analytics: overall, alerts, trace_count: data.length };
  }
}

function triagePriority(data: Record<string, unknown>): unknown {
  if (data.triage_priority !== undefined) return data.triage_priority;
  const meta = data.metadata;
  return meta && typeof meta === 'object' ? ((meta as Record<string, unknown>).triage_priority ?? null) : null;
}
