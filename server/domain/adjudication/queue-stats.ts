/** Figures about the queue for the adjudication dashboard: counts by status, time per adjudicator, weak schemes. */
import type { AdjudicationDeps, AdjudicationQueue, ItemStatus } from './queue.js';

export function queueStats(deps: AdjudicationDeps, queue: AdjudicationQueue) {
  const items = queue.candidates({});
  const count = (s: ItemStatus) => items.filter((i) => i.status === s).length;
  const completed = count('completed');
  const byAdjudicator: Record<string, { completed: number; total_time_ms: number }> = {};
  for (const [, d] of deps.store.entries('adjudications')) {
    const mine = (byAdjudicator[d.adjudicator] ??= { completed: 0, total_time_ms: 0 });
    mine.completed++;
    mine.total_time_ms += d.time_spent_ms;
  }
  return {
    total: items.length,
    completed,
    pending: count('pending'),
    skipped: count('skipped'),
    in_progress: 0,
    completion_rate: items.length ? completed / items.length : 0,
    avg_agreement: items.length ? items.reduce((a, i) => a + i.overall, 0) / items.length : 0,
    adjudicator_stats: byAdjudicator,
  };
}

export function queueOverview(deps: AdjudicationDeps, queue: AdjudicationQueue) {
  const stats = queueStats(deps, queue);
  const errors = new Map<string, number>();
  let flagged = 0;
  for (const [, d] of deps.store.entries('adjudications')) {
    for (const tag of d.error_taxonomy) errors.set(tag, (errors.get(tag) ?? 0) + 1);
    if (d.guideline_update_flag) flagged++;
  }
  // per scheme, the mean agreement of the queued items it could be compared on, worst first
  const byScheme = new Map<string, number[]>();
  for (const c of queue.candidates({}))
    for (const [scheme, score] of Object.entries(c.scores))
      byScheme.set(scheme, [...(byScheme.get(scheme) ?? []), score]);
  const patterns = [...byScheme].map(([scheme, scores]) => ({
    schema: scheme,
    avg_agreement: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 1000) / 1000,
    num_items: scores.length,
  }));
  return {
    enabled: deps.settings.enabled,
    adjudicators: [...queue.adjudicators],
    agreement_threshold: deps.settings.agreementThreshold,
    min_annotations: deps.settings.minAnnotations,
    ...stats,
    // Potato's names for the same figures, and the ones its dashboard adds
    queue_stats: stats,
    adjudicator_details: Object.fromEntries(
      Object.entries(stats.adjudicator_stats).map(([name, a]) => [
        name,
        { ...a, avg_time_ms: a.completed ? Math.round(a.total_time_ms / a.completed) : 0 },
      ]),
    ),
    error_taxonomy_counts: Object.fromEntries([...errors].sort((a, b) => b[1] - a[1])),
    guideline_flag_count: flagged,
    disagreement_patterns: patterns.sort((a, b) => a.avg_agreement - b.avg_agreement),
    similarity_stats: {},
  };
}
