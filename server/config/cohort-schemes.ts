/**
 * Potato's per-cohort schemes: `scheme_sets` (name → list) and a batch group's `schemes` (a set's name, or a list
 * of scheme names and inline schemes) resolved at load into each cohort's scheme list. An inline scheme is read as
 * an `annotation_schemes` entry is and joins the project's schemes, so it is stored, exported and measured like
 * any other; a name that resolves to nothing stops start-up naming the key.
 */
import type { Scheme } from '../domain/task.js';
import type { CohortSchemeViews } from '../domain/schemes/cohort-views.js';
import { ConfigError } from './config-error.js';
import { checkReferences, normalizeInlineScheme } from './normalize-schemes.js';

/** A batch group as its section reads it: its name and what it says of schemes. */
export interface CohortGroup {
  name: string;
  schemes?: unknown;
}

export interface CohortSchemeInput {
  /** the config's `scheme_sets`, as written */
  schemeSets: unknown;
  /** the batch groups, in order; `groupsAt` is where the config holds them */
  groups: readonly CohortGroup[];
  groupsAt: string;
  /** the task's schemes (what annotators outside a cohort see); a binding's names are looked up among them */
  global: readonly Scheme[];
  /** schemes the display makes (a dialogue's speakers, per-turn ratings): shown to every cohort, as the display is */
  shownToAll: readonly Scheme[];
  /** names of every scheme the config defines, including those asked once per session */
  taken: ReadonlySet<string>;
  path: string;
  warn: (message: string) => void;
}

export interface CohortSchemes {
  /** absent when no group binds schemes: everyone sees the global list */
  views?: CohortSchemeViews;
  /** inline schemes not in the global list, in the order first written: they join the project's schemes */
  added: Scheme[];
}

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readCohortSchemes(input: CohortSchemeInput): CohortSchemes {
  const { global, path, warn } = input;
  const refuse = (m: string): never => {
    throw new ConfigError(path, m);
  };
  const globalByName = new Map(global.map((s) => [s.name, s]));
  const globalNames = () => global.map((s) => s.name).join(', ');
  // inline schemes by name, with the text they were written as: the same scheme written twice is one scheme
  const inline = new Map<string, { scheme: Scheme; written: string; at: string }>();
  const added: Scheme[] = [];

  const entry = (given: unknown, at: string): Scheme => {
    if (typeof given === 'string' || typeof given === 'number') {
      const found = globalByName.get(String(given));
      return found ?? refuse(`${at}: no scheme "${given}" among annotation_schemes (${globalNames()})`);
    }
    if (!isMapping(given))
      return refuse(`${at}: give a scheme's name or a scheme (a mapping with annotation_type and name)`);
    const name = typeof given.name === 'string' || typeof given.name === 'number' ? String(given.name) : undefined;
    const written = JSON.stringify(given);
    const earlier = name === undefined ? undefined : inline.get(name);
    if (earlier) {
      if (earlier.written === written) return earlier.scheme;
      return refuse(
        `${at}: a scheme named "${name}" is defined differently at ${earlier.at}; one name is one scheme in exports and agreement, so give this one another name`,
      );
    }
    if (name !== undefined && input.taken.has(name))
      return refuse(
        `${at}: a scheme named "${name}" is in annotation_schemes; list its name ("${name}") to use it, or give this one another name`,
      );
    const scheme = normalizeInlineScheme(given, at, path, warn);
    inline.set(scheme.name, { scheme, written, at });
    added.push(scheme);
    return scheme;
  };

  const list = (given: unknown, at: string): Scheme[] => {
    if (!Array.isArray(given) || !given.length)
      return refuse(`${at}: give a list of scheme names or schemes (at least one)`);
    const schemes = given.map((g, i) => entry(g, `${at}[${i}]`));
    const seen = new Set<string>();
    schemes.forEach((s, i) => {
      if (seen.has(s.name)) refuse(`${at}[${i}]: "${s.name}" is listed twice`);
      seen.add(s.name);
    });
    return schemes;
  };

  const sets = new Map<string, Scheme[]>();
  if (input.schemeSets !== undefined && input.schemeSets !== null) {
    if (!isMapping(input.schemeSets)) refuse('scheme_sets: give a mapping of set name to a list of schemes');
    for (const [name, given] of Object.entries(input.schemeSets as Record<string, unknown>))
      sets.set(name, list(given, `scheme_sets.${name}`));
  }

  const byCohort = new Map<string, readonly Scheme[]>();
  const used = new Set<string>();
  input.groups.forEach((group, g) => {
    const at = `${input.groupsAt}[${g}].schemes`;
    if (group.schemes === undefined || group.schemes === null) return;
    let bound: Scheme[];
    if (typeof group.schemes === 'string') {
      const set = sets.get(group.schemes);
      if (!set)
        return refuse(
          `${at}: no scheme set "${group.schemes}" in scheme_sets${sets.size ? ` (${[...sets.keys()].join(', ')})` : ''}; a list of scheme names is also accepted`,
        );
      used.add(group.schemes);
      bound = set;
    } else bound = list(group.schemes, at);
    const names = new Set(bound.map((s) => s.name));
    byCohort.set(group.name, [...bound, ...input.shownToAll.filter((s) => !names.has(s.name))]);
  });

  for (const name of sets.keys())
    if (!used.has(name)) warn(`scheme_sets.${name} is not acted on: no batch_assignment group names it in schemes`);
  if (added.length) {
    const union = [...global, ...added];
    const where = new Map([...inline.values()].map((i) => [i.scheme.name, i.at]));
    checkReferences(union, (i) => where.get(union[i].name) ?? `annotation_schemes[${i}]`, path, global.length);
  }
  return { views: byCohort.size ? { global, byCohort } : undefined, added };
}

/** Top-level keys read here. */
export const COHORT_KEYS = ['scheme_sets'];

/**
 * The cohorts' schemes of a loaded config: inline ones are added to `all` (every scheme the config defines) and
 * `itemSchemes` (the task's), which may be one list.
 */
export function cohortSchemes(
  top: Record<string, unknown>,
  groups: readonly CohortGroup[],
  all: Scheme[],
  itemSchemes: Scheme[],
  path: string,
  warn: (message: string) => void,
): CohortSchemes {
  const listed = Array.isArray(top.annotation_schemes) ? (top.annotation_schemes as unknown[]) : [];
  const configured = new Set(listed.map((s) => String((s as { name?: unknown } | null)?.name)));
  const cohorts = readCohortSchemes({
    schemeSets: top.scheme_sets,
    groups,
    groupsAt: 'batch_assignment.groups',
    global: [...itemSchemes],
    shownToAll: itemSchemes.filter((s) => !configured.has(s.name)),
    taken: new Set(all.map((s) => s.name)),
    path,
    warn,
  });
  all.push(...cohorts.added);
  if (itemSchemes !== all) itemSchemes.push(...cohorts.added);
  if (cohorts.views && top.task_layout !== undefined)
    warn(
      "task_layout with cohort schemes: each cohort's page shows its own schemes, since the form is drawn from them (in Potato one custom layout is shared by every cohort)",
    );
  return cohorts;
}
