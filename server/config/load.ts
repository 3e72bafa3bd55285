/**
 * Loads a Potato task config: YAML → `${NAME}` environment references → zod schema → a typed ProjectConfig with
 * its instances read. Every error names the file, the key and what is wrong, and stops startup.
 */
import { CrowdConfigError, readCrowd } from './sections/crowd.js';
import { readAdjudication } from './sections/adjudication.js';
import type { AdjudicationSettings } from '../domain/adjudication/records.js';
import { ActiveLearningConfigError, readActiveLearning } from './sections/active-learning.js';
import type { ActiveLearningSettings } from '../domain/active-learning/settings.js';
import type { CrowdSettings } from '../domain/crowd/crowd.js';
import { PASSWORD_FLOOR, minLengthFor, passwordProblem } from '../domain/users/password-rules.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import {
  configSchema,
  POTATO_PRESENTATION_KEYS,
  POTATO_PRESENTATION_NESTED,
  type RawConfig,
  type RawScheme,
} from './schema.js';
import { resolveEnvRefs, MissingEnvError } from './env-refs.js';
import { checkRules, parseDisplayLogic } from '../domain/display-logic/rules.js';
import { readInstances, DataFileError } from './data-files.js';
import { bwsTuples, BwsConfigError } from './bws-tuples.js';
import { readKeywordRules } from './keywords-file.js';
import { buildColorMap } from './colors.js';
import { adaptPotatoConfig, COMPAT_KEYS } from './potato-compat.js';
import { unknownKeys } from './unknown-keys.js';
import { checkKeyTypes } from './key-types.js';
import { DISPLAY_KEYS, DisplayConfigError, readDisplaySpec, readInstructions } from './display-config.js';
import type { Instructions } from '../domain/display/instructions.js';
import { presentationWarnings, WARNED_KEYS } from './presentation-warnings.js';
import { adaptIdioms, duplicateKeys, IDIOM_KEYS } from './potato-idioms.js';
import type { DisplaySpec } from '../domain/display/types.js';
import { readQualityConfig, QualityItemsError } from './quality-items.js';
import type { QualityConfig } from '../domain/quality/checks.js';
import { searchProblem } from './sections/search.js';
import { readPhases, PhaseConfigError, PHASE_SOURCE_KEYS, phaseOptionWarnings } from './phase-config.js';
import { PhaseFileError } from './potato-phase-files.js';
import { adaptDataSources, DataSourcesError, DATA_SOURCE_KEYS } from './data-sources.js';
import { COT_KEYS, CotSegmentationError, readCotSegmentation, type Derive } from './cot-segmentation.js';
import { readTooltipFiles, TooltipFileError } from './tooltip-files.js';
import type { PhaseDefinition } from '../domain/phases/phases.js';
import { createTask, type AssignmentStrategy, type RuntimeSettings, type Scheme, type Task } from '../domain/task.js';
import { findSchemeType, schemeTypeOf, unsupportedReason } from '../domain/schemes/registry.js';
import { adaptSchemeIdioms, schemePresentation, SCHEME_IDIOM_KEYS } from './scheme-idioms.js';
import { SchemeVariantError } from './scheme-variants.js';

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface ProjectConfig {
  file: string;
  dir: string;
  raw: RawConfig;
  task: Task;
  settings: RuntimeSettings;
  /** where the data folder goes when --data-dir is not given */
  outputDir: string;
  allowAllUsers: boolean;
  requirePassword: boolean;
  users: { username: string; password?: string }[];
  /** user_config.min_password_length, or the floor */
  minPasswordLength: number;
  adminApiKey?: string;
  adminUsers: string[];
  debug: boolean;
  sessionLifetimeDays: number;
  /** Potato's persist_sessions: false ends every session at start; true or absent keeps them until they expire */
  persistSessions: boolean;
  allowedHosts: string[];
  /** `storage:`: a PostgreSQL database for the project's data (server/storage/postgres/) */
  storage: { url?: string; schema?: string };
  /** attention checks and gold standards, read from their items files */
  quality: QualityConfig;
  phases: PhaseDefinition[];
  /** going back across phases, and the phase pages' answers in exports */
  phaseOptions: { backNavigation: boolean; exportAnswers: boolean; excludeHidden: boolean };
  /** adds the fields a config makes from each item's own (cot_segmentation's steps), for items added later too */
  deriveItem?: Derive;
  /** how items are shown (html_layout, instance_display, or every field); the automatic view when absent */
  display?: DisplaySpec;
  /** the instructions banner and codebook link */
  instructions?: Instructions;
  /** url_direct login, completion codes and the study page's options */
  crowd: CrowdSettings;
  /** who settles disagreements and which items they see */
  adjudication: AdjudicationSettings;
  /** Potato's active_learning keys, for assignment_strategy: active_learning */
  activeLearning: ActiveLearningSettings;
  warnings: string[];
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    '',
  );
}

