/** Imported instances come back at start in the order they were imported, whatever order storage keeps. */
import { describe, expect, it } from 'vitest';
import { restoreImported, checkNew } from '../../../../server/domain/data/imported.js';
import { createTask } from '../../../../server/domain/task.js';
import { MemoryStore } from '../../../../server/storage/memory-store.js';

const instance = (id: string) => ({ id, text: `text ${id}`, data: { id } });

describe('restoreImported', () => {
  it('adds stored imports back by their sequence number and skips ids the data files now hold', async () => {
    const store = new MemoryStore();
    // stored out of order, with integer-like ids (a JSON snapshot would put those first)
    await store.write([
      {
        table: 'imported_instances',
        key: '10',
        value: { instance: instance('10'), seq: 2, import_id: 'i', imported_at: 't' },
      },
      {
        table: 'imported_instances',
        key: 'z',
        value: { instance: instance('z'), seq: 0, import_id: 'i', imported_at: 't' },
      },
      {
        table: 'imported_instances',
        key: 'file',
        value: { instance: instance('file'), seq: 1, import_id: 'i', imported_at: 't' },
      },
      {
        table: 'imported_instances',
        key: '2',
        value: { instance: instance('2'), seq: 3, import_id: 'i', imported_at: 't' },
      },
    ]);
    const task = createTask([], [instance('a'), instance('file')], {});
    expect(restoreImported(store, task)).toEqual(['file']);
    expect(task.instances.map((i) => i.id)).toEqual(['a', 'file', 'z', '10', '2']);
    expect(task.positionById.get('2')).toBe(4);
    expect(task.instanceById.get('z')?.text).toBe('text z');
  });
});

describe('checkNew', () => {
  it('refuses ids already in the task or given twice, naming both places', () => {
    const task = createTask([], [instance('a')], {});
    const where = (n: number) => `f:${n + 1}`;
    expect(() => checkNew(task, [instance('b'), instance('a')], where)).toThrow(
      'f:2: duplicate instance id "a" (already in the project)',
    );
    expect(() => checkNew(task, [instance('b'), instance('c'), instance('b')], where)).toThrow(
      'f:3: duplicate instance id "b" (first at f:1)',
    );
    expect(() => checkNew(task, [instance('b')], where)).not.toThrow();
  });
});
