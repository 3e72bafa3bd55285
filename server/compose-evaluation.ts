/**
 * Potato's evaluation suite, wired beside the composition root: versioned datasets, experiments over them, the
 * eval-admin read-outs with the pause on handing out work, and dataset publishing. They read the task and the
 * answers and keep their own tables; the pause is the one thing that reaches back into assignment.
 */
import { join } from 'node:path';
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { AdjudicationService } from './domain/adjudication/adjudication-service.js';
import type { Accounts } from './domain/users/users.js';
import type { Settings } from './domain/settings.js';
import { isShared } from './domain/ports.js';
import { requiredAnnotators } from './domain/task.js';
import { Datasets } from './domain/datasets/datasets.js';
import { Experiments } from './domain/datasets/experiments.js';
import { AssignmentPause } from './domain/datasets/assignment-pause.js';
import { EvalOverview } from './domain/datasets/eval-overview.js';
import { PublishJob } from './domain/publish/publish-job.js';
import { writeZipArchive } from './io/zip-archive.js';

interface EvaluationInput extends Pick<ComposeInput, 'config' | 'store' | 'clock' | 'logger'> {
  annotations: AnnotationService;
  assignments: Assignments;
  adjudication: AdjudicationService;
  accounts: Accounts;
  settings: Settings;
}

export function composeEvaluation(input: EvaluationInput) {
  const { config, store, clock, logger, annotations, assignments, adjudication } = input;
  const task = config.task;
  const datasets = new Datasets(store, clock);
  const experiments = new Experiments(store, clock, datasets);
  const assignmentPause = new AssignmentPause(store, clock);
  // paused only where the project has the eval suite: a stored pause is not read once it is turned off
  if (config.datasetsEnabled) assignments.holdBack(() => assignmentPause.paused());
  const evalOverview = new EvalOverview({
    task,
    annotatorsOf: (id) => annotations.annotatorsOf(id),
    required: () => requiredAnnotators(input.settings.get()),
    userCount: () => input.accounts.count(),
    storage: isShared(store) ? 'database' : 'data folder',
    datasets,
    experiments,
    pause: assignmentPause,
  });
  const publish = new PublishJob(
    {
      task,
      annotatorsOf: (id) => annotations.annotatorsOf(id),
      get: (username, id) => annotations.get(username, id),
      gold: (instance) => adjudication.gold(instance),
    },
    config.publish,
    // beside Potato's output, as Potato writes it; not in the data folder, which holds only the store
    (name, files) => writeZipArchive(join(config.outputDir, 'publish'), name, files),
    logger,
  );
  return { datasets, experiments, assignmentPause, evalOverview, publish };
}
