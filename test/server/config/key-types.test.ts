/** Keys read outside the config schema refuse a value of the wrong type, naming the key and what it takes. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, READ_ELSEWHERE } from '../../../server/config/load.js';
import { KEY_TYPES } from '../../../server/config/key-types.js';
import { SAMPLE_SCHEMES, writeProject } from '../../helpers/project.js';

const refusal = (config: Record<string, unknown>): string => {
  try {
    loadConfig(writeProject({ config }), {});
  } catch (e) {
    if (e instanceof ConfigError) return e.message.slice(e.message.indexOf('config.yaml: ') + 'config.yaml: '.length);
    throw e;
  }
  return 'loaded';
};

const WRONG: [Record<string, unknown>, string][] = [
  [{ media_directory: true }, 'media_directory: expected the name of a folder of media files, not true'],
  [{ surveyflow: true }, 'surveyflow: expected a mapping ({on, pre_annotation, post_annotation}) or false, not true'],
  [{ surveyflow: { on: 'maybe' } }, 'surveyflow.on: expected true or false, not "maybe"'],
  [{ surveyflow: { on: true, pre_annotation: 'a.json' } }, 'surveyflow.pre_annotation: expected a list of file names'],
  [{ training: 'yes' }, 'training: expected a mapping'],
  [{ training: { enabled: 3 } }, 'training.enabled: expected true or false, not 3'],
  [{ training: { data_file: 7 } }, 'training.data_file: expected the name of a training file, not 7'],
  [
    { training: { passing_criteria: { min_correct: 'most' } } },
    'training.passing_criteria.min_correct: expected a number',
  ],
  [{ alert_time_each_instance: 'soon' }, 'alert_time_each_instance: expected a number, not "soon"'],
  [{ horizontal_key_bindings: 'sideways' }, 'horizontal_key_bindings: expected true or false'],
  [
    { output_annotation_format: ['json'] },
    'output_annotation_format: expected a format name such as jsonl or csv, not a list',
  ],
  [{ annotation_per_instance: 'two' }, 'annotation_per_instance: expected a number'],
  [{ instances_per_annotator: true }, 'instances_per_annotator: expected a number, not true'],
  [{ automatic_assignment: 'on' }, 'automatic_assignment: expected a mapping'],
  [
    { automatic_assignment: { on: true, sampling_strategy: 'shuffled' } },
    'automatic_assignment.sampling_strategy: expected random or ordered',
  ],
  [{ data_sources: { type: 'file' } }, 'data_sources: expected a list of sources'],
  [{ data_directory: 5 }, 'data_directory: expected the name of a folder of data files, not 5'],
  [{ watch_data_directory: 'often' }, 'watch_data_directory: expected true or false'],
  [{ watch_poll_interval: 'fast' }, 'watch_poll_interval: expected a number'],
  [{ data_directory_encoding: 8 }, 'data_directory_encoding: expected an encoding name'],
  [{ partial_loading: 'some' }, 'partial_loading: expected true, false or {enabled: true|false}'],
  [{ data_cache: true }, 'data_cache: expected a mapping'],
  [{ list_as_text: 5 }, 'list_as_text: expected true, false or a mapping'],
  [{ html_layout: 3 }, 'html_layout: expected HTML, a file name'],
  [
    { instance_display: ['text'] },
    'instance_display: expected a mapping ({fields: [{key, type}], layout}), not a list',
  ],
  [{ annotation_instructions: { text: 'hi' } }, 'annotation_instructions: expected Markdown or HTML text'],
  [{ annotation_codebook_url: false }, 'annotation_codebook_url: expected an http(s) URL'],
  [{ cot_segmentation: 'reasoning' }, 'cot_segmentation: expected a mapping'],
  [{ customjs: 5 }, 'customjs: expected true, false or the URL of a script, not 5'],
  [{ customjs: ['a.js'] }, 'customjs: expected true, false or the URL of a script, not a list'],
  [{ customjs_hostname: 4173 }, 'customjs_hostname: expected a host name such as localhost:4173, not 4173'],
  [{ persist_sessions: 'sometimes' }, 'persist_sessions: Invalid input: expected boolean, received string'],
  [{ persist_sessions: 1 }, 'persist_sessions: Invalid input: expected boolean, received number'],
];

describe('keys read outside the schema', () => {
  it('each has a declared type, and only those have one', () => {
    expect(new Set(Object.keys(KEY_TYPES))).toEqual(new Set(READ_ELSEWHERE));
  });

  it.each(WRONG)('%j is refused at start-up naming the key and what it takes', (config, reason) => {
    expect(refusal(config)).toContain(reason);
  });

  it('takes the spellings Potato accepts and reads them as their type; an empty key is not given', () => {
    const loaded = loadConfig(
      writeProject({
        config: {
          training: { enabled: 'false' },
          annotation_per_instance: '2',
          horizontal_key_bindings: 'no',
          media_directory: null,
          surveyflow: null,
        },
      }),
      {},
    );
    // "false" switches training off as false does, so it is not warned about as a section left unused
    expect(loaded.warnings).toEqual([]);
    expect(loaded.settings.num_annotators_per_item).toBe(2);
  });

  it('customjs and customjs_hostname are warned about when set, saying no outside script is loaded; off is quiet', () => {
    const warnings = (config: Record<string, unknown>) =>
      loadConfig(writeProject({ config }), {}).warnings.map((w) => w.slice(w.indexOf('config.yaml: ') + 13));
    const instead =
      "customjs is not acted on: no outside script is loaded into the annotation page (Potato's potato.js from a dev server); the page is the app's own";
    expect(warnings({ customjs: true })).toEqual([instead]);
    expect(warnings({ customjs: 'http://localhost:8080/custom.js' })).toEqual([instead]);
    expect(warnings({ customjs: true, customjs_hostname: 'localhost:4173' })).toEqual([
      instead,
      "customjs_hostname is not acted on: no outside script is loaded into the annotation page, so there is no host to load Potato's potato.js from",
    ]);
    expect(warnings({ customjs: false, customjs_hostname: null })).toEqual([]);
    expect(warnings({ customjs: 'False' })).toEqual([]);
    expect(warnings({ customjs: null })).toEqual([]);
  });

  it("persist_sessions is read as a flag, Potato's spellings too; unset keeps sessions", () => {
    const persist = (config: Record<string, unknown>) => {
      const loaded = loadConfig(writeProject({ config }), {});
      expect(loaded.warnings).toEqual([]);
      return loaded.persistSessions;
    };
    expect(persist({ persist_sessions: false })).toBe(false);
    expect(persist({ persist_sessions: 'False' })).toBe(false);
    expect(persist({ persist_sessions: 'no' })).toBe(false);
    expect(persist({ persist_sessions: true })).toBe(true);
    expect(persist({ persist_sessions: null })).toBe(true);
    expect(persist({})).toBe(true);
  });

  it('a scheme refuses horizontal and required values that are not yes or no, and takes "yes"', () => {
    const scheme = (extra: Record<string, unknown>) => ({
      annotation_schemes: [{ ...SAMPLE_SCHEMES[0], ...extra }],
    });
    expect(refusal(scheme({ horizontal: 'wide' }))).toBe(
      'annotation_schemes[0] (sentiment).horizontal: expected true or false, not "wide"',
    );
    expect(refusal(scheme({ required: 'always' }))).toBe(
      'annotation_schemes[0] (sentiment).required: expected true or false, not "always"',
    );
    expect(refusal(scheme({ label_requirement: { required: 2 } }))).toBe(
      'annotation_schemes[0] (sentiment).label_requirement.required: expected true or false, not 2',
    );
    const loaded = loadConfig(writeProject({ config: scheme({ required: 'yes', horizontal: 'False' }) }), {});
    expect(loaded.task.schemes[0]).toMatchObject({ required: true, horizontal: false });
  });
});
