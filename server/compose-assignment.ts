/**
 * Who gets which item: the annotators' lists (`Assignments`) and the orders each strategy hands items out in
 * (triage's priorities, diversity's clusters, batch groups; active learning's and psychometrics' orders once
 * those services exist, through `late`).
 */
import { Assignments } from './domain/annotation/assignment.js';
import { Cohorts } from './domain/assignment/cohorts.js';
import type { Settings } from './domain/settings.js';
import { handOutLimit } from './domain/task.js';
import { TriageQueue } from './domain/triage/triage.js';
import { DiversityClusters } from './domain/diversity/diversity-clusters.js';
import type { ActiveLearning } from './domain/active-learning/active-learning.js';
import type { Psychometrics } from './domain/psychometrics/psychometrics.js';
import type { Automation } from './domain/automation/automation.js';
import type { ComposeInput } from './services.js';

/** Services made after the lists that the hand-outs ask; set before anything is handed out. */
interface LateServices {
  activeLearning?: ActiveLearning;
  psychometrics?: Psychometrics;
  automation?: Automation;
}

export function composeAssignment(input: ComposeInput, settings: Settings, now: () => string) {
  const { config, store, clock, logger } = input;
  const task = config.task;
  // set once the AI service (whose learner it asks) exists; hand-outs happen only after composition
  const late: LateServices = {};
  const triage = new TriageQueue(task, config.triage);
  // clusters computed at the first plan or map read: nothing at start
  const diversity = new DiversityClusters(store, task, config.diversity.diversity, () => clock.now());
  const assignments = new Assignments(
    store,
    task,
    {
      required: () => handOutLimit(settings.get()),
      cap: () => settings.get().max_annotations_per_user,
      strategy: () => settings.get().assignment_strategy,
      activeOrder: () => ({
        ...(late.activeLearning?.handOutOrder() ?? { pending: false }),
        batch: config.activeLearning.updateFrequency,
      }),
      priorityOrder: () => triage.order(),
      psychometricOrder: (username) => late.psychometrics?.handOutOrder(username),
      diversityOrder: (username) => diversity.orderFor(username),
      batchOrder: (username): readonly string[] => cohorts.itemsFor(username),
      batchNone: (username): string => cohorts.whyNone(username),
    },
    now,
  );
  const cohorts: Cohorts = new Cohorts(config.cohorts, {
    listOf: (username) => assignments.listOf(username),
    usernames: () => assignments.usernames(),
    perItem: () => handOutLimit(settings.get()),
    instances: () => task.instances,
  });
  // per-cohort schemes: what each user is shown and may answer follows their batch group
  task.cohortOf = (username) => cohorts.cohortOf(username);
  // said once per start, not again when another process's changes compose the services anew
  if (!input.reuse) for (const line of cohorts.spanningGroups()) logger.warn(line);
  // diversity's clusters are computed between requests; a plan waits for them, a list already made does not
  const beforePlanning = (username: string) =>
    settings.get().assignment_strategy !== 'diversity_clustering' ||
    diversity.ready() ||
    (assignments.listOf(username) && !Number.isFinite(handOutLimit(settings.get())))
      ? undefined
      : diversity.whenReady();
  return { assignments, cohorts, triage, diversity, late, beforePlanning };
}
