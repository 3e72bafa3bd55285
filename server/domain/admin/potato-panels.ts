/**
 * Potato's crowd and behavioral dashboard panels (`/admin/api/crowdsourcing`, `/admin/api/behavioral_analytics`)
 * with its field names, read from what is kept here: workers who came from a study link (their platform IDs),
 * visible time and visits per item, and every saved answer change.
 *
 * Potato's browser also logs clicks, scrolling and AI-suggestion use, and scores each annotator's suspicion from
 * them; none of that is measured here, so those fields are null. The one flag given is the time report's: an
 * annotator whose median time on an item is far under the project's (the same rule as `suspicious_activity`).
 */
import type { CrowdWorker } from '../crowd/crowd.js';
import type { ItemTimeRecord, TimeReport } from '../history/item-time.js';

export interface PanelSources {
  annotatorNames(): string[];
  /** items annotated and held (task items only) */
  progressOf(username: string): { annotated: number; assigned: number };
  /** Potato's text for the annotator's phase: UserPhase.ANNOTATION, … */
  phaseOf(username: string): string;
  worker(username: string): CrowdWorker | undefined;
  timeRows(): Iterable<ItemTimeRecord>;
  timeReport(): TimeReport;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Platforms Potato's panel has a block for; workers of other platforms are under `other`, named by `platform`. */
const BLOCKS = new Set(['prolific', 'mturk']);

function visibleSeconds(rows: Iterable<ItemTimeRecord>): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.username, (out.get(r.username) ?? 0) + r.ms / 1000);
  return out;
}

export function crowdPanel(s: PanelSources) {
  const seconds = visibleSeconds(s.timeRows());
  const fast = new Set(s.timeReport().fast_annotators.map((a) => a.username));
  const groups: Record<'prolific' | 'mturk' | 'other', Record<string, unknown>[]> = {
    prolific: [],
    mturk: [],
    other: [],
  };
  const studies = new Set<string>();
  const hits = new Set<string>();
  for (const name of s.annotatorNames()) {
    const { annotated, assigned } = s.progressOf(name);
    const worker = s.worker(name);
    const total = round(seconds.get(name) ?? 0, 1);
    const info: Record<string, unknown> = {
      worker_id: name,
      total_annotations: annotated,
      phase: s.phaseOf(name),
      total_seconds: total,
      annotations_per_hour: total > 0 ? round((annotated / total) * 3600, 1) : null,
      completion_percentage: assigned ? round((annotated / assigned) * 100, 1) : 0,
      suspicious_level: fast.has(name) ? 'High' : 'Normal',
      platform: worker?.provider ?? 'other',
      first_seen: worker?.first_seen ?? null,
      params: worker?.params ?? {},
    };
    if (worker?.provider === 'prolific') {
      Object.assign(info, { session_id: worker.params.SESSION_ID ?? null, study_id: worker.params.STUDY_ID ?? null });
      if (worker.params.STUDY_ID) studies.add(worker.params.STUDY_ID);
    } else if (worker?.provider === 'mturk') {
      Object.assign(info, { assignment_id: worker.params.assignmentId ?? null, hit_id: worker.params.hitId ?? null });
      if (worker.params.hitId) hits.add(worker.params.hitId);
    }
    groups[worker && BLOCKS.has(worker.provider) ? (worker.provider as 'prolific' | 'mturk') : 'other'].push(info);
  }
  const stats = (workers: Record<string, unknown>[]) => {
    const annotations = workers.reduce((n, w) => n + (w.total_annotations as number), 0);
    const time = workers.reduce((n, w) => n + (w.total_seconds as number), 0);
    return {
      count: workers.length,
      total_annotations: annotations,
      total_time_seconds: round(time, 1),
      avg_annotations_per_worker: workers.length ? round(annotations / workers.length, 1) : 0,
      avg_time_per_worker_minutes: workers.length ? round(time / workers.length / 60, 1) : 0,
      completed_count: workers.filter((w) => w.phase === 'UserPhase.DONE').length,
      in_progress_count: workers.filter((w) => w.phase === 'UserPhase.ANNOTATION').length,
    };
  };
  const crowdWorkers = [...groups.prolific, ...groups.mturk, ...groups.other].filter((w) => w.first_seen !== null);
  return {
    summary: {
      total_workers: groups.prolific.length + groups.mturk.length + groups.other.length,
      prolific_workers: groups.prolific.length,
      mturk_workers: groups.mturk.length,
      other_workers: groups.other.length,
      prolific_studies: studies.size,
      mturk_hits: hits.size,
      /** ours: everyone who came from a study link, whatever the platform */
      study_link_workers: crowdWorkers.length,
    },
    prolific: { stats: stats(groups.prolific), study_ids: [...studies], workers: groups.prolific },
    mturk: { stats: stats(groups.mturk), hit_ids: [...hits], workers: groups.mturk },
    other: { stats: stats(groups.other), workers: groups.other },
  };
}

