/**
 * Which schemes each annotator meets when cohorts bind their own (Potato's `scheme_sets` and a batch group's
 * `schemes`). The task's `schemes` stay the project's one list, the union every cohort's view is a subset of, so
 * storage, exports, agreement and the registry know every scheme; only what a user is shown and may answer is cut
 * down here.
 */
import { invalid } from '../errors.js';
import type { Submission } from '../annotation/records.js';
import type { Scheme, Task } from '../task.js';

export interface CohortSchemeViews {
  /** what a user outside every cohort that binds schemes meets: `annotation_schemes` (and the display's own) */
  global: readonly Scheme[];
  /** a cohort's name → its schemes, for the cohorts that bind some */
  byCohort: ReadonlyMap<string, readonly Scheme[]>;
}

/** A user's cohort (a batch group's name), or undefined outside every group. */
export type CohortOf = (username: string) => string | undefined;

/** The schemes `username` is shown and may answer; without cohort schemes, all the task's. */
export function schemesFor(task: Task, username: string | undefined): readonly Scheme[] {
  const views = task.cohortSchemes;
  if (!views) return task.schemes;
  return viewOfCohort(task, username === undefined ? undefined : task.cohortOf?.(username));
}

/** The schemes of `cohort` (a group's name, undefined outside every group); without cohort schemes, all. */
function viewOfCohort(task: Task, cohort: string | undefined): readonly Scheme[] {
  const views = task.cohortSchemes;
  if (!views) return task.schemes;
  return (cohort !== undefined && views.byCohort.get(cohort)) || views.global;
}

/** Scheme names per view, built once per view list: a submission asks for each key it names. */
const namesOf = new WeakMap<readonly Scheme[], ReadonlySet<string>>();

/** Whether `username` may answer the scheme named `name` (it is in their view). */
export function answersScheme(task: Task, username: string, name: string): boolean {
  if (!task.cohortSchemes) return true;
  const view = schemesFor(task, username);
  let names = namesOf.get(view);
  if (!names) namesOf.set(view, (names = new Set(view.map((s) => s.name))));
  return names.has(name);
}

/**
 * Refuses a submission naming a scheme outside the annotator's view, naming the field as an unknown scheme's
 * refusal does: another cohort's scheme is not theirs to answer.
 */
export function checkInView(task: Task, username: string, submission: Submission): void {
  if (!task.cohortSchemes) return;
  const refuse = (field: string, name: string): never => {
    throw invalid(`${field}: ${outsideView(task, username, name)}`);
  };
  for (const key in submission.annotations ?? {}) {
    // Potato's pages spell some keys "<scheme>:::<label>"; validation splits them the same way
    const triple = key.indexOf(':::');
    const name = key.slice(0, triple > 0 ? triple : key.indexOf(':'));
    if (task.schemeByName.has(name) && !answersScheme(task, username, name)) refuse(`annotations["${key}"]`, name);
  }
  const lists = [
    ['span_annotations', submission.span_annotations],
    ['link_annotations', submission.link_annotations],
    ['event_annotations', submission.event_annotations],
  ] as const;
  for (const [field, list] of lists)
    list?.forEach((entry, i) => {
      const name = (entry as { schema?: unknown }).schema;
      if (typeof name === 'string' && task.schemeByName.has(name) && !answersScheme(task, username, name))
        refuse(`${field}[${i}].schema`, name);
    });
}

/** Why `name` is not for `username`: the sentence after the field a refusal names. */
export function outsideView(task: Task, username: string, name: string): string {
  const cohort = task.cohortOf?.(username);
  const whose =
    cohort !== undefined && task.cohortSchemes?.byCohort.has(cohort)
      ? `cohort "${cohort}"`
      : 'annotators outside a cohort';
  return `scheme "${name}" is not among the schemes of ${whose} (${schemesFor(task, username)
    .map((s) => s.name)
    .join(', ')})`;
}

/**
 * `submission` without its answers to schemes outside `cohort`'s view, and those schemes' names: answers kept
 * elsewhere (Potato's saved states) are taken in without them, each named in a warning, rather than refused whole.
 */
export function withinView(
  task: Task,
  cohort: string | undefined,
  submission: Submission,
): { submission: Submission; dropped: string[] } {
  if (!task.cohortSchemes) return { submission, dropped: [] };
  const view = viewOfCohort(task, cohort);
  const own = new Set(view.map((s) => s.name));
  const dropped = new Set<string>();
  const keep = (name: string) => {
    if (!task.schemeByName.has(name) || own.has(name)) return true;
    dropped.add(name);
    return false;
  };
  const out: Submission = { ...submission };
  if (submission.annotations)
    out.annotations = Object.fromEntries(
      Object.entries(submission.annotations).filter(([key]) => {
        const triple = key.indexOf(':::');
        return keep(key.slice(0, triple > 0 ? triple : key.indexOf(':')));
      }),
    );
  if (submission.span_annotations) out.span_annotations = submission.span_annotations.filter((e) => keep(e.schema));
  if (submission.link_annotations) out.link_annotations = submission.link_annotations.filter((e) => keep(e.schema));
  if (submission.event_annotations) out.event_annotations = submission.event_annotations.filter((e) => keep(e.schema));
  return { submission: out, dropped: [...dropped] };
}

/** The schemes of `cohort` by name, for a sentence saying whose they are. */
export function cohortSchemeNames(task: Task, cohort: string | undefined): string {
  return viewOfCohort(task, cohort)
    .map((s) => s.name)
    .join(', ');
}
