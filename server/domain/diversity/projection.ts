/**
 * The embedding map's 2D positions: the first two principal components of the items' TF-IDF vectors, by power
 * iteration over the sparse vectors (the covariance is never formed), seeded so unchanged data maps the same.
 * Potato uses UMAP; PCA needs no dependency and keeps a refresh of 1,000 items well under a second.
 */
import { seededRandom } from '../seeded-random.js';
import type { SparseVector } from './text-vectors.js';

const ITERATIONS = 60;

/** x, y per vector, in the same order. */
export function project2d(vectors: readonly SparseVector[], dimensions: number, seed = 42): [number, number][] {
  const n = vectors.length;
  if (!n || !dimensions) return vectors.map(() => [0, 0]);
  const mean = new Float64Array(dimensions);
  for (const v of vectors) for (let t = 0; t < v.index.length; t++) mean[v.index[t]] += v.value[t] / n;
  const random = seededRandom(seed);
  const components: Float64Array[] = [];
  const dot = (v: SparseVector, d: Float64Array) => {
    let s = 0;
    for (let t = 0; t < v.index.length; t++) s += v.value[t] * d[v.index[t]];
    return s;
  };
  const dense = (a: Float64Array, b: Float64Array) => a.reduce((s, x, i) => s + x * b[i], 0);
  for (let c = 0; c < 2; c++) {
    let u: Float64Array = Float64Array.from({ length: dimensions }, () => random() - 0.5);
    for (let it = 0; it < ITERATIONS; it++) {
      // (X - mean)ᵀ (X - mean) u, with the earlier components taken out
      const next = new Float64Array(dimensions);
      const mu = dense(mean, u);
      for (const v of vectors) {
        const p = dot(v, u) - mu;
        for (let t = 0; t < v.index.length; t++) next[v.index[t]] += p * v.value[t];
      }
      let total = 0;
      for (const v of vectors) total += dot(v, u) - mu;
      for (let d = 0; d < dimensions; d++) next[d] -= total * mean[d];
      for (const earlier of components) {
        const overlap = dense(next, earlier);
        for (let d = 0; d < dimensions; d++) next[d] -= overlap * earlier[d];
      }
      const norm = Math.sqrt(dense(next, next));
      if (norm === 0) break;
      for (let d = 0; d < dimensions; d++) next[d] /= norm;
      u = next;
    }
    // a component's sign is arbitrary: fix it so the largest coordinate is positive
    let largest = 0;
    for (let d = 1; d < dimensions; d++) if (Math.abs(u[d]) > Math.abs(u[largest])) largest = d;
    if (u[largest] < 0) for (let d = 0; d < dimensions; d++) u[d] = -u[d];
    components.push(u);
  }
  const shift = components.map((u) => dense(mean, u));
  return vectors.map((v) => [dot(v, components[0]) - shift[0], dot(v, components[1]) - shift[1]]);
}
