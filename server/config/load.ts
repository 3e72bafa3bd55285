/**
 * Loads a Potato task config: YAML → `${NAME}` environment references → Potato's idioms mapped → zod schema → a
 * typed ProjectConfig with its instances read. Every error names the file, the key and what is wrong, and stops
 * startup; what is accepted but not acted on as written ends up in `warnings`.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CrowdConfigError, readCrowd } from './sections/crowd.js';
import type { CrowdSettings } from '../domain/crowd/crowd.js';
import type { Instructions } from '../domain/display/instructions.js';
import type { DisplaySpec } from '../domain/display/types.js';
import type { PhaseDefinition } from '../domain/phases/phases.js';
import type { QualityConfig } from '../domain/quality/checks.js';
import { createTask, type AssignmentStrategy } from '../domain/task.js';
import { configSchema } from './schema.js';
import { ConfigError, describeIssues } from './config-error.js';
import type { ConfiguredUser, ProjectConfig } from './project-config.js';
import { locate, mediaRoots, projectFolders } from './locate.js';
import { readConfigYaml } from './read-yaml.js';
import { adaptConfig } from './adapt-config.js';
import { unknownKeyWarnings } from './top-level-keys.js';
import { normalizeSchemes } from './normalize-schemes.js';
import { cohortSchemes } from './cohort-schemes.js';
import { checkSpanSchemeFields } from './span-scheme-fields.js';
import { speakerAssignmentSchemes } from './speaker-assignment.js';
import { perTurnRatingSchemes } from './per-turn-ratings.js';
import { ibwsLegacyFirstRound, readItems, tupleItems } from './task-items.js';
import { readKeywordHighlights } from './keywords-file.js';
import { checkConfigPasswords } from './user-passwords.js';
import { DataFileError } from './data-files.js';
import { buildColorMap } from './colors.js';
import { schemeModuleOf } from '../domain/schemes/registry.js';
import { DisplayConfigError, readDisplaySpec, spanFieldReaders } from './display-config.js';
import { readInstructions } from './instructions-config.js';
import { presentationWarnings } from './presentation-warnings.js';
import { checkTranscripts } from './transcript-check.js';
import { transcriptFileReader } from '../io/transcript-files.js';
import { prelabelWithoutModel } from './sections/ai.js';
import { readBatchAssignment } from './sections/batch-assignment.js';
import { readSessions } from './sections/sessions.js';
import { readAuthentication } from './sections/authentication.js';
import { readOAuth } from './sections/oauth.js';
import { readQualityConfig, QualityItemsError } from './quality-items.js';
import { readFeatureSections } from './feature-sections.js';
import { readPhases, PhaseConfigError, phaseOptionWarnings } from './phase-config.js';
import { PhaseFileError } from './potato-phase-files.js';

export { ConfigError } from './config-error.js';
export type { ProjectConfig } from './project-config.js';
export { READ_ELSEWHERE } from './top-level-keys.js';

export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  const path = resolve(file);
  if (!existsSync(path)) throw new ConfigError(path, 'config file not found');
  const dir = dirname(path);
  const yaml = readConfigYaml(path, env);
  const top = yaml.top;
  const adapted = adaptConfig(yaml, path, (name, taskDir) => locate(name, dir, taskDir));
  const parsed = configSchema.safeParse(adapted.config);
  if (!parsed.success) throw new ConfigError(path, describeIssues(parsed.error));
  const raw = parsed.data;
  const find = (name: string) => locate(name, dir, raw.task_dir);

  const warnings: string[] = [
    ...adapted.warnings,
    ...[...presentationWarnings(top), ...unknownKeyWarnings(top)].map((m) => `${path}: ${m}`),
  ];
  const warn = (m: string) => warnings.push(`${path}: ${m}`);
  const refuse = (m: string): never => {
    throw new ConfigError(path, m);
  };

  if (raw.skip_reason_required && !raw.allow_skip)
    warn('skip_reason_required is not acted on: allow_skip is off, so instances cannot be skipped');
  const ratings = perTurnRatingSchemes(top, warn);
  const schemes = normalizeSchemes(
    ratings.length
      ? [...(Array.isArray(raw.annotation_schemes) ? raw.annotation_schemes : []), ...ratings]
      : raw.annotation_schemes,
    path,
    warn,
  );
  prelabelWithoutModel(schemes, raw.ai_support, warn);
  schemes.push(...speakerAssignmentSchemes(top, schemes, warn));
  // session-level schemes are asked once per session, so the per-item task goes without them
  const sessions = readSessions(raw.sessions, schemes, path, warn);

  const groupFiles = raw.batch_assignment?.groups?.some((g) => g.data_file !== undefined) === true;
  const items = readItems(raw, top.cot_segmentation, path, find, warn, {
    otherSources: adapted.databases.length > 0 || groupFiles,
    encodingKeys: adapted.encodingKeys,
  });
  const batch = readBatchAssignment(raw.batch_assignment, {
    strategy: raw.assignment_strategy,
    find,
    folders: projectFolders(dir, raw.task_dir),
    keys: { idKey: raw.item_properties.id_key, textKey: raw.item_properties.text_key, derive: items.deriveItem },
    existing: new Set(items.instances.map((i) => i.id)),
    carries: (field) => items.instances.some((i) => i.data[field] !== undefined),
    warn,
    refuse,
  });
  if (batch.items.length) items.instances.push(...batch.items);
  const cohorts = cohortSchemes(top, batch.settings.groups, schemes, sessions.itemSchemes, path, warn);
  if (!items.instances.length && !adapted.databases.length)
    refuse('data_files: the data files (and batch_assignment data_file) hold no instances');
  const instances = tupleItems(raw, schemes, items.instances, path, warn);
  // a group names the items of the data files, but with tuples each item shown is a tuple no group names
  if ((batch.settings.groups.length || batch.settings.annotatorKey) && instances !== items.instances)
    refuse('batch_assignment: groups name items, which bws_config or ibws_config turn into tuples; use one of them');
  const keywordRules = readKeywordHighlights(
    raw.keyword_highlights_file,
    find,
    new Set(schemes.map((s) => s.name)),
    (message) => {
      throw new ConfigError(path, message);
    },
    (m) => warnings.push(m),
  );

  const configuredColors = { ...(raw.ui?.label_colors ?? {}) };
  for (const [scheme, labels] of Object.entries(raw.ui?.spans?.span_colors ?? {}))
    configuredColors[scheme] = { ...configuredColors[scheme], ...labels };
  const colors = buildColorMap(schemes, configuredColors, warn);

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

  const task = createTask(sessions.itemSchemes, instances, colors, keywordRules);
  task.cohortSchemes = cohorts.views;
  let quality: QualityConfig;
  try {
    quality = readQualityConfig(
      raw.attention_checks,
      raw.gold_standards,
      find,
      { idKey: raw.item_properties.id_key, textKey: raw.item_properties.text_key },
      task,
    );
  } catch (e) {
    if (e instanceof QualityItemsError || e instanceof DataFileError)
      throw new ConfigError(path, `attention_checks/gold_standards: ${e.message}`);
    throw e;
  }
  const minPasswordLength = checkConfigPasswords(raw, path, warn);

  let phases: PhaseDefinition[];
  try {
    const sources = { schemes: adapted.schemes, training: top.training, surveyflow: top.surveyflow, warn };
    phases = readPhases(raw.phases as { order: string[] } | undefined, find, sources);
    const training = top.training as { enabled?: unknown } | undefined;
    if (training && training.enabled !== false && !phases.some((p) => p.type === 'training'))
      warn('training is not acted on: no training phase is in phases.order');
    phaseOptionWarnings(raw, phases).forEach(warn);
  } catch (e) {
    if (e instanceof PhaseConfigError || e instanceof PhaseFileError) throw new ConfigError(path, e.message);
    throw e;
  }

  let display: DisplaySpec;
  let instructions: Instructions;
  try {
    instructions = readInstructions(top, find);
    const keys = {
      textKey: raw.item_properties.text_key,
      idKey: raw.item_properties.id_key,
      hasSpans: schemes.some((s) => s.annotation_type === 'span'),
      schemeFields: schemes.flatMap((s) => schemeModuleOf(s).itemFields?.(s) ?? []),
      radioLabels: schemes.filter((s) => s.annotation_type === 'radio').flatMap((s) => s.labels.map((l) => l.name)),
      schemeNames: new Set(schemes.map((s) => s.name)),
    };
    display = readDisplaySpec(top, keys, find, warn);
  } catch (e) {
    if (e instanceof DisplayConfigError) throw new ConfigError(path, e.message);
    throw e;
  }
  const mediaDirectory = (raw as { media_directory?: unknown }).media_directory;
  const sidecars = transcriptFileReader(mediaRoots(dir, raw.task_dir, mediaDirectory));
  checkSpanSchemeFields(schemes, display, path);
  task.textKey = raw.item_properties.text_key;
  if (display.kind === 'fields') {
    task.spanFields = spanFieldReaders(display.fields, task.textKey, sidecars);
    const drawing = display.fields.find((f) => f.boxes);
    if (drawing) task.boxField = { key: drawing.key, fieldLabels: drawing.boxes!.field_labels };
  }
  checkTranscripts(display, instances, sidecars, warn, refuse);
  let crowd: CrowdSettings;
  try {
    const read = readCrowd(raw, raw.debug, path);
    crowd = read.crowd;
    warnings.push(...read.warnings);
  } catch (e) {
    if (e instanceof CrowdConfigError) throw new ConfigError(path, e.message);
    throw e;
  }

  const features = readFeatureSections({
    raw,
    path,
    schemes,
    itemSchemes: sessions.itemSchemes,
    task,
    quality,
    crowd,
    perItem,
    find,
    warn,
    refuse,
  });

  return {
    file: path,
    dir,
    databases: adapted.databases,
    raw,
    task,
    ibwsLegacyFirstRound: ibwsLegacyFirstRound(raw, items.instances, instances),
    quality,
    phases,
    phaseOptions: {
      backNavigation: raw.allow_phase_back_navigation,
      exportAnswers: raw.export_include_phase_data,
      excludeHidden: raw.exclude_hidden_survey_answers,
    },
    display,
    deriveItem: items.deriveItem,
    instructions,
    crowd,
    ...features,
    cohorts: batch.settings,
    sessions: sessions.settings,
    settings: {
      annotation_task_name: raw.annotation_task_name,
      num_annotators_per_item: perItem,
      max_annotations_per_user: perUser,
      // as in Potato, triage without a strategy named hands out by priority
      assignment_strategy: (raw.assignment_strategy ??
        (features.triage.enabled ? 'priority' : 'fixed_order')) as AssignmentStrategy,
      webhooks_enabled: webhooksEnabled === undefined ? true : webhooksEnabled === true,
      ai_enabled: aiEnabled === undefined ? true : aiEnabled === true,
    },
    outputDir: resolve(dir, raw.output_annotation_dir ?? 'annotation_output'),
    allowAllUsers: raw.user_config?.allow_all_users ?? true,
    requirePassword: raw.require_password ?? true,
    users: withPotatoUsers(
      raw.user_config?.users ?? [],
      readAuthentication(raw.authentication, dir, raw.output_annotation_dir ?? 'annotation_output', warn),
    ),
    oauth: readOAuth(raw.authentication ?? {}, raw.authentication?.method ?? 'in_memory', warn, refuse),
    minPasswordLength,
    adminApiKey: raw.admin_api_key,
    adminUsers: raw.admin_users,
    debug: raw.debug,
    sessionLifetimeDays: raw.session_lifetime_days,
    persistSessions: raw.persist_sessions ?? true,
    port: raw.port,
    allowedHosts: raw.allowed_hosts,
    storage: { url: raw.storage?.url, schema: raw.storage?.schema },
    warnings,
  };
}

/** The config's users, then those of Potato's user file it does not name (the config's password wins). */
function withPotatoUsers(configured: ConfiguredUser[], fromFile: ConfiguredUser[]): ConfiguredUser[] {
  const named = new Set(configured.map((u) => u.username));
  return [...configured, ...fromFile.filter((u) => !named.has(u.username))];
}
