import { describe, expect, it } from 'vitest';
import { sphericalKMeans } from '../../../../server/domain/diversity/kmeans.js';
import { textVectors } from '../../../../server/domain/diversity/text-vectors.js';
import { clusterCount, priorityQueue, roundRobin } from '../../../../server/domain/diversity/round-robin.js';
import { threeTopics } from './three-topics.js';

describe('TF-IDF vectors and spherical k-means', () => {
  it('puts texts of clearly different topics in different clusters, each topic whole', () => {
    const corpus = threeTopics(10);
    const { vectors, dimensions } = textVectors(corpus.map((c) => c.text));
    const { assignments, k } = sphericalKMeans(vectors, dimensions, 3, 42);
    expect(k).toBe(3);
    const byTopic = new Map<string, Set<number>>();
    corpus.forEach((c, i) => byTopic.set(c.topic, (byTopic.get(c.topic) ?? new Set()).add(assignments[i])));
    for (const clusters of byTopic.values()) expect(clusters.size).toBe(1);
    expect(new Set([...byTopic.values()].map((s) => [...s][0])).size).toBe(3);
  });

  it('is deterministic for a seed', () => {
    const texts = threeTopics(12).map((c) => c.text);
    const a = textVectors(texts);
    const b = textVectors(texts);
    expect([...sphericalKMeans(a.vectors, a.dimensions, 4, 7).assignments]).toEqual([
      ...sphericalKMeans(b.vectors, b.dimensions, 4, 7).assignments,
    ]);
  });

  it('vectors are unit length, and empty texts give zero vectors that join cluster 0', () => {
    const texts = ['', '   ', ...threeTopics(4).map((c) => c.text), '!!!'];
    const { vectors, dimensions } = textVectors(texts);
    const norm = (i: number) => Math.hypot(...vectors[i].value);
    expect(norm(2)).toBeCloseTo(1, 5);
    expect(vectors[0].index.length).toBe(0);
    const { assignments } = sphericalKMeans(vectors, dimensions, 3, 1);
    expect([assignments[0], assignments[1], assignments[texts.length - 1]]).toEqual([0, 0, 0]);
    expect(sphericalKMeans(textVectors(['', '']).vectors, 0, 3).k).toBe(1);
    expect(sphericalKMeans([], 0, 3).assignments.length).toBe(0);
  });
});

describe('cluster count, round-robin and the priority queue', () => {
  it("follows Potato's auto_clusters rule", () => {
    expect(clusterCount(100, { autoClusters: true, numClusters: 5, itemsPerCluster: 20 })).toBe(5);
    expect(clusterCount(10, { autoClusters: true, numClusters: 5, itemsPerCluster: 20 })).toBe(2);
    expect(clusterCount(100, { autoClusters: false, numClusters: 7, itemsPerCluster: 20 })).toBe(7);
    expect(clusterCount(3, { autoClusters: false, numClusters: 7, itemsPerCluster: 20 })).toBe(3);
  });

  it('takes one item from each cluster in turn, from a start that depends on the annotator', () => {
    const ids = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1'];
    const cluster = (id: string) => ({ a: 0, b: 1, c: 2 })[id[0] as 'a'];
    const orders = ['alice', 'bob', 'carol', 'dave'].map((u) => roundRobin(ids, cluster, 3, u));
    for (const order of orders) {
      expect(new Set(order.slice(0, 3).map((id) => id[0])).size).toBe(3);
      expect([...order].sort()).toEqual([...ids].sort());
    }
    expect(new Set(orders.map((o) => o[0][0])).size).toBeGreaterThan(1);
    expect(roundRobin(ids, cluster, 3, 'alice')).toEqual(orders[0]);
  });

  it('interleaves selections by priority, or puts them one after another', () => {
    const selections = [
      { instance_ids: ['x', 'y'], priority: 2 },
      { instance_ids: ['a', 'b', 'c'], priority: 1 },
    ];
    expect(priorityQueue(selections, true)).toEqual(['a', 'x', 'b', 'y', 'c']);
    expect(priorityQueue(selections, false)).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(priorityQueue([{ instance_ids: ['a', 'a'], priority: 1 }], true)).toEqual(['a']);
  });
});
