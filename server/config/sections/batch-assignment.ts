/**
 * Potato's `batch_assignment` section, for `assignment_strategy: batch`: `groups` (each a cohort with its `name`,
 * `annotators` (or `users`), its items as `instances`, an `instances_file` of ids of the task's items and a
 * `data_file` whose items it adds to the task, `max_annotators` and `schemes`, the first four also under Potato's
 * other names for them), `auto_assign_annotators` and `annotator_key` (Potato's `assigned_annotators` when left
 * out). A group's `schemes` is kept as given: per-cohort schemes resolve it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { z } from 'zod';
import type { Instance } from '../../domain/task.js';
import { NO_COHORTS, type CohortGroup, type CohortSettings } from '../../domain/assignment/cohorts.js';
import { readInstances, DataFileError, type DataFile, type ItemKeys } from '../data-files.js';
import { decoderOf, EncodingError } from '../file-encoding.js';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { insideFolders } from '../locate.js';

const fileRef = z.union([
  z.string().min(1),
  z.looseObject({ path: z.string().min(1), encoding: z.string().min(1).optional() }),
]);
const name = z.union([z.string().min(1), z.number()]).transform(String);

const groupSchema = z.looseObject({
  name: name.optional(),
  annotators: z.array(name).optional(),
  users: z.array(name).optional(),
  instances: z.array(name).optional(),
  items: z.array(name).optional(),
  instance_ids: z.array(name).optional(),
  instances_file: fileRef.optional(),
  items_file: fileRef.optional(),
  instance_ids_file: fileRef.optional(),
  data_file: fileRef.optional(),
  input_data_file: fileRef.optional(),
  input_file: fileRef.optional(),
  max_annotators: looseUnsignedNumber.pipe(z.number().int().min(1)).optional(),
  annotator_count: looseUnsignedNumber.pipe(z.number().int().min(1)).optional(),
  slots: looseUnsignedNumber.pipe(z.number().int().min(1)).optional(),
  schemes: z.unknown().optional(),
});
type RawGroup = z.output<typeof groupSchema>;

/** Potato's other names for a group's keys, read in its order: the first one given is the one read. */
const SPELLINGS = {
  instances: ['instances', 'items', 'instance_ids'],
  instances_file: ['instances_file', 'items_file', 'instance_ids_file'],
  data_file: ['data_file', 'input_data_file', 'input_file'],
  max_annotators: ['max_annotators', 'annotator_count', 'slots'],
} as const;

/** The value of the first spelling a group gives and that spelling's key; a second spelling is warned about. */
function spelled<K extends keyof typeof SPELLINGS>(g: RawGroup, what: K, i: number, c: BatchContext) {
  const given = SPELLINGS[what].filter((k) => g[k] !== undefined);
  if (given.length > 1)
    c.warn(`${where(i)}: ${given.join(' and ')} name the same thing; ${given[0]} is read and the rest ignored`);
  const key = given[0] ?? what;
  return { key: `${where(i)}.${key}`, value: g[key] as RawGroup[(typeof SPELLINGS)[K][number]] };
}

export const batchAssignmentSchema = z.looseObject({
  groups: z.array(groupSchema).optional(),
  auto_assign_annotators: looseBoolean.optional(),
  annotator_key: z.string().min(1).optional(),
});

type RawBatch = z.output<typeof batchAssignmentSchema>;
type FileRef = z.output<typeof fileRef>;

export interface BatchReading {
  settings: CohortSettings;
  /** the items of the groups' `data_file`s, added to the task after those of `data_files` */
  items: Instance[];
}

export interface BatchContext {
  strategy: string | undefined;
  find: (name: string) => string;
  /** the folders a group's files must lie in (the task folder), as Potato refuses a path leaving it */
  folders: readonly string[];
  keys: ItemKeys;
  /** ids of the items read from data_files */
  existing: ReadonlySet<string>;
  /** whether an item read from data_files has a field of this name */
  carries: (field: string) => boolean;
  warn: (m: string) => void;
  refuse: (m: string) => never;
}

const DEFAULT_ANNOTATOR_KEY = 'assigned_annotators';

const where = (i: number) => `batch_assignment.groups[${i}]`;

function dataFileOf(ref: FileRef, key: string, c: BatchContext): DataFile {
  const given = typeof ref === 'string' ? ref : ref.path;
  const path = c.find(given);
  if (!existsSync(path)) c.refuse(`${key}: file not found: ${path}`);
  if (!insideFolders(path, c.folders))
    c.refuse(`${key}: "${given}" lies outside the task folder (${c.folders[0]}); a group's files must be inside it`);
  try {
    return { path, decoder: typeof ref === 'string' ? undefined : decoderOf(ref.encoding, `${key}.encoding`) };
  } catch (e) {
    if (e instanceof EncodingError) c.refuse(e.message);
    throw e;
  }
}

/** The ids an `instances_file` lists: a JSON array of ids, or items of any data file format read for their id key. */
function idsOf(file: DataFile, key: string, c: BatchContext): string[] {
  if (extname(file.path).toLowerCase() === '.json') {
    try {
      const whole: unknown = JSON.parse(readFileSync(file.path, 'utf8').replace(/^\uFEFF/, ''));
      if (Array.isArray(whole) && whole.every((v) => typeof v === 'string' || typeof v === 'number'))
        return whole.map(String);
    } catch {
      // not one JSON value: one item per line, read below
    }
  }
  try {
    return readInstances([file], c.keys, new Set(), () => {}).map((i) => i.id);
  } catch (e) {
    if (e instanceof DataFileError) c.refuse(`${key}: ${e.message}`);
    throw e;
  }
}

