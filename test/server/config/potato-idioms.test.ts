/**
 * Idioms of real Potato configs load, each with a warning where its meaning changes; wrong values still stop start-up.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (config: Record<string, unknown>, files?: Record<string, string>) =>
  loadConfig(writeProject({ config, files }), {});

describe('Potato config idioms', () => {
  it('duplicate keys: the last one wins, with a warning naming both lines', () => {
    const file = writeProject();
    writeFileSync(
      file,
      `annotation_task_name: First\ndata_files: [data.jsonl]\nannotation_task_name: Second\nannotation_schemes:\n  - {annotation_type: radio, name: s, labels: [a, b]}\n`,
    );
    const config = loadConfig(file, {});
    expect(config.settings.annotation_task_name).toBe('Second');
    expect(config.warnings).toContain(
      `${file}: key "annotation_task_name" is given twice (lines 1 and 3); the one on line 3 is used`,
    );
  });

  it('data_files entries as objects, num_annotators_per_item as an object, and the per-instance / per-annotator aliases', () => {
    const config = load({
      data_files: [{ path: 'data.jsonl', type: 'json' }],
      num_annotators_per_item: { default: 2, adaptive: { enabled: true } },
      instances_per_annotator: 4,
    });
    expect(config.task.instances).toHaveLength(10);
    expect(config.settings.num_annotators_per_item).toBe(2);
    expect(config.settings.max_annotations_per_user).toBe(4);
    expect(config.warnings.join('\n')).toMatch(
      /num_annotators_per_item: every item gets 2 annotators; adaptive not acted on/,
    );
    expect(config.warnings.join('\n')).not.toMatch(/unknown key "instances_per_annotator"/);
    expect(load({ annotation_per_instance: 3 }).settings.num_annotators_per_item).toBe(3);
  });

  it("maps Potato 2's assignment strategies to the nearest one here, naming both", () => {
    const a = load({ assignment_strategy: 'max_diversity' });
    expect(a.settings.assignment_strategy).toBe('least_annotated');
    expect(a.warnings.join('\n')).toMatch(
      /assignment_strategy: "max_diversity" is not available here; items are assigned by "least_annotated" instead/,
    );
    expect(load({ assignment_strategy: 'active_learning' }).settings.assignment_strategy).toBe('active_learning');
    expect(load({ assignment_strategy: { name: 'llm_confidence' } }).settings.assignment_strategy).toBe('random');
    expect(load({ assignment_strategy: 'random' }).warnings.join('\n')).not.toMatch(/assignment_strategy/);
  });

  it('wrong values still stop start-up naming the file, key and reason', () => {
    expect(() => load({ data_files: [{ type: 'json' }] })).toThrow(/config\.yaml: data_files/);
    expect(() => load({ num_annotators_per_item: { default: 'many' } })).toThrow(
      /config\.yaml: num_annotators_per_item/,
    );
    expect(() => load({ instances_per_annotator: 'lots' })).toThrow(
      /config\.yaml: instances_per_annotator: expected a number/,
    );
  });

  it('dotted text_key paths and conversation items (turns with speakers) give the text spans are marked on', () => {
    const items = [
      { id: 'c1', text: 'unused', content: { body: 'Nested body text.' } },
      { id: 'c2', text: 'unused', content: { body: 7 } },
    ];
    const nested = loadConfig(
      writeProject({ config: { item_properties: { id_key: 'id', text_key: 'content.body' } }, items }),
      {},
    );
    expect(nested.task.instances.map((i) => i.text)).toEqual(['Nested body text.', '7']);
    const turns = [
      {
        id: 't1',
        text: 'x',
        dialogue: [
          { speaker: 'Ann', text: 'Hello there.' },
          { speaker: 'Bo', text: 'Hi!' },
        ],
      },
      { id: 't2', text: 'x', dialogue: ['First line', 'Second line'] },
    ];
    const conv = loadConfig(
      writeProject({ config: { item_properties: { id_key: 'id', text_key: 'dialogue' } }, items: turns }),
      {},
    );
    expect(conv.task.instances.map((i) => i.text)).toEqual(['Ann: Hello there.\nBo: Hi!', 'First line\nSecond line']);
  });

  it('items without the text field load with an empty text, as in Potato, with a warning counting them; their own fields are shown', () => {
    const items = [
      { id: 'a1', text: 'unused', messages: [{ role: 'user', content: 'Find papers on RLHF.' }], model: 'some-model' },
      { id: 'a2', text: 'unused', task: 'Has the field.', messages: [] },
    ];
    const file = writeProject({
      config: {
        item_properties: { id_key: 'id', text_key: 'task' },
        instance_display: {
          fields: [
            { key: 'task', type: 'text' },
            { key: 'conversation', type: 'dialogue' },
          ],
        },
      },
      items,
    });
    const config = loadConfig(file, {});
    expect(config.task.instances.map((i) => i.text)).toEqual(['', 'Has the field.']);
    expect(config.warnings.join('\n')).toMatch(
      /item_properties\.text_key: 1 of 2 items have no text field "task" \(first at .*data\.jsonl:1\): their text is empty/,
    );
    const none = loadConfig(
      writeProject({ config: { item_properties: { id_key: 'id', text_key: 'content.missing' } }, items }),
      {},
    );
    expect(none.warnings.join('\n')).toMatch(
      /none of the 2 items has a text field "content\.missing" \(first at .*data\.jsonl:1\)/,
    );
  });

  it('rubric_eval loads as a multirate grid with a warning: criteria as rows, 1..N stored as Potato stores them; bad rubrics are refused by key', () => {
    const rubric = {
      annotation_type: 'rubric_eval',
      name: 'quality',
      description: 'Rate the reply',
      scale_points: 4,
      scale_labels: ['Poor', 'Fair', 'Good'],
      criteria: [{ name: 'accuracy', description: 'Are the facts right?' }, { name: 'clarity' }],
      show_overall: true,
    };
    const config = load({ annotation_schemes: [rubric] });
    const scheme = config.task.schemes[0];
    expect(scheme.annotation_type).toBe('multirate');
    expect(scheme.extra.scale).toEqual(['1', '2', '3', '4']);
    expect(scheme.labels).toEqual([
      { name: 'accuracy', tooltip: 'Are the facts right?' },
      { name: 'clarity' },
      { name: 'overall', tooltip: 'Overall quality' },
    ]);
    expect(scheme.description).toBe('Rate the reply (1 = Poor, 2 = Fair, 3 = Good, 4)');
    expect(config.warnings.join('\n')).toMatch(
      /annotation_schemes\[0\] \(quality\): rubric_eval is shown as a multirate grid: each criterion a row rated 1–4/,
    );
    expect(config.warnings.join('\n')).not.toMatch(/scale_points|criteria|show_overall/);
    expect(() => load({ annotation_schemes: [{ ...rubric, criteria: [] }] })).toThrow(
      /config\.yaml: annotation_schemes\[0\] \(quality\)\.criteria: a rubric_eval scheme needs criteria/,
    );
    expect(() => load({ annotation_schemes: [{ ...rubric, scale_points: 'five' }] })).toThrow(
      /\(quality\)\.scale_points: give a whole number/,
    );
    expect(() => load({ annotation_schemes: [{ ...rubric, criteria: [{ description: 'no name' }] }] })).toThrow(
      /\(quality\)\.criteria\[0\]: give each criterion a name/,
    );
  });

  it('pairwise with more than two labels: three are A, B and a tie, four or more one choice among them, each with a warning', () => {
    const three = load({
      annotation_schemes: [
        { annotation_type: 'pairwise', name: 'pref', mode: 'binary', labels: ['Response A', 'Response B', 'Tie'] },
      ],
    });
    expect(three.task.schemes[0].annotation_type).toBe('pairwise');
    expect(three.task.schemes[0].extra).toMatchObject({
      item_labels: ['Response A', 'Response B'],
      dimensions: [{ name: 'selection', allow_tie: true, tie_label: 'Tie' }],
    });
    expect(three.warnings.join('\n')).toMatch(
      /\(pref\)\.labels: .*"Response A" and "Response B" are its choices and "Tie" its tie/,
    );
    const five = load({
      annotation_schemes: [
        {
          annotation_type: 'pairwise',
          name: 'pref',
          labels: ['A much better', 'A better', 'Tie', 'B better', 'B much better'],
          tooltips: { Tie: 'About the same' },
        },
      ],
    });
    expect(five.task.schemes[0].annotation_type).toBe('radio');
    expect(five.task.schemes[0].labels.map((l) => l.name)).toEqual([
      'A much better',
      'A better',
      'Tie',
      'B better',
      'B much better',
    ]);
    expect(five.task.schemes[0].labels[2].tooltip).toBe('About the same');
    expect(five.warnings.join('\n')).toMatch(
      /\(pref\)\.labels: a pairwise scheme with 5 labels is asked as one choice among them \(a radio scheme/,
    );
    expect(
      load({ annotation_schemes: [{ annotation_type: 'pairwise', name: 'pref', labels: ['Left', 'Right'] }] }).task
        .schemes[0].annotation_type,
    ).toBe('pairwise');
  });

  it('scheme idioms: labels and tooltips as maps, displayed_name, horizontal, label_requirement; unread scheme keys are warned about', () => {
    const config = load({
      annotation_schemes: [
        {
          annotation_type: 'radio',
          name: 'strength',
          labels: { 1: 'Very weak', 2: 'Weak', 3: 'Strong' },
          tooltips: { Weak: 'Some support', Nope: 'x' },
          displayed_name: 'Argument strength',
          horizontal: true,
          label_requirement: { required: true },
        },
        {
          annotation_type: 'multiselect',
          name: 'consent',
          labels: { agree: 'I agree to take part', other: { tooltip: 'Anything else', key_value: 'o' } },
          label_requirement: { required_label: 'agree' },
          horizontal: 'False',
          has_free_response: { instruction: 'Other' },
        },
      ],
    });
    const [strength, consent] = config.task.schemes;
    expect(strength.labels).toEqual([
      { name: 'Very weak', key_value: '1' },
      { name: 'Weak', key_value: '2', tooltip: 'Some support' },
      { name: 'Strong', key_value: '3' },
    ]);
    expect(strength).toMatchObject({
      displayed_name: 'Argument strength',
      horizontal: true,
      required: true,
      extra: {},
    });
    expect(consent.labels).toEqual([
      { name: 'agree', tooltip: 'I agree to take part' },
      { name: 'other', tooltip: 'Anything else', key_value: 'o' },
    ]);
    expect(consent).toMatchObject({ horizontal: false, required: ['agree'] });
    const warnings = config.warnings.join('\n');
    expect(warnings).toMatch(
      /annotation_schemes\[0\] \(strength\)\.tooltips: "Nope" is not one of the scheme's labels/,
    );
    expect(warnings).toMatch(
      /annotation_schemes\[1\] \(consent\)\.has_free_response is not acted on: no free-text box/,
    );
    expect(() =>
      load({
        annotation_schemes: [
          { annotation_type: 'radio', name: 's', labels: ['a'], label_requirement: { required_label: 'b' } },
        ],
      }),
    ).toThrow(
      /config\.yaml: annotation_schemes\[0\] \(s\)\.label_requirement\.required_label: "b" is not one of the scheme's labels/,
    );
  });
});