/** Fields of Potato's behavioral panel that need browser logging this project does not do. */
const NOT_LOGGED = {
  total_interactions: null,
  avg_interactions: null,
  ai_requests: null,
  ai_accepts: null,
  ai_accept_rate: null,
  fast_annotation_rate: null,
  low_interaction_rate: null,
  no_scroll_rate: null,
  suspicion_score: null,
};

export function behavioralPanel(s: PanelSources) {
  const report = s.timeReport();
  const fast = new Map(report.fast_annotators.map((a) => [a.username, a]));
  const byUser = new Map<string, ItemTimeRecord[]>();
  for (const r of s.timeRows()) {
    let list = byUser.get(r.username);
    if (!list) byUser.set(r.username, (list = []));
    list.push(r);
  }
  const allTimes: number[] = [];
  let totalChanges = 0;
  const users = [...byUser]
    .map(([user_id, rows]) => {
      const times = rows.filter((r) => r.ms > 0).map((r) => r.ms / 1000);
      allTimes.push(...times);
      const changes = rows.reduce((n, r) => n + r.changes.length, 0);
      totalChanges += changes;
      const flagged = fast.get(user_id);
      return {
        user_id,
        total_instances: rows.length,
        total_time_sec: round(
          times.reduce((a, b) => a + b, 0),
          1,
        ),
        avg_time_sec: times.length ? round(times.reduce((a, b) => a + b, 0) / times.length, 1) : 0,
        min_time_sec: times.length ? round(Math.min(...times), 1) : 0,
        max_time_sec: times.length ? round(Math.max(...times), 1) : 0,
        visits: rows.reduce((n, r) => n + r.visits, 0),
        total_changes: changes,
        avg_changes: round(changes / rows.length, 2),
        no_change_rate: round(rows.filter((r) => !r.changes.length).length / rows.length, 2),
        ...NOT_LOGGED,
        median_share: flagged?.share ?? null,
        quality_flag: flagged ? ('SUSPICIOUS' as const) : ('OK' as const),
      };
    })
    .sort(
      (a, b) =>
        Number(b.quality_flag === 'SUSPICIOUS') - Number(a.quality_flag === 'SUSPICIOUS') ||
        a.user_id.localeCompare(b.user_id),
    );
  const sorted = [...allTimes].sort((a, b) => a - b);
  const instances = users.reduce((n, u) => n + u.total_instances, 0);
  const flagged = users.filter((u) => u.quality_flag === 'SUSPICIOUS').map((u) => u.user_id);
  const average = sorted.length ? round(sorted.reduce((a, b) => a + b, 0) / sorted.length, 1) : 0;
  return {
    aggregate: {
      total_users_with_data: users.length,
      total_instances: instances,
      total_time_minutes: round(sorted.reduce((a, b) => a + b, 0) / 60, 1),
      avg_time_per_instance: average,
      median_time_per_instance: sorted.length ? round(report.median_ms / 1000, 1) : 0,
    },
    aggregate_stats: {
      total_users: users.length,
      total_instances: instances,
      avg_time_per_instance_sec: average,
      total_interactions: null,
      total_changes: totalChanges,
      total_ai_requests: null,
    },
    ai_usage: {
      total_requests: null,
      total_accepts: null,
      total_rejects: null,
      accept_rate: null,
      avg_decision_time_ms: null,
    },
    quality_summary: {
      total_flagged: flagged.length,
      total_warnings: 0,
      flagged_user_ids: flagged,
      warning_user_ids: [],
      high_suspicion_users: flagged.length,
      fast_annotation_rate: users.length ? round(flagged.length / users.length, 2) : 0,
      low_interaction_rate: null,
      no_change_rate: users.length ? round(users.filter((u) => u.no_change_rate > 0).length / users.length, 2) : 0,
    },
    interaction_types: {},
    change_sources: (totalChanges ? { user: totalChanges } : {}) as Record<string, number>,
    users,
  };
}
