/**
 * `annotation_schemes` → the task's schemes: each checked by its type's module, and then the keys that name another
 * scheme (display_logic conditions, a link scheme's span_schema) checked once every scheme is known.
 */
import { checkRules, parseDisplayLogic } from '../domain/display-logic/rules.js';
import { findSchemeType, schemeModuleOf, unsupportedReason } from '../domain/schemes/registry.js';
import type { Scheme } from '../domain/task.js';
import { readTurnLevel } from '../domain/schemes/turn-level.js';
import { ConfigError, formatPath, reasonOf } from './config-error.js';
import { schemeSchema, type RawScheme } from './schema.js';
import { SchemeVariantError } from './scheme-variants.js';
import { adaptSchemeIdioms, schemePresentation, SCHEME_IDIOM_KEYS } from './scheme-idioms.js';

/** Types whose module reads a scheme-level `tooltips` map itself (a label tree has no `labels` to attach them to). */
export const readsTooltips = (s: unknown) => {
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
  // read by sections/codebook.ts, which warns about what it does not do
  'codebook',
  // a question asked per turn of a dialogue (domain/schemes/turn-level.ts)
  'turn_level',
  'turn_binding',
  ...SCHEME_IDIOM_KEYS,
];

/** Scheme keys no part of this server reads: each is warned about, saying it only reaches /api/schemas. */
const UNREAD_SCHEME_KEY: Record<string, string> = {
  has_free_response: 'no free-text box is shown beside the labels; add a text scheme to collect one',
  textarea: 'text answers are typed in a multi-line box whatever it says',
};

/** One scheme checked and completed; `at` is where the config holds it (`annotation_schemes[2]`), for messages. */
function normalizeScheme(raw: RawScheme, at: string, file: string, warn: (message: string) => void): Scheme {
  const where = `${at} (${raw.name})`;
  const module = findSchemeType(raw.annotation_type);
  if (!module) throw new ConfigError(file, `${at}.annotation_type: ${unsupportedReason(raw.annotation_type)}`);
  // answers are keyed "<scheme>:<label>" and split at the first colon, so a label may hold colons (Potato's text
  // prompts often end in one) but a scheme name may not
  if (raw.name.includes(':')) throw new ConfigError(file, `${at}.name: "${raw.name}" may not contain ":"`);
  const parsed = module.config.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(file, `${at}.${formatPath(issue.path)}: ${reasonOf(issue)}`);
  }
  const known = new Set([...COMMON_SCHEME_KEYS, ...module.keys]);
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !known.has(k)));
  for (const key of Object.keys(extra)) {
    // read (from `extra`) by sections/sessions.ts, which warns when it is not acted on
    if (key === 'session_level') continue;
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
  const turnLevel = readTurnLevel(module.type, raw.turn_level, raw.turn_binding, fail, (m) => warn(`${where}.${m}`));
  if (turnLevel) scheme.turn_level = turnLevel;
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
  if (scheme.turn_level && scheme.required) {
    // the turns it is asked on are read from the bound field, so without one there is nothing to require
    if (scheme.turn_level.field === undefined) {
      delete scheme.required;
      warn(
        `${where}.required is not acted on for a turn_level question without turn_binding.field: any subset of turns may be answered, as in Potato; name the field to require every turn it is asked on`,
      );
    } else {
      if (scheme.required !== true)
        warn(`${where}.required: a turn_level question is required as a whole (every turn it is asked on answered)`);
      scheme.required = true;
    }
  }
  const names = new Set<string>();
  for (const label of scheme.labels) {
    if (names.has(label.name)) throw new ConfigError(file, `${where}.labels: duplicate label "${label.name}"`);
    names.add(label.name);
  }
  return scheme;
}

export function normalizeSchemes(raws: RawScheme[], path: string, warn: (message: string) => void): Scheme[] {
  const schemes = raws.map((s, i) => normalizeScheme(s, `annotation_schemes[${i}]`, path, warn));
  const schemeNames = new Set<string>();
  for (const s of schemes) {
    if (schemeNames.has(s.name)) throw new ConfigError(path, `annotation_schemes: duplicate scheme name "${s.name}"`);
    schemeNames.add(s.name);
  }
  checkReferences(schemes, (i) => `annotation_schemes[${i}]`, path);
  return schemes;
}

/**
 * The keys that name other schemes (display_logic conditions, a link scheme's span_schema), checked once every
 * scheme of `schemes` is known; `at(i)` is where the config holds the i-th, for messages. Those before `from` were
 * checked already (a type's `resolve` completes its scheme, so it runs once per scheme).
 */
export function checkReferences(
  schemes: readonly Scheme[],
  at: (index: number) => string,
  path: string,
  from = 0,
): void {
  const schemeByName = new Map(schemes.map((s) => [s.name, s]));
  checkRules(
    new Map(schemes.filter((s) => s.display_logic).map((s) => [s.name, s.display_logic!])),
    (name) => schemeByName.has(name),
    (owner, key, reason) => {
      throw new ConfigError(
        path,
        `${at(schemes.findIndex((s) => s.name === owner))} (${owner}).display_logic.${key}: ${reason}`,
      );
    },
  );
  for (let i = from; i < schemes.length; i++) {
    const s = schemes[i];
    schemeModuleOf(s).resolve?.(s, schemeByName, (key, reason) => {
      throw new ConfigError(path, `${at(i)} (${s.name})${key ? `.${key}` : ''}: ${reason}`);
    });
  }
}

/**
 * A scheme written where a cohort's binding lists it (`at`, e.g. `scheme_sets.minimal[1]`), read as an
 * `annotation_schemes` entry is: Potato's idioms, the keys every scheme has, then its type's module.
 */
export function normalizeInlineScheme(
  given: unknown,
  at: string,
  path: string,
  warn: (message: string) => void,
): Scheme {
  let adapted: unknown;
  try {
    adapted = adaptSchemeIdioms(given, at, warn, readsTooltips(given));
  } catch (e) {
    if (e instanceof SchemeVariantError) throw new ConfigError(path, e.message);
    throw e;
  }
  const parsed = schemeSchema.safeParse(adapted);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(path, `${at}${issue.path.length ? `.${formatPath(issue.path)}` : ''}: ${reasonOf(issue)}`);
  }
  return normalizeScheme(parsed.data, at, path, warn);
}