/** zod says only "Invalid input" for a value no branch of a union accepts; each branch's complaint says what would do. */
function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return issue.message;
  const reasons = issue.errors
    .filter((branch) => branch.length)
    .map((branch) => (branch[0].path.length ? `${formatPath(branch[0].path)}: ` : '') + reasonOf(branch[0]));
  return [...new Set(reasons)].join(', or ');
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${formatPath(i.path) || '(top level)'}: ${reasonOf(i)}`)
    .join('; ');
}

/** Types whose module reads a scheme-level `tooltips` map itself (a label tree has no `labels` to attach them to). */
const readsTooltips = (s: unknown) => {
  const type = (s as { annotation_type?: unknown } | null)?.annotation_type;
  return typeof type === 'string' && (findSchemeType(type)?.keys.includes('tooltips') ?? false);
};

const COMMON_SCHEME_KEYS = [
  'annotation_type',
  'name',
  'description',
  'labels',
  'sequential_key_binding',
  'display_logic',
  ...SCHEME_IDIOM_KEYS,
];

/** Scheme keys no part of this server reads: each is warned about, saying it only reaches /api/schemas. */
const UNREAD_SCHEME_KEY: Record<string, string> = {
  has_free_response: 'no free-text box is shown beside the labels; add a text scheme to collect one',
  textarea: 'text answers are typed in a multi-line box whatever it says',
};

function normalizeScheme(raw: RawScheme, index: number, file: string, warn: (message: string) => void): Scheme {
  const where = `annotation_schemes[${index}] (${raw.name})`;
  const module = findSchemeType(raw.annotation_type);
  if (!module)
    throw new ConfigError(
      file,
      `annotation_schemes[${index}].annotation_type: ${unsupportedReason(raw.annotation_type)}`,
    );
  // answers are keyed "<schema>:<label>" and split at the first colon, so a label may hold colons (Potato's text
  // prompts often end in one) but a scheme name may not
  if (raw.name.includes(':'))
    throw new ConfigError(file, `annotation_schemes[${index}].name: "${raw.name}" may not contain ":"`);
  const parsed = module.config.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(file, `annotation_schemes[${index}].${formatPath(issue.path)}: ${reasonOf(issue)}`);
  }
  const known = new Set([...COMMON_SCHEME_KEYS, ...module.keys]);
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !known.has(k)));
  for (const key of Object.keys(extra)) {
    warn(
      `${where}.${key} is not acted on: ${UNREAD_SCHEME_KEY[key] ?? 'it is passed on unchanged in GET /api/schemas and changes nothing here'}`,
    );
  }
  const scheme: Scheme = {
    name: raw.name,
    annotation_type: module.type,
    description: raw.description ?? '',
    labels: (raw.labels ?? []).map((l) => ({ ...l })),
    extra,
  };
  if (raw.sequential_key_binding !== undefined) scheme.sequential_key_binding = raw.sequential_key_binding;
  const fail = (key: string, reason: string): never => {
    throw new ConfigError(file, `${where}${key ? `.${key}` : ''}: ${reason}`);
  };
  module.normalize(scheme, parsed.data, fail, (message) => warn(`${where}.${message}`));
  if (raw.display_logic !== undefined && raw.display_logic !== null) {
    scheme.display_logic = parseDisplayLogic(raw.display_logic, (key, reason) =>
      fail(`display_logic${key ? `.${key}` : ''}`, reason),
    );
  }
  Object.assign(
    scheme,
    schemePresentation(
      raw,
      scheme.labels.map((l) => l.name),
      fail,
    ),
  );
  const names = new Set<string>();
  for (const label of scheme.labels) {
    if (names.has(label.name)) throw new ConfigError(file, `${where}.labels: duplicate label "${label.name}"`);
    names.add(label.name);
  }
  return scheme;
}

/** Finds a file named in the config: relative to task_dir, then the config's folder, then its parent (Potato's layout). */
function locate(name: string, dir: string, taskDir: string | undefined): string {
  if (isAbsolute(name)) return name;
  const candidates = [
    taskDir ? resolve(dir, taskDir, name) : undefined,
    resolve(dir, name),
    resolve(dir, '..', name),
  ].filter(Boolean) as string[];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

/** Top-level keys outside the schema that a module acts on or warns about (the schema's own are known too). */
export const READ_ELSEWHERE: ReadonlySet<string> = new Set([
  ...DISPLAY_KEYS,
  ...IDIOM_KEYS,
  ...PHASE_SOURCE_KEYS,
  ...DATA_SOURCE_KEYS,
  ...WARNED_KEYS,
  ...COMPAT_KEYS,
  ...COT_KEYS,
]);

export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  const path = resolve(file);
  if (!existsSync(path)) throw new ConfigError(path, 'config file not found');
  const dir = dirname(path);
  // PyYAML lets a repeated key's last value win, and Potato configs rely on it: so do we, with a warning
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { uniqueKeys: false, lineCounter });
  if (doc.errors.length) throw new ConfigError(path, `not valid YAML: ${doc.errors[0].message}`);
  let resolved: unknown;
  try {
    resolved = resolveEnvRefs(doc.toJS(), env);
  } catch (e) {
    if (e instanceof MissingEnvError) throw new ConfigError(path, e.message);
    throw e;
  }
  if (!resolved || typeof resolved !== 'object' || Array.isArray(resolved))
    throw new ConfigError(path, 'the config must be a YAML mapping of keys to values');
  const top = checkKeyTypes(resolved as Record<string, unknown>, READ_ELSEWHERE, (key, reason) => {
    throw new ConfigError(path, `${key}: ${reason}`);
  });
  const idioms = adaptIdioms(top, path);
  const taskDir = typeof idioms.config.task_dir === 'string' ? idioms.config.task_dir : undefined;
  try {
    idioms.config = adaptDataSources(
      idioms.config,
      (name) => locate(name, dir, taskDir),
      (m) => idioms.warnings.push(`${path}: ${m}`),
    );
    if (Array.isArray(idioms.config.annotation_schemes)) {
      idioms.config.annotation_schemes = idioms.config.annotation_schemes.map((s, i) =>
        adaptSchemeIdioms(
          readTooltipFiles(s, i, (name) => locate(name, dir, taskDir)),
          i,
          (m) => idioms.warnings.push(`${path}: ${m}`),
          readsTooltips(s),
        ),
      );
    }
  } catch (e) {
    if (e instanceof DataSourcesError || e instanceof TooltipFileError || e instanceof SchemeVariantError)
      throw new ConfigError(path, e.message);
    throw e;
  }
  const adapted = adaptPotatoConfig(idioms.config, path);
  adapted.warnings.unshift(...duplicateKeys(doc, lineCounter).map((m) => `${path}: ${m}`), ...idioms.warnings);
  const parsed = configSchema.safeParse(adapted.config);
  if (!parsed.success) throw new ConfigError(path, describeIssues(parsed.error));
  const raw = parsed.data;

  const warnings: string[] = [...adapted.warnings, ...presentationWarnings(top).map((m) => `${path}: ${m}`)];
  const knownKeys = new Set([...Object.keys(configSchema.shape), ...READ_ELSEWHERE]);
  for (const key of Object.keys(top)) {
    if (!knownKeys.has(key) && !POTATO_PRESENTATION_KEYS.has(key))
      warnings.push(`${path}: unknown key "${key}" is ignored`);
    // inside sections too; schemes pass extra keys on to frontends, and phase blocks are named by the user
    else if (Object.hasOwn(configSchema.shape, key) && key !== 'annotation_schemes' && key !== 'phases') {
      const section = configSchema.shape[key as keyof typeof configSchema.shape];
      for (const nested of unknownKeys(section, top[key], key)) {
        if (!POTATO_PRESENTATION_NESTED.has(nested)) warnings.push(`${path}: unknown key "${nested}" is ignored`);
      }
    }
  }

  if (raw.skip_reason_required && !raw.allow_skip)
    warnings.push(`${path}: skip_reason_required is not acted on: allow_skip is off, so instances cannot be skipped`);
  const schemes = raw.annotation_schemes.map((s, i) =>
    normalizeScheme(s, i, path, (m) => warnings.push(`${path}: ${m}`)),
  );
  const schemeNames = new Set<string>();
  for (const s of schemes) {
    if (schemeNames.has(s.name)) throw new ConfigError(path, `annotation_schemes: duplicate scheme name "${s.name}"`);
    schemeNames.add(s.name);
  }
  // keys naming another scheme (a link scheme's span_schema, a condition's schema) are checked once every scheme is known
  const schemeByName = new Map(schemes.map((s) => [s.name, s]));
  checkRules(
    new Map(schemes.filter((s) => s.display_logic).map((s) => [s.name, s.display_logic!])),
    (name) => schemeByName.has(name),
    (owner, key, reason) => {
      throw new ConfigError(
        path,
        `annotation_schemes[${schemes.findIndex((s) => s.name === owner)}] (${owner}).display_logic.${key}: ${reason}`,
      );
    },
  );
  schemes.forEach((s, i) =>
    schemeTypeOf(s.annotation_type).resolve?.(s, schemeByName, (key, reason) => {
      throw new ConfigError(path, `annotation_schemes[${i}] (${s.name})${key ? `.${key}` : ''}: ${reason}`);
    }),
  );

  let instances;
  let deriveItem: Derive | undefined;
  try {
    const itemKeys = { idKey: raw.item_properties.id_key, textKey: raw.item_properties.text_key };
    deriveItem = readCotSegmentation(top.cot_segmentation, itemKeys, (m) => warnings.push(`${path}: ${m}`));
    const files = raw.data_files.map((f) => locate(f, dir, raw.task_dir));
    for (const f of files)
      if (!existsSync(f)) throw new DataFileError(`${f}: data file not found (named in data_files)`);
    // Potato starts a task whose items lack the text field, showing them with an empty text: so do we, loudly
    let missing = 0;
    let first = '';
    instances = readInstances(files, { ...itemKeys, derive: deriveItem }, new Set(), (file, line) => {
      if (!missing++) first = `${file}:${line}`;
    });
    if (missing) {
      const who =
        missing === instances.length
          ? `none of the ${missing} items has a`
          : `${missing} of ${instances.length} items have no`;
      warnings.push(
        `${path}: item_properties.text_key: ${who} text field "${raw.item_properties.text_key}" (first at ${first}): their text is empty and nothing in them can be marked as a span; the page shows their other fields`,
      );
    }
  } catch (e) {
    if (e instanceof CotSegmentationError) throw new ConfigError(path, e.message);
    if (e instanceof DataFileError) throw new ConfigError(path, `data_files: ${e.message}`);
    throw e;
  }
  if (!instances.length) throw new ConfigError(path, 'data_files: the data files hold no instances');
  // Potato's iterative BWS starts like plain BWS: its first round is made here, later rounds are not
  const ibws = raw.ibws_config;
  const tupling = raw.bws_config
    ? { key: 'bws_config', config: raw.bws_config }
    : ibws
      ? {
          key: 'ibws_config',
          config: {
            tuple_size: ibws.tuple_size,
            seed: ibws.seed,
            min_item_appearances: ibws.tuples_per_item_per_round ?? 2,
          },
        }
      : undefined;
  if (raw.bws_config && ibws) warnings.push(`${path}: ibws_config is ignored: bws_config makes the tuples`);
  else if (ibws && schemes.some((s) => s.annotation_type === 'bws')) {
    warnings.push(
      `${path}: ibws_config: only the first round is made (each item in tuples_per_item_per_round tuples); later rounds within score buckets are not generated. Score the round with GET /admin/api/bws_scores`,
    );
  }
  for (const s of schemes) if (s.annotation_type === 'bws' && !tupling) s.extra.tuple_size ??= 4;
  if (tupling) {
    if (!schemes.some((s) => s.annotation_type === 'bws'))
      warnings.push(`${path}: ${tupling.key} is ignored: no scheme is of type bws`);
    else {
      try {
        instances = bwsTuples(instances, tupling.config);
      } catch (e) {
        if (e instanceof BwsConfigError) throw new ConfigError(path, `${tupling.key}.tuple_size: ${e.message}`);
        throw e;
      }
      const size = tupling.config.tuple_size ?? 4;
      for (const s of schemes) {
        if (s.annotation_type === 'bws' && s.extra.tuple_size === undefined) s.extra.tuple_size = size;
        if (s.annotation_type === 'bws' && s.extra.tuple_size !== size)
          throw new ConfigError(
            path,
            `annotation_schemes (${s.name}).tuple_size: ${String(s.extra.tuple_size)} differs from ${tupling.key}.tuple_size (${size})`,
          );
      }
    }
  }
  let keywordRules = [] as ReturnType<typeof readKeywordRules>;
  if (raw.keyword_highlights_file) {
    const kwFile = locate(raw.keyword_highlights_file, dir, raw.task_dir);
    if (!existsSync(kwFile)) throw new ConfigError(path, `keyword_highlights_file: ${kwFile} not found`);
    try {
      keywordRules = readKeywordRules(kwFile);
    } catch (e) {
      throw new ConfigError(path, `keyword_highlights_file: ${(e as Error).message}`);
    }
    for (const rule of keywordRules) {
      if (!schemeNames.has(rule.schema))
        warnings.push(`${kwFile}: keyword "${rule.word}" names unknown scheme "${rule.schema}"`);
    }
  }

  const configuredColors = { ...(raw.ui?.label_colors ?? {}) };
  for (const [scheme, labels] of Object.entries(raw.ui?.spans?.span_colors ?? {}))
    configuredColors[scheme] = { ...configuredColors[scheme], ...labels };
  const colors = buildColorMap(schemes, configuredColors, (m) => warnings.push(`${path}: ${m}`));

  // Unset (or Potato's -1) means no overlap limit: every annotator gets every instance (Potato's default).
  const perItem =
    raw.num_annotators_per_item ??
    (raw.max_annotations_per_item && raw.max_annotations_per_item > 0 ? raw.max_annotations_per_item : null);
  const perUser =
    raw.max_annotations_per_user !== undefined && raw.max_annotations_per_user > 0
      ? raw.max_annotations_per_user
      : null;
  const aiEnabled = (raw.ai_support as { enabled?: unknown } | undefined)?.enabled;
  const webhooksEnabled = (raw.webhooks as { enabled?: unknown } | undefined)?.enabled;

  const task = createTask(schemes, instances, colors, keywordRules);
  let quality: QualityConfig;
  try {
    quality = readQualityConfig(
      raw.attention_checks,
      raw.gold_standards,
      (name) => locate(name, dir, raw.task_dir),
      { idKey: raw.item_properties.id_key, textKey: raw.item_properties.text_key },
      task,
    );
  } catch (e) {
    if (e instanceof QualityItemsError || e instanceof DataFileError)
      throw new ConfigError(path, `attention_checks/gold_standards: ${e.message}`);
    throw e;
  }
  const minPasswordLength = raw.user_config?.min_password_length ?? PASSWORD_FLOOR;
  for (const u of raw.user_config?.users ?? []) {
    if (u.password === undefined) continue;
    const min = minLengthFor({ minLength: minPasswordLength }, raw.admin_users.includes(u.username));
    const problem = passwordProblem(u.password, u.username, min);
    if ([...u.password].length < min)
      throw new ConfigError(
        path,
        `user_config.users: the password of "${u.username}" is shorter than ${min} characters; give it a longer one`,
      );
    if (problem) warnings.push(`${path}: user_config.users: the password of "${u.username}" is weak (${problem})`);
  }

  let phases: PhaseDefinition[];
  try {
    const config = top;
    const resolvedSchemes = (
      Array.isArray(idioms.config.annotation_schemes) ? idioms.config.annotation_schemes : []
    ) as Record<string, unknown>[];
    const sources = {
      schemes: resolvedSchemes,
      training: config.training,
      surveyflow: config.surveyflow,
      warn: (m: string) => warnings.push(`${path}: ${m}`),
    };
    phases = readPhases(
      raw.phases as { order: string[] } | undefined,
      (name) => locate(name, dir, raw.task_dir),
      sources,
    );
    const training = config.training as { enabled?: unknown } | undefined;
    if (training && training.enabled !== false && !phases.some((p) => p.type === 'training'))
      warnings.push(`${path}: training is not acted on: no training phase is in phases.order`);
    warnings.push(...phaseOptionWarnings(raw, phases).map((m) => `${path}: ${m}`));
  } catch (e) {
    if (e instanceof PhaseConfigError || e instanceof PhaseFileError) throw new ConfigError(path, e.message);
    throw e;
  }

  let display: DisplaySpec;
  let instructions: Instructions;
  try {
    instructions = readInstructions(top, (name) => locate(name, dir, raw.task_dir));
    const keys = {
      textKey: raw.item_properties.text_key,
      idKey: raw.item_properties.id_key,
      hasSpans: schemes.some((s) => s.annotation_type === 'span'),
    };
    display = readDisplaySpec(
      top,
      keys,
      (name) => locate(name, dir, raw.task_dir),
      (m) => warnings.push(`${path}: ${m}`),
    );
  } catch (e) {
    if (e instanceof DisplayConfigError) throw new ConfigError(path, e.message);
    throw e;
  }
  let crowd: CrowdSettings;
  try {
    const read = readCrowd(raw, raw.debug, path);
    crowd = read.crowd;
    warnings.push(...read.warnings);
  } catch (e) {
    if (e instanceof CrowdConfigError) throw new ConfigError(path, e.message);
    throw e;
  }

  const adjudication = readAdjudication(raw.adjudication);
  const claimProblem = searchProblem(raw.search, {
    strategy: raw.assignment_strategy ?? 'fixed_order',
    perItem,
    qualityChecks: !!(quality.attention || quality.gold),
    adjudication: adjudication.settings.enabled,
    crowdLogin: crowd.loginArgument !== null,
  });
  if (claimProblem) throw new ConfigError(path, claimProblem);
  warnings.push(...adjudication.warnings.map((m) => `${path}: ${m}`));
  let activeLearning: ReturnType<typeof readActiveLearning>;
  try {
    activeLearning = readActiveLearning(raw.active_learning, schemes, raw.assignment_strategy);
  } catch (e) {
    if (e instanceof ActiveLearningConfigError) throw new ConfigError(path, e.message);
    throw e;
  }
  warnings.push(...activeLearning.warnings.map((m) => `${path}: ${m}`));

  return {
    file: path,
    dir,
    raw,
    task,
    quality,
    phases,
    phaseOptions: {
      backNavigation: raw.allow_phase_back_navigation,
      exportAnswers: raw.export_include_phase_data,
      excludeHidden: raw.exclude_hidden_survey_answers,
    },
    display,
    deriveItem,
    instructions,
    crowd,
    adjudication: adjudication.settings,
    activeLearning: activeLearning.settings,
    settings: {
      annotation_task_name: raw.annotation_task_name,
      num_annotators_per_item: perItem,
      max_annotations_per_user: perUser,
      assignment_strategy: (raw.assignment_strategy ?? 'fixed_order') as AssignmentStrategy,
      webhooks_enabled: webhooksEnabled === undefined ? true : webhooksEnabled === true,
      ai_enabled: aiEnabled === undefined ? true : aiEnabled === true,
    },
    outputDir: resolve(dir, raw.output_annotation_dir ?? 'annotation_output'),
    allowAllUsers: raw.user_config?.allow_all_users ?? true,
    requirePassword: raw.require_password ?? true,
    users: raw.user_config?.users ?? [],
    minPasswordLength,
    adminApiKey: raw.admin_api_key,
    adminUsers: raw.admin_users,
    debug: raw.debug,
    sessionLifetimeDays: raw.session_lifetime_days,
    persistSessions: raw.persist_sessions ?? true,
    allowedHosts: raw.allowed_hosts,
    storage: { url: raw.storage?.url, schema: raw.storage?.schema },
    warnings,
  };
}
