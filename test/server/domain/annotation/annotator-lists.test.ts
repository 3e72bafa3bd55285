/** AnnotatorLists against arrays of names as the model, through random adds and removes that reuse links. */
import { describe, expect, it } from 'vitest';
import { AnnotatorLists } from '../../../../server/domain/annotation/annotator-lists.js';
import { seededRandom } from '../../../../server/domain/seeded-random.js';

describe('AnnotatorLists', () => {
  // sized at once for what a start indexes, too small for it, or not at all: the same answers either way
  it.each([
    ['grown from the default size', () => new AnnotatorLists()],
    ['sized for every position and link at once', () => new AnnotatorLists(3000, 20_000)],
    ['sized for nothing', () => new AnnotatorLists(0, 0)],
  ])('keeps each position’s names in the order they came, through removes and reused links (%s)', (_, make) => {
    const lists = make();
    const model = new Map<number, string[]>();
    const random = seededRandom(5);
    for (let step = 0; step < 20_000; step++) {
      const position = Math.floor(random() * 3000); // past the first 1024: the positions grow too
      const name = `u${Math.floor(random() * 12)}`;
      const names = model.get(position) ?? [];
      if (random() < 0.4) {
        if (names.includes(name)) names.splice(names.indexOf(name), 1);
        expect(lists.remove(position, name)).toBe(names.length);
      } else {
        if (!names.includes(name)) names.push(name);
        expect(lists.add(position, name)).toBe(names.length); // a name already there is not added twice
      }
      model.set(position, names);
      if (step % 1000 === 0) for (const [p, n] of model) expect(lists.namesAt(p)).toEqual(n);
    }
    for (const [p, n] of model) {
      expect(lists.namesAt(p)).toEqual(n);
      expect(lists.size(p)).toBe(n.length);
    }
    expect(lists.namesAt(999_999)).toEqual([]);
    expect(lists.size(999_999)).toBe(0);
    expect(lists.remove(999_999, 'u1')).toBe(0);
  });
});
