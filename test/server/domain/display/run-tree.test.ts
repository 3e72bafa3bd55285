import { describe, expect, it } from 'vitest';
import { readRunTree, type RunNode } from '../../../../server/domain/display/run-tree.js';

/** The tree as `id(child, child)` text, so a shape reads at a glance. */
const shape = (nodes: RunNode[]): string =>
  nodes.map((n) => (n.children.length ? `${n.id}(${shape(n.children)})` : n.id)).join(', ');

describe('readRunTree', () => {
  it('nests runs under their parents in the item order and keeps what Potato draws', () => {
    const tree = readRunTree([
      { id: 'root', parent_id: null, name: 'orchestrator', run_type: 'chain', status: 'success', turn_range: [0, 5] },
      { id: 'search', parent_id: 'root', name: 'search', run_type: 'tool', status: 'error', turn_range: [1, 1] },
      { id: 'writer', parent_id: 'root', name: 'writer', run_type: 'LLM', turn_range: [2, 4] },
      { id: 'fetch', parent_id: 'writer', run_type: 'retriever' },
    ])!;
    expect(shape(tree)).toBe('root(search, writer(fetch))');
    expect(tree[0]).toMatchObject({ name: 'orchestrator', run_type: 'chain', status: 'success', turn_range: [0, 5] });
    expect(tree[0].children[1]).toMatchObject({ run_type: 'llm', turn_range: [2, 4] });
    expect(tree[0].children[1].children[0]).toEqual({
      id: 'fetch',
      name: 'retriever',
      run_type: 'retriever',
      children: [],
    });
  });

  it('makes a root of a run whose parent the tree does not hold, and breaks cycles', () => {
    expect(
      shape(
        readRunTree([
          { id: 'a', parent_id: 'gone' },
          { id: 'b', parent_id: 'a' },
        ])!,
      ),
    ).toBe('a(b)');
    expect(
      shape(
        readRunTree([
          { id: 'a', parent_id: 'b' },
          { id: 'b', parent_id: 'a' },
        ])!,
      ),
    ).toBe('b(a)');
    expect(shape(readRunTree([{ id: 'self', parent_id: 'self' }])!)).toBe('self');
    const ring = readRunTree([
      { id: 'x', parent_id: 'z' },
      { id: 'y', parent_id: 'x' },
      { id: 'z', parent_id: 'y' },
    ])!;
    expect(shape(ring)).toBe('z(x(y))');
  });

  it('drops nodes without an id and repeated ids, and leaves out unknown types, statuses and bad ranges', () => {
    const tree = readRunTree([
      { name: 'no id' },
      'text',
      null,
      { id: 7, name: 'seven', run_type: 'agent', status: 'running', turn_range: [1.5, 2] },
      { id: '7', name: 'again' },
      { id: 'r', run_type: 'tool', turn_range: [1, 2, 3] },
      { id: 's', turn_range: ['1', 2], name: '' },
    ])!;
    expect(tree).toEqual([
      { id: '7', name: 'seven', children: [] },
      { id: 'r', name: 'tool', run_type: 'tool', children: [] },
      { id: 's', name: 'run', children: [] },
    ]);
  });

  it('is undefined for an item without runs', () => {
    expect(readRunTree(undefined)).toBeUndefined();
    expect(readRunTree({ id: 'a' })).toBeUndefined();
    expect(readRunTree([{ name: 'no id' }])).toBeUndefined();
  });
});
