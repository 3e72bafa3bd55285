/**
 * Potato's batch_assignment section: groups read with their items from inline ids, an instances_file and a
 * data_file; bad values refused at start-up naming the key; keys not acted on warned about.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject, sampleItems } from '../../helpers/project.js';
import { tempDir } from '../../helpers/temp-dir.js';

const items = [...sampleItems(3), { id: 'b1', text: 'B one' }, { id: 'b2', text: 'B two' }];

function load(batch: unknown, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) {
  const config = {
    assignment_strategy: 'batch',
    ...(batch === undefined ? {} : { batch_assignment: batch }),
    ...extra,
  };
  return loadConfig(writeProject({ config, items, files }), {});
}
const batchWarnings = (c: ReturnType<typeof load>) => c.warnings.filter((w) => /batch_assignment/.test(w));

describe('batch_assignment config', () => {
  it('reads groups with their annotators, items in order and schemes as given, and names an unnamed one', () => {
    const c = load(
      {
        annotator_key: 'round1',
        groups: [
          { name: 'a', annotators: ['alice', 'bob'], instances: ['item-2', 'item-1'], schemes: ['sentiment'] },
          { users: ['erin', 7], instances: ['b1'], schemes: 'minimal' },
        ],
      },
      { scheme_sets: { minimal: ['sentiment'] } },
    );
    expect(c.settings.assignment_strategy).toBe('batch');
    expect(c.cohorts).toEqual({
      autoAssign: false,
      annotatorKey: 'round1',
      groups: [
        {
          name: 'a',
          annotators: ['alice', 'bob'],
          items: ['item-2', 'item-1'],
          maxAnnotators: null,
          schemes: ['sentiment'],
        },
        { name: 'group_1', annotators: ['erin', '7'], items: ['b1'], maxAnnotators: null, schemes: 'minimal' },
      ],
    });
    expect(batchWarnings(c)).toEqual([]);
  });

  it("loads a group's data_file as the task's items and its order, with data_files empty", () => {
    const c = load(
      {
        auto_assign_annotators: true,
        groups: [
          { name: 'x', data_file: 'batches/x.csv', max_annotators: '3' },
          { name: 'y', data_file: 'batches/y.jsonl' },
        ],
      },
      { data_files: [] },
      {
        'batches/x.csv': 'id,text\nx2,second\nx1,first\n',
        'batches/y.jsonl': '{"id": "y1", "text": "why"}\n',
      },
    );
    expect(c.task.instances.map((i) => i.id)).toEqual(['x2', 'x1', 'y1']);
    expect(c.task.instanceById.get('x1')!.text).toBe('first');
    expect(c.cohorts.groups.map((g) => [g.items, g.maxAnnotators])).toEqual([
      [['x2', 'x1'], 3],
      [['y1'], null],
    ]);
  });

  it('reads an instances_file of ids of the data_files items, after the inline ones: a JSON list or a data file', () => {
    const c = load(
      {
        groups: [
          { annotators: ['alice'], instances: ['item-1'], instances_file: 'a.json' },
          { annotators: ['bob'], instances_file: { path: 'b.csv', encoding: 'utf-8' } },
        ],
      },
      {},
      { 'a.json': '["item-3", "item-2"]', 'b.csv': 'id,note\nb2,x\nb1,y\n' },
    );
    expect(c.cohorts.groups.map((g) => g.items)).toEqual([
      ['item-1', 'item-3', 'item-2'],
      ['b2', 'b1'],
    ]);
  });

  it('stops start-up naming the key for each bad value', () => {
    const refused = (batch: unknown, extra: Record<string, unknown> = {}) => expect(() => load(batch, extra));
    refused(undefined).toThrow(/assignment_strategy: batch needs a batch_assignment section/);
    refused({ groups: [] }).toThrow(
      /batch_assignment: give groups or an annotator_key, or items with an "assigned_annotators" field/,
    );
    refused({ groups: [{ annotators: [], instances: ['b1'] }] }).toThrow(
      /batch_assignment\.groups\[0\]\.annotators: a group needs a non-empty annotators list/,
    );
    refused({ groups: [{ annotators: ['a'] }] }).toThrow(/groups\[0\]: a group must define either instances/);
    refused({ groups: [{ annotators: ['a'], instances: ['nope'] }] }).toThrow(
      /groups\[0\]\.instances: no item has the id "nope"/,
    );
    refused({ groups: [{ annotators: ['a'], data_file: 'missing.csv' }] }).toThrow(
      /groups\[0\]\.data_file: file not found/,
    );
    refused({ groups: [{ annotators: ['a'], instances_file: 'missing.json' }] }).toThrow(
      /groups\[0\]\.instances_file: file not found/,
    );
    refused({
      groups: [
        { name: 'g', annotators: ['a'], instances: ['b1'] },
        { name: 'g', annotators: ['b'], instances: ['b2'] },
      ],
    }).toThrow(/groups\[1\]\.name: "g" is the name of groups\[0\] too/);
    refused({
      groups: [
        { annotators: ['a'], instances: ['b1'] },
        { annotators: ['a'], instances: ['b2'] },
      ],
    }).toThrow(/groups\[1\]\.annotators: "a" is in groups\[0\] too/);
    refused({
      auto_assign_annotators: true,
      groups: [{ instances: ['b1', 'b2'] }, { instances: ['b2'] }],
    }).toThrow(/groups\[1\]\.instances: item "b2" is in groups\[0\] too; under auto_assign_annotators/);
    refused({ groups: [{ annotators: ['a'], instances: ['b1'], max_annotators: 0 }] }).toThrow(
      /batch_assignment\.groups\[0\]\.max_annotators/,
    );
    refused({ groups: [{ annotators: ['a'], instances: ['b1'] }] }, { data_files: [] }).toThrow(
      /data_files: the data files/,
    );
    const bws = {
      annotation_schemes: [
        { annotation_type: 'bws', name: 'intensity', best_description: 'Most?', worst_description: 'Least?' },
      ],
      bws_config: { tuple_size: 2, num_tuples: 2, seed: 1 },
    };
    refused({ groups: [{ annotators: ['a'], instances: ['b1', 'b2'] }] }, bws).toThrow(
      /batch_assignment: groups name items, which bws_config or ibws_config turn into tuples/,
    );
  });

  it("refuses a group's instances_file or data_file outside the task folder, by path or by link, naming the key", () => {
    const elsewhere = tempDir('marginalia-elsewhere-');
    writeFileSync(join(elsewhere, 'ids.json'), '["b1"]');
    writeFileSync(join(elsewhere, 'more.csv'), 'id,text\nz1,zed\n');
    const project = dirname(writeProject({ items }));
    symlinkSync(join(elsewhere, 'ids.json'), join(project, 'linked.json'));
    const outside = (group: Record<string, unknown>, key: string) =>
      expect(() => load({ groups: [{ annotators: ['a'], ...group }] })).toThrow(
        new RegExp(`batch_assignment\\.groups\\[0\\]\\.${key}: ".*" lies outside the task folder`),
      );
    outside({ instances_file: join(elsewhere, 'ids.json') }, 'instances_file');
    outside({ instances_file: relative(project, join(elsewhere, 'ids.json')) }, 'instances_file');
    outside({ data_file: { path: join(elsewhere, 'more.csv') } }, 'data_file');
    const linked = () =>
      loadConfig(
        writeProject({
          dir: project,
          items,
          config: {
            assignment_strategy: 'batch',
            batch_assignment: { groups: [{ annotators: ['a'], instances_file: 'linked.json' }] },
          },
        }),
        {},
      );
    expect(linked).toThrow(/groups\[0\]\.instances_file: "linked\.json" lies outside the task folder/);
    // a group's files in a folder of the task folder load
    const inside = load(
      { groups: [{ annotators: ['a'], instances_file: 'lists/a.json' }] },
      {},
      { 'lists/a.json': '["b2"]' },
    );
    expect(inside.cohorts.groups[0].items).toEqual(['b2']);
  });

  it("reads a group's keys under Potato's other names, the first given of each, warning about a second", () => {
    const c = load(
      {
        auto_assign_annotators: true,
        groups: [
          { name: 'x', items: ['item-2', 'item-1'], annotator_count: '2' },
          { name: 'y', instance_ids_file: 'ids.json', slots: 3 },
          { name: 'z', input_data_file: 'more.jsonl' },
          { name: 'w', instance_ids: ['b1'], items: ['b2'] },
        ],
      },
      {},
      { 'ids.json': JSON.stringify(['item-3']), 'more.jsonl': JSON.stringify({ id: 'c1', text: 'C one' }) },
    );
    expect(c.cohorts.groups.map((g) => [g.name, g.items, g.maxAnnotators])).toEqual([
      ['x', ['item-2', 'item-1'], 2],
      ['y', ['item-3'], 3],
      ['z', ['c1'], null],
      ['w', ['b2'], null],
    ]);
    expect(c.task.instanceById.has('c1')).toBe(true);
    expect(batchWarnings(c)).toEqual([
      expect.stringMatching(
        /: batch_assignment\.groups\[3\]: items and instance_ids name the same thing; items is read and the rest ignored$/,
      ),
    ]);
    expect(() => load({ groups: [{ annotators: ['a'], items_file: '../outside.json' }] })).toThrow(
      /batch_assignment\.groups\[0\]\.items_file: /,
    );
  });

  it('names the key the config used when it refuses an item id', () => {
    expect(() => load({ groups: [{ annotators: ['a'], items: ['b1', 'nope'] }] })).toThrow(
      /: batch_assignment\.groups\[0\]\.items: no item has the id "nope"$/,
    );
    expect(() =>
      load(
        { groups: [{ annotators: ['a'], instance_ids: ['b1'], instance_ids_file: 'ids.json' }] },
        {},
        { 'ids.json': JSON.stringify(['item-3', 'gone']) },
      ),
    ).toThrow(/: batch_assignment\.groups\[0\]\.instance_ids_file: no item has the id "gone"$/);
    expect(() =>
      load({ auto_assign_annotators: true, groups: [{ items: ['b1', 'b2'] }, { instance_ids: ['b2'] }] }),
    ).toThrow(/: batch_assignment\.groups\[1\]\.instance_ids: item "b2" is in groups\[0\] too; under auto_assign/);
  });

  it('lets an item be in two groups of named annotators', () => {
    const c = load({
      groups: [
        { annotators: ['a'], instances: ['b1'] },
        { annotators: ['b'], instances: ['b1', 'b2'] },
      ],
    });
    expect(c.cohorts.groups.map((g) => g.items)).toEqual([['b1'], ['b1', 'b2']]);
  });

  it('warns about what it does not act on: groups under another strategy, max_annotators without auto-assign, unknown keys', () => {
    const c = load(
      { groups: [{ annotators: ['a'], instances: ['b1'], max_annotators: 2, colour: 'red' }], rounds: 2 },
      { assignment_strategy: 'random' },
    );
    expect(batchWarnings(c)).toEqual([
      expect.stringMatching(/unknown key "batch_assignment\.groups\[0\]\.colour" is ignored/),
      expect.stringMatching(/unknown key "batch_assignment\.rounds" is ignored/),
      expect.stringMatching(/batch_assignment\.groups\[0\]\.max_annotators is not acted on/),
      expect.stringMatching(
        /batch_assignment: items are not limited to each group's while assignment_strategy is "random"/,
      ),
    ]);
    expect(c.cohorts.groups[0].items).toEqual(['b1']);
  });
});
