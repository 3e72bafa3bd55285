import { describe, expect, it } from 'vitest';
import { addInstances, createTask, removeInstances, type Instance } from '../../../server/domain/task.js';

const item = (id: string): Instance => ({ id, text: `text ${id}`, data: { id } });

describe('adding instances to a running task and taking them out again', () => {
  it('leaves the task as it was when the write that stored them failed', () => {
    const task = createTask([], [item('a'), item('b')], {});
    addInstances(task, [item('c'), item('d')]);
    expect(task.positionById.get('d')).toBe(3);
    removeInstances(task, new Set(['c', 'd']));
    expect(task.instances.map((i) => i.id)).toEqual(['a', 'b']);
    expect([...task.instanceById.keys()]).toEqual(['a', 'b']);
    expect([...task.positionById]).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('keeps positions right when what is taken out is not at the end (another write added after it)', () => {
    const task = createTask([], [item('a')], {});
    addInstances(task, [item('r2')]);
    addInstances(task, [item('later')]);
    removeInstances(task, new Set(['r2']));
    expect(task.instances.map((i) => i.id)).toEqual(['a', 'later']);
    expect(task.positionById.get('later')).toBe(1);
    expect(task.positionById.has('r2')).toBe(false);
    expect(task.instanceById.has('r2')).toBe(false);
  });
});
