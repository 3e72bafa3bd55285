import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'hierarchical_multiselect',
  name: 'topic',
  taxonomy: { Science: { Physics: ['Optics', 'Heat'], Biology: null }, 'Arts, Crafts': ['Music'] },
  max_selections: 3,
};
const ITEMS = [
  { id: 'h1', text: 'lasers and songs' },
  { id: 'h2', text: 'cells' },
];

describe('hierarchical_multiselect', () => {
  it('loads the taxonomy as a tree, answered under selected_labels', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'selected_labels' }]);
    expect(s.extra.tree).toEqual([
      { name: 'Science', children: [{ name: 'Physics', children: [{ name: 'Optics', children: [] }, { name: 'Heat', children: [] }] }, { name: 'Biology', children: [] }] },
      { name: 'Arts, Crafts', children: [{ name: 'Music', children: [] }] },
    ]);
    expect(s.extra).toMatchObject({ auto_select_children: false, show_search: false, max_selections: 3, expand_depth: 1 });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, taxonomy: undefined })).toMatch(/annotation_schemes\[0\]\.taxonomy: /);
    expect(refusal({ ...SCHEME, taxonomy: 'Science' })).toMatch(/annotation_schemes\[0\]\.taxonomy: expected a mapping of parent → children, or a list of labels/);
    expect(refusal({ ...SCHEME, taxonomy: { Science: [true] } })).toMatch(/\(topic\)\.taxonomy\.Science\[0\]: expected a label, a list or a mapping, got boolean/);
    expect(refusal({ ...SCHEME, taxonomy: [] })).toMatch(/\(topic\)\.taxonomy: the taxonomy has no labels/);
    expect(refusal({ ...SCHEME, max_selections: 0 })).toMatch(/annotation_schemes\[0\]\.max_selections: /);
  });

  it('stores names joined by commas as Potato does, reading names that hold commas; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    const answer = { 'topic:selected_labels': 'Optics,Arts, Crafts' };
    expect((await submitAndRead(t, 'ann', 'h1', answer)).annotations).toEqual(answer);
    expect(await refusedAnswer(t, 'h1', { 'topic:selected_labels': 'Optics,Chemistry' })).toBe('annotations["topic:selected_labels"]: "Chemistry" is not a label of the taxonomy');
    expect(await refusedAnswer(t, 'h1', { 'topic:selected_labels': 'Optics,Heat,Music,Biology' })).toBe('annotations["topic:selected_labels"]: 4 labels chosen; at most 3 may be');
    await submitAndRead(t, 'bob', 'h2', { 'topic:selected_labels': 'Biology,Science' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([{ topic: ['Optics', 'Arts, Crafts'] }, { topic: ['Biology', 'Science'] }]);
    expect(await csvOf(t)).toContain('h1,ann,lasers and songs,"Optics|Arts, Crafts"');
    await t.close();
  });
});
