import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../../server/index.js';
import { writeProject } from '../../../../helpers/project.js';
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
      {
        name: 'Science',
        children: [
          {
            name: 'Physics',
            children: [
              { name: 'Optics', children: [] },
              { name: 'Heat', children: [] },
            ],
          },
          { name: 'Biology', children: [] },
        ],
      },
      { name: 'Arts, Crafts', children: [{ name: 'Music', children: [] }] },
    ]);
    expect(s.extra).toMatchObject({
      auto_select_children: false,
      show_search: false,
      max_selections: 3,
      expand_depth: 1,
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, taxonomy: undefined })).toMatch(/\(topic\)\.taxonomy: give a taxonomy/);
    expect(refusal({ ...SCHEME, taxonomy: 'Science' })).toMatch(
      /annotation_schemes\[0\]\.taxonomy: expected a mapping of parent → children, or a list of labels/,
    );
    expect(refusal({ ...SCHEME, taxonomy: { Science: [true] } })).toMatch(
      /\(topic\)\.taxonomy\.Science\[0\]: expected a label, a list or a mapping, got boolean/,
    );
    expect(refusal({ ...SCHEME, taxonomy: [] })).toMatch(/\(topic\)\.taxonomy: the taxonomy has no labels/);
    expect(refusal({ ...SCHEME, max_selections: 0 })).toMatch(/annotation_schemes\[0\]\.max_selections: /);
  });

  it('stores names joined by commas as Potato does, reading names that hold commas; exports round-trip', async () => {
    const t = await serve([SCHEME], ITEMS);
    const answer = { 'topic:selected_labels': 'Optics,Arts, Crafts' };
    expect((await submitAndRead(t, 'ann', 'h1', answer)).annotations).toEqual(answer);
    expect(await refusedAnswer(t, 'h1', { 'topic:selected_labels': 'Optics,Chemistry' })).toBe(
      'annotations["topic:selected_labels"]: "Chemistry" is not a label of the taxonomy',
    );
    expect(await refusedAnswer(t, 'h1', { 'topic:selected_labels': 'Optics,Heat,Music,Biology' })).toBe(
      'annotations["topic:selected_labels"]: 4 labels chosen; at most 3 may be',
    );
    await submitAndRead(t, 'bob', 'h2', { 'topic:selected_labels': 'Biology,Science' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { topic: ['Optics', 'Arts, Crafts'] },
      { topic: ['Biology', 'Science'] },
    ]);
    expect(await csvOf(t)).toContain('h1,ann,lasers and songs,"Optics|Arts, Crafts"');
    await t.close();
  });
});

describe('hierarchical_multiselect presets and tooltips', () => {
  const PRESET = {
    annotation_type: 'hierarchical_multiselect',
    name: 'modes',
    description: 'Failure modes',
    taxonomy_preset: 'mast',
  };

  it('taxonomy_preset: mast fills the tree with coded names, each with a tooltip; given tooltips win', () => {
    const s = loadScheme({ ...PRESET, tooltips: { '2.3 Task derailment': 'Our own words' } });
    const tree = s.extra.tree as { name: string; tooltip?: string; children: { name: string; tooltip?: string }[] }[];
    expect(tree.map((n) => n.name)).toEqual([
      'Specification & System Design',
      'Inter-Agent Misalignment',
      'Task Verification & Termination',
    ]);
    expect(tree.flatMap((n) => n.children).length).toBe(14);
    expect(tree[0].children[0].name).toBe('1.1 Disobey task specification');
    expect(tree[0].children.every((c) => typeof c.tooltip === 'string' && c.tooltip.length > 10)).toBe(true);
    expect(tree[1].children.find((c) => c.name === '2.3 Task derailment')?.tooltip).toBe('Our own words');
  });

  it('refuses an unknown preset naming it, and a scheme with neither a taxonomy nor a preset', () => {
    expect(refusal({ ...PRESET, taxonomy_preset: 'nist' })).toMatch(
      /\(modes\)\.taxonomy_preset: "nist" is not a known preset \(mast\)/,
    );
    expect(refusal({ annotation_type: 'hierarchical_multiselect', name: 'modes' })).toMatch(
      /\(modes\)\.taxonomy: give a taxonomy .* or a taxonomy_preset/,
    );
  });

  it('a taxonomy given outright wins over the preset, and stray tooltips are warned about', () => {
    const config = loadConfig(
      writeProject({
        config: { annotation_schemes: [{ ...PRESET, taxonomy: ['A', 'B'], tooltips: { A: 'first', Z: 'none' } }] },
      }),
    );
    const tree = config.task.schemes[0].extra.tree as { name: string; tooltip?: string }[];
    expect(tree.map((n) => [n.name, n.tooltip])).toEqual([
      ['A', 'first'],
      ['B', undefined],
    ]);
    expect(config.warnings.join('\n')).toMatch(/\(modes\)\.taxonomy_preset is not used: the scheme's own taxonomy is/);
    expect(config.warnings.join('\n')).toMatch(/\(modes\)\.tooltips: "Z" is not a label of the taxonomy/);
    expect(config.warnings.join('\n')).not.toMatch(/give a map of label name/);
  });

  it('answers with preset names round-trip, and agreement is Jaccard alpha on the chosen sets', async () => {
    const t = await serve([PRESET], ITEMS);
    const both = '1.1 Disobey task specification,2.3 Task derailment';
    await submitAndRead(t, 'ann', 'h1', { 'modes:selected_labels': both });
    await submitAndRead(t, 'bob', 'h1', { 'modes:selected_labels': '2.3 Task derailment' });
    await submitAndRead(t, 'ann', 'h2', { 'modes:selected_labels': '3.1 Premature termination' });
    await submitAndRead(t, 'bob', 'h2', { 'modes:selected_labels': '3.1 Premature termination' });
    const report = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.modes;
    expect(report).toMatchObject({ level: 'jaccard', items_evaluated: 2 });
    expect(typeof report.krippendorff_alpha).toBe('number');
    expect(report.krippendorff_alpha).toBeLessThan(1);
    const lines = await jsonlRoundTrip(t, [PRESET], ITEMS);
    expect(lines.find((l) => l.instance_id === 'h1' && l.annotator === 'ann')?.labels).toEqual({
      modes: ['1.1 Disobey task specification', '2.3 Task derailment'],
    });
    await t.close();
  });
});
