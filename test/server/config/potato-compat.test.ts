import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject, SAMPLE_SCHEMES } from '../../helpers/project.js';

describe('Potato configs from older or richer releases', () => {
  it('keeps pure_display and multirate schemes: they are types of their own now', () => {
    const config = loadConfig(
      writeProject({
        config: {
          annotation_schemes: [
            { annotation_type: 'pure_display', name: 'intro', description: 'Read carefully.' },
            SAMPLE_SCHEMES[0],
            { annotation_type: 'multirate', name: 'grid', options: ['a', 'b'], labels: ['1', '2'] },
          ],
        },
      }),
    );
    expect(config.task.schemes.map((s) => s.name)).toEqual(['intro', 'sentiment', 'grid']);
    expect(config.warnings.join('\n')).not.toMatch(/left out/);
  });

  it('refuses media and agent-trace types, naming the type and saying it is not supported', () => {
    for (const type of ['image_annotation', 'audio_annotation', 'video_annotation', 'grounding_eval']) {
      let message = '';
      try {
        loadConfig(
          writeProject({
            config: {
              annotation_schemes: [SAMPLE_SCHEMES[0], { annotation_type: type, name: 'media', labels: ['a'] }],
            },
          }),
        );
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(new RegExp(`annotation_schemes\\[1\\]\\.annotation_type: "${type}" is not supported`));
      expect(message).not.toMatch(/radio|multiselect|likert/);
    }
  });

  it('still refuses a scheme type that Potato does not have either', () => {
    expect(() =>
      loadConfig(
        writeProject({ config: { annotation_schemes: [{ annotation_type: 'telepathy', name: 'x', labels: ['a'] }] } }),
      ),
    ).toThrow(/annotation_schemes\[0\]\.annotation_type/);
  });

  it('maps automatic_assignment onto the assignment settings, without overriding explicit ones', () => {
    const auto = {
      on: true,
      output_filename: 'task_assignment.json',
      sampling_strategy: 'random',
      labels_per_instance: 3,
      instance_per_annotator: 40,
      test_question_per_annotator: 0,
    };
    const mapped = loadConfig(writeProject({ config: { automatic_assignment: auto } })).settings;
    expect(mapped).toMatchObject({
      num_annotators_per_item: 3,
      max_annotations_per_user: 40,
      assignment_strategy: 'random',
    });
    const explicit = loadConfig(
      writeProject({ config: { automatic_assignment: auto, num_annotators_per_item: 2 } }),
    ).settings;
    expect(explicit.num_annotators_per_item).toBe(2);
    const off = loadConfig(writeProject({ config: { automatic_assignment: { ...auto, on: false } } })).settings;
    expect(off).toMatchObject({
      num_annotators_per_item: null,
      max_annotations_per_user: null,
      assignment_strategy: 'fixed_order',
    });
  });
});

describe('typos inside sections', () => {
  it('warns about unknown keys inside sections, naming the path, so a misspelt secret is not silently dropped', () => {
    const config = loadConfig(
      writeProject({
        config: {
          user_config: { alow_all_users: false, users: [] },
          item_properties: { id_key: 'id', text_key: 'text' },
          webhooks: { endpoints: [{ name: 'a', url: 'https://hooks.example/a', secert: 'x', events: ['*'] }] },
        },
      }),
    );
    const text = config.warnings.join('\n');
    expect(text).toMatch(/unknown key "user_config\.alow_all_users" is ignored/);
    expect(text).toMatch(/unknown key "webhooks\.endpoints\[0\]\.secert" is ignored/);
    expect(text).not.toMatch(/item_properties/);
  });

  it('stays quiet for a config without typos, including the bundled example', () => {
    expect(loadConfig(writeProject()).warnings).toEqual([]);
    expect(loadConfig('examples/product-reviews/config.yaml').warnings).toEqual([]);
  });
});
