/**
 * The types of the top-level keys read outside the config schema (display, data sources, phases, Potato's older
 * keys, the keys only warned about). The modules reading them look for the shape they use and treat anything else
 * as "not given", so without this table `media_directory: true` or `surveyflow: yes` would be skipped without a
 * word. Every key the loader reads elsewhere has an entry here (a test holds the two lists together), and a value
 * of the wrong type stops start-up naming the key and what it takes.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from './loose-values.js';

const text = (what: string) => z.string({ error: `expected ${what}` });
/** zod says only "Invalid input" when no branch of a union fits: this says what would */
const saying = <T>(type: z.ZodType<T>, message: string) =>
  z.unknown().transform((value, ctx): T => {
    const parsed = type.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
const flag = saying(looseBoolean, 'expected true or false');
const count = saying(looseUnsignedNumber, 'expected a number');
const mapping = (what: string, shape: Record<string, z.ZodType> = {}) =>
  z.looseObject(shape, { error: `expected a mapping (${what})` });
/** a section that may also be switched off whole with `false` (let through by checkKeyTypes) */
const section = (what: string, shape: Record<string, z.ZodType>) =>
  z.looseObject(shape, { error: `expected a mapping (${what}) or false` });
const OFF_WITH_FALSE = new Set(['training', 'surveyflow', 'automatic_assignment', 'data_cache']);
const optional = (shape: Record<string, z.ZodType>) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.nullish()]));

export const KEY_TYPES: Record<string, z.ZodType> = {
  // display-config.ts checks the inside of these itself
  html_layout: text('HTML, a file name, or one of default, fixed_keybinding, kwargs'),
  instance_display: mapping('{fields: [{key, type}], layout}'),
  list_as_text: z.union([looseBoolean, mapping('{text_list_prefix_type, horizontal}')], {
    error: 'expected true, false or a mapping such as {text_list_prefix_type: alphabet, horizontal: false}',
  }),
  // cohort-schemes.ts checks each set's entries itself
  scheme_sets: mapping('set name → a list of scheme names or schemes'),
  // warned about whatever they hold (live_coding_agent unless false)
  task_layout: z.unknown(),
  live_coding_agent: z.unknown(),
  // Potato's schema says a flag, its UI docs a script's URL; Potato reads either as "load potato.js from a dev server"
  customjs: saying(z.union([looseBoolean, z.string()]), 'expected true, false or the URL of a script'),
  customjs_hostname: text('a host name such as localhost:4173'),
  media_directory: text('the name of a folder of media files'),
  annotation_instructions: text('Markdown or HTML text, or the name of a file holding it'),
  annotation_codebook_url: text('an http(s) URL or a path inside the task folder'),
  annotation_per_instance: count,
  instances_per_annotator: count,
  training: section(
    '{enabled, data_file, passing_criteria, allow_retry}',
    optional({
      enabled: flag,
      data_file: text('the name of a training file'),
      allow_retry: flag,
      annotation_schemes: z.array(z.string(), { error: 'expected a list of scheme names' }),
      passing_criteria: mapping('{min_correct}', optional({ min_correct: count, allow_retry: flag })),
    }),
  ),
  surveyflow: section(
    '{on, pre_annotation, post_annotation}',
    optional({
      on: flag,
      pre_annotation: z.array(z.string(), { error: 'expected a list of file names' }),
      post_annotation: z.array(z.string(), { error: 'expected a list of file names' }),
    }),
  ),
  data_sources: z.array(z.unknown(), { error: 'expected a list of sources such as {type: file, path: data.jsonl}' }),
  data_directory: text('the name of a folder of data files'),
  watch_data_directory: flag,
  watch_poll_interval: count,
  data_directory_encoding: text('an encoding name such as utf-8'),
  partial_loading: z.union([looseBoolean, mapping('{enabled}', optional({ enabled: flag }))], {
    error: 'expected true, false or {enabled: true|false}',
  }),
  data_cache: section('{enabled, max_size_mb, ttl_seconds}', optional({ enabled: flag })),
  alert_time_each_instance: count,
  horizontal_key_bindings: flag,
  output_annotation_format: text('a format name such as jsonl or csv'),
  automatic_assignment: section(
    '{on, labels_per_instance, instance_per_annotator, sampling_strategy}',
    optional({
      on: flag,
      labels_per_instance: count,
      instance_per_annotator: count,
      test_question_per_annotator: count,
      sampling_strategy: z.enum(['random', 'ordered'], { error: 'expected random or ordered' }),
    }),
  ),
  cot_segmentation: mapping('{source_key, target_key, strategy, …}'),
  host: text('a host name or address'),
  server: mapping(
    '{port, host, require_password, persist_sessions, debug}',
    optional({
      port: saying(looseUnsignedNumber.pipe(z.number().int().max(65535)), 'expected a port number (0 to 65535)'),
      host: text('a host name or address'),
      require_password: flag,
      persist_sessions: flag,
      debug: flag,
    }),
  ),
};

/**
 * The config with each key of the table checked and read as its type (`"yes"` → true, `"3"` → 3), so the module
 * reading it sees what it looks for; a null value stays "not given". Throws the first wrong key's reason.
 */
export function checkKeyTypes(
  config: Record<string, unknown>,
  keys: Iterable<string>,
  refuse: (key: string, reason: string) => never,
): Record<string, unknown> {
  const out = { ...config };
  for (const key of keys) {
    const value = config[key];
    if (value === undefined || value === null || (value === false && OFF_WITH_FALSE.has(key))) continue;
    const type = KEY_TYPES[key];
    if (!type) refuse(key, 'read without a declared type (a bug: add it to KEY_TYPES)');
    const parsed = type.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue.path.length ? `${key}.${issue.path.join('.')}` : key;
      refuse(
        at,
        `${issue.message}, not ${shown(issue.path.reduce<unknown>((v, p) => (v as Record<PropertyKey, unknown> | undefined)?.[p], value))}`,
      );
    }
    out[key] = parsed.data;
  }
  return out;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'a mapping';
  return JSON.stringify(value) ?? String(value);
}