function readGroup(
  g: RawGroup,
  i: number,
  auto: boolean,
  c: BatchContext,
  added: Instance[],
  taken: Set<string>,
  keyOf: Map<string, string>,
): CohortGroup {
  const annotators = [...(g.annotators ?? []), ...(g.users ?? [])];
  if (!annotators.length && !auto)
    c.refuse(`${where(i)}.annotators: a group needs a non-empty annotators list unless auto_assign_annotators is true`);
  const instances = spelled(g, 'instances', i, c);
  const instancesFile = spelled(g, 'instances_file', i, c);
  const dataFile = spelled(g, 'data_file', i, c);
  const max = spelled(g, 'max_annotators', i, c);
  if (instances.value === undefined && instancesFile.value === undefined && dataFile.value === undefined)
    c.refuse(`${where(i)}: a group must define either instances, instances_file or data_file`);
  if (max.value !== undefined && !auto)
    c.warn(
      `${max.key} is not acted on: groups are filled only by auto_assign_annotators; its annotators are those listed`,
    );
  const items: string[] = [];
  // each id's key as the config spelled it, so a refusal of the id names the key that gave it
  const add = (ids: readonly string[], key: string) => {
    for (const id of ids) if (!keyOf.has(id)) keyOf.set(id, key);
    items.push(...ids);
  };
  add(instances.value ?? [], instances.key);
  if (instancesFile.value !== undefined)
    add(idsOf(dataFileOf(instancesFile.value, instancesFile.key, c), instancesFile.key, c), instancesFile.key);
  if (dataFile.value !== undefined) {
    const key = dataFile.key;
    try {
      const read = readInstances([dataFileOf(dataFile.value, key, c)], c.keys, taken, () => {});
      for (const item of read) taken.add(item.id);
      added.push(...read);
      add(
        read.map((item) => item.id),
        key,
      );
    } catch (e) {
      if (e instanceof DataFileError) c.refuse(`${key}: ${e.message}`);
      throw e;
    }
  }
  return {
    name: g.name ?? `group_${i}`,
    annotators,
    items: [...new Set(items)],
    maxAnnotators: max.value ?? null,
    schemes: g.schemes,
  };
}

export function readBatchAssignment(raw: RawBatch | undefined, c: BatchContext): BatchReading {
  const batch = c.strategy === 'batch';
  if (!raw) {
    if (batch)
      c.refuse(
        'assignment_strategy: batch needs a batch_assignment section with groups or an annotator_key (without one nobody would receive an item)',
      );
    return { settings: NO_COHORTS, items: [] };
  }
  const auto = raw.auto_assign_annotators === true;
  const added: Instance[] = [];
  const taken = new Set(c.existing);
  const keys = (raw.groups ?? []).map(() => new Map<string, string>());
  const groups = (raw.groups ?? []).map((g, i) => readGroup(g, i, auto, c, added, taken, keys[i]));
  // Potato reads an item's `assigned_annotators` when the section names no annotator_key
  const annotatorKey = raw.annotator_key ?? DEFAULT_ANNOTATOR_KEY;
  if (batch && !groups.length && raw.annotator_key === undefined && !c.carries(annotatorKey))
    c.refuse(
      `batch_assignment: give groups or an annotator_key, or items with an "${DEFAULT_ANNOTATOR_KEY}" field (Potato's default annotator_key); without any nobody would receive an item`,
    );
  checkGroups(groups, keys, auto, taken, c);
  if (!batch)
    c.warn(
      `batch_assignment: items are not limited to each group's while assignment_strategy is "${c.strategy ?? 'fixed_order'}"; set assignment_strategy: batch for that`,
    );
  if (auto && !groups.length) c.warn('batch_assignment.auto_assign_annotators is not acted on: there are no groups');
  return { settings: { groups, autoAssign: auto, annotatorKey }, items: added };
}

/** Names unique, an annotator in one group, every item named known, and each item in one group under auto-assign. */
function checkGroups(
  groups: readonly CohortGroup[],
  keys: readonly ReadonlyMap<string, string>[],
  auto: boolean,
  known: ReadonlySet<string>,
  c: BatchContext,
): void {
  const names = new Map<string, number>();
  const people = new Map<string, number>();
  const items = new Map<string, number>();
  groups.forEach((g, i) => {
    const first = names.get(g.name);
    if (first !== undefined) c.refuse(`${where(i)}.name: "${g.name}" is the name of groups[${first}] too`);
    names.set(g.name, i);
    for (const person of g.annotators) {
      const other = people.get(person);
      if (other !== undefined && other !== i)
        c.refuse(`${where(i)}.annotators: "${person}" is in groups[${other}] too; an annotator is in one group`);
      people.set(person, i);
    }
    for (const id of g.items) {
      const key = keys[i].get(id)!;
      if (!known.has(id)) c.refuse(`${key}: no item has the id "${id}"`);
      const other = items.get(id);
      if (auto && other !== undefined && other !== i)
        c.refuse(
          `${key}: item "${id}" is in groups[${other}] too; under auto_assign_annotators each item is in one group, so a returning annotator's group can be told from their items`,
        );
      items.set(id, i);
    }
  });
}
