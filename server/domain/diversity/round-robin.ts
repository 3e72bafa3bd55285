/**
 * How many clusters a corpus gets, and the round-robin that hands an annotator one item from each cluster in
 * turn, so they do not see a run of near-identical items. Pure.
 */
import { hashString } from '../seeded-random.js';

export interface ClusterCount {
  autoClusters: boolean;
  numClusters: number;
  itemsPerCluster: number;
}

/** Potato's rule: with auto_clusters, items / items_per_cluster (at least 2, at most half the items). */
export function clusterCount(items: number, { autoClusters, numClusters, itemsPerCluster }: ClusterCount): number {
  if (items < 2) return 1;
  if (autoClusters) return Math.max(2, Math.min(Math.floor(items / itemsPerCluster), Math.floor(items / 2)));
  return Math.max(1, Math.min(numClusters, items));
}

/**
 * The ids round-robin across clusters: one from the start cluster, one from the next, and so on, skipping a
 * cluster once it is used up; within a cluster in the order given. Each annotator starts at a different cluster
 * (by their name, so the same after a restart).
 */
export function roundRobin(
  ids: readonly string[],
  clusterOf: (id: string) => number,
  k: number,
  username: string,
): string[] {
  const queues: string[][] = Array.from({ length: k }, () => []);
  for (const id of ids) queues[clusterOf(id)].push(id);
  const live = queues.filter((q) => q.length);
  const out: string[] = [];
  if (!live.length) return out;
  const heads = new Int32Array(live.length);
  let c = hashString(username) % live.length;
  while (out.length < ids.length) {
    if (heads[c] < live[c].length) out.push(live[c][heads[c]++]);
    c = (c + 1) % live.length;
  }
  return out;
}

/**
 * Selected groups of items put first, as Potato's embedding map does: interleaved (the first of each group by
 * priority, then the second of each, …) or one group after another; an id named twice keeps its first place.
 */
export function priorityQueue(
  selections: readonly { instance_ids: readonly string[]; priority: number }[],
  interleave: boolean,
): string[] {
  const groups = selections
    .map((s, order) => ({ ...s, order }))
    .sort((a, b) => a.priority - b.priority || a.order - b.order)
    .map((s) => s.instance_ids);
  const out = new Set<string>();
  if (!interleave) for (const g of groups) for (const id of g) out.add(id);
  else
    for (let round = 0, longest = Math.max(0, ...groups.map((g) => g.length)); round < longest; round++)
      for (const g of groups) if (round < g.length) out.add(g[round]);
  return [...out];
}
