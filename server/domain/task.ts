import type { DisplayLogic } from '../../shared/display-logic.js';
import type { TurnBinding } from '../../shared/schemes/turn-level.js';
import type { CohortOf, CohortSchemeViews } from './schemes/cohort-views.js';

/**
 * The task as the domain sees it: schemes, instances and the settings that drive assignment. Built from a
 * Potato YAML by server/config/load.ts; nothing here knows YAML or files.
 */

/** A registered scheme type's name (server/domain/schemes/registry.ts lists them). */
export type SchemeType = string;

export interface Label {
  name: string;
  tooltip?: string;
  key_value?: string;
  color?: string;
}

/** A speaker an audio dialogue display lists (`display_options.speakers`). */
export interface ListedSpeaker {
  id: string;
  name?: string;
  color?: string;
  side?: 'left' | 'right';
}

export interface Scheme {
  name: string;
  annotation_type: SchemeType;
  description: string;
  labels: Label[];
  /** number and slider bounds; likert scale ends */
  min?: number;
  max?: number;
  step?: number;
  starting_value?: number;
  min_label?: string;
  max_label?: string;
  size?: number;
  sequential_key_binding?: boolean;
  /** the title shown instead of the name */
  displayed_name?: string;
  /** true: the labels in one row; false: one under another; unset: as they fit */
  horizontal?: boolean;
  /** true: an answer is needed before moving on; a list: these labels must be among the answer */
  required?: true | string[];
  /** shown only when earlier answers satisfy it (Potato's display_logic); hidden, it is neither asked nor kept */
  display_logic?: DisplayLogic;
  /** asked under each matching turn of a dialogue instead of once per item (Potato's turn_level) */
  turn_level?: TurnBinding;
  /**
   * set on the scheme made for an audio dialogue field (Potato's `<field>_speakers`): the field, the speakers its
   * display lists (the page offers their names), and where the item keeps the turns and their speakers
   */
  speaker_assignment?: { field: string; speakers: ListedSpeaker[]; turnsKey: string; speakerKey: string };
  /** a span scheme's one field (Potato's target_field): the text field's key or a span_target display field */
  target_field?: string;
  /** the remaining scheme keys of the YAML, passed through to /api/schemas for frontends */
  extra: Record<string, unknown>;
}

export interface Instance {
  readonly id: string;
  readonly text: string;
  /** the raw item as read from the data file */
  readonly data: Record<string, unknown>;
  /** the text's length, where it is known without reading the text (items read from their file on demand) */
  readonly textLength?: number;
}

/** The length of an instance's text (UTF-16 units, as span offsets count), reading the text only if need be. */
export const textLengthOf = (instance: Instance): number => instance.textLength ?? instance.text.length;

export type AssignmentStrategy =
  | 'fixed_order'
  | 'random'
  | 'least_annotated'
  | 'active_learning'
  | 'priority'
  | 'psychometric'
  | 'diversity_clustering'
  | 'batch';
export const ASSIGNMENT_STRATEGIES: readonly AssignmentStrategy[] = [
  'fixed_order',
  'random',
  'least_annotated',
  'active_learning',
  'priority',
  'psychometric',
  'diversity_clustering',
  'batch',
];

export interface KeywordRule {
  /** lower-case word; `*` matches any run of word characters */
  word: string;
  label: string;
  schema: string;
}

/** Settings an admin may change at run time (POST /admin/api/config); persisted as overrides. */
export interface RuntimeSettings {
  annotation_task_name: string;
  /** how many annotators each instance needs; null: no limit, hand every instance to everyone */
  num_annotators_per_item: number | null;
  max_annotations_per_user: number | null;
  assignment_strategy: AssignmentStrategy;
  webhooks_enabled: boolean;
  ai_enabled: boolean;
}

/** Annotators an instance is handed out to (Infinity without a limit). */
export const handOutLimit = (s: RuntimeSettings) => s.num_annotators_per_item ?? Infinity;
/** Annotators an instance needs to count as fully annotated (one without a limit). */
export const requiredAnnotators = (s: RuntimeSettings) => s.num_annotators_per_item ?? 1;

export type ColorMap = Record<string, Record<string, string>>;

/** Everything fixed about a task once its config is loaded, with the look-ups the hot paths need. */
export interface Task {
  /** every scheme of the project: `annotation_schemes`, then those only a cohort's binding defines */
  schemes: Scheme[];
  schemeByName: Map<string, Scheme>;
  instances: Instance[];
  instanceById: Map<string, Instance>;
  /** position of each instance in `instances`, for stable ordering */
  positionById: Map<string, number>;
  colors: ColorMap;
  keywordRules: KeywordRule[];
  /**
   * Fields other than the text that take spans (Potato's `span_target: true`), each with how to read its text
   * from an item: span offsets in such a field index this text. Absent or empty: spans mark the text only.
   */
  spanFields?: ReadonlyMap<string, (instance: Instance) => string | undefined>;
  /**
   * The display field boxes are drawn on (Potato's `annotation_mode: bounding_box`; one per task). With
   * `fieldLabels` (no span scheme), boxes are spans whose scheme is the field's key, named with one of those labels
   * or "" for none; without, they are spans of the span schemes.
   */
  boxField?: { key: string; fieldLabels?: readonly string[] };
  /** the item's key of the text (item_properties.text_key): a span naming it as its field marks the text */
  textKey?: string;
  /** what each cohort is shown, when cohorts bind schemes (schemes/cohort-views.ts); absent: everyone sees `schemes` */
  cohortSchemes?: CohortSchemeViews;
  /** a user's cohort, given by batch assignment */
  cohortOf?: CohortOf;
}

export function createTask(
  schemes: Scheme[],
  instances: Instance[],
  colors: ColorMap,
  keywordRules: KeywordRule[] = [],
): Task {
  // filled in a loop: `new Map(instances.map(...))` would build a throw-away [id, value] pair per instance
  const instanceById = new Map<string, Instance>();
  const positionById = new Map<string, number>();
  instances.forEach((instance, n) => {
    instanceById.set(instance.id, instance);
    positionById.set(instance.id, n);
  });
  return {
    schemes,
    schemeByName: new Map(schemes.map((s) => [s.name, s])),
    instances,
    instanceById,
    positionById,
    colors,
    keywordRules,
  };
}

/** Adds instances to a running task (imports); ids already present are refused by the caller. */
export function addInstances(task: Task, added: Instance[]): void {
  for (const instance of added) {
    task.positionById.set(instance.id, task.instances.length);
    task.instances.push(instance);
    task.instanceById.set(instance.id, instance);
  }
}

/** Takes instances out of a running task (added for a write that then failed; a round 1 swapped for an older one). */
export function removeInstances(task: Task, ids: ReadonlySet<string>): void {
  let n = 0;
  for (const instance of task.instances)
    if (!ids.has(instance.id)) {
      task.instances[n] = instance;
      task.positionById.set(instance.id, n++);
    }
  task.instances.length = n;
  for (const id of ids) {
    task.instanceById.delete(id);
    task.positionById.delete(id);
  }
}

/**
 * Makes quality-control checks viewable like instances. They go in `instanceById` only: `instances` and
 * `positionById` stay the task's own items, which is how the rest of the domain tells the two apart.
 */
export function addCheckInstances(task: Task, checks: Instance[]): void {
  for (const check of checks) task.instanceById.set(check.id, check);
}
