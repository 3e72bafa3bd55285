import { describe, expect, it } from 'vitest';
import { project2d } from '../../../../server/domain/diversity/projection.js';
import { textVectors } from '../../../../server/domain/diversity/text-vectors.js';
import { threeTopics } from './three-topics.js';

describe('the map projection', () => {
  it('places each topic apart from the others, the same on every run', () => {
    const corpus = threeTopics(10);
    const { vectors, dimensions } = textVectors(corpus.map((c) => c.text));
    const xy = project2d(vectors, dimensions);
    expect(project2d(textVectors(corpus.map((c) => c.text)).vectors, dimensions)).toEqual(xy);
    const centre = (topic: string) => {
      const ps = xy.filter((_, i) => corpus[i].topic === topic);
      return ps.reduce(([x, y], p) => [x + p[0] / ps.length, y + p[1] / ps.length], [0, 0]);
    };
    const spread = (topic: string) => {
      const [cx, cy] = centre(topic);
      const ps = xy.filter((_, i) => corpus[i].topic === topic);
      return Math.max(...ps.map(([x, y]) => Math.hypot(x - cx, y - cy)));
    };
    const topics = ['sport', 'food', 'space'];
    for (const a of topics)
      for (const b of topics) {
        if (a === b) continue;
        const [ax, ay] = centre(a);
        const [bx, by] = centre(b);
        // the centres lie further apart than either topic's own points from its centre
        expect(Math.hypot(ax - bx, ay - by)).toBeGreaterThan(Math.max(spread(a), spread(b)));
      }
  });

  it('maps nothing, or texts without words, to the origin', () => {
    expect(project2d([], 0)).toEqual([]);
    expect(project2d(textVectors(['', '']).vectors, 0)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
