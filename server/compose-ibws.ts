/** Iterative BWS is on when the config has ibws_config (and no bws_config) and a bws scheme. */
import type { ComposeInput } from './services.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { Settings } from './domain/settings.js';
import { addInstances, handOutLimit, removeInstances, requiredAnnotators } from './domain/task.js';
import { IbwsService } from './domain/ibws/ibws-service.js';
import { ibwsSettings } from './config/task-items.js';

interface IbwsInput extends Pick<ComposeInput, 'config' | 'store' | 'clock'> {
  assignments: Assignments;
  annotations: AnnotationService;
  settings: Settings;
}

export function composeIbws({ config, store, clock, assignments, annotations, settings }: IbwsInput) {
  const raw = config.raw.ibws_config;
  const scheme = config.task.schemes.find((s) => s.annotation_type === 'bws');
  if (!raw || config.raw.bws_config || !scheme) return undefined;
  const ibws = new IbwsService({
    store,
    task: config.task,
    scheme,
    settings: ibwsSettings(raw),
    assignments,
    annotatorsOf: (id) => annotations.annotatorsOf(id),
    get: (u, id) => annotations.get(u, id),
    required: () => requiredAnnotators(settings.get()),
    listSettings: () => ({
      required: handOutLimit(settings.get()),
      cap: settings.get().max_annotations_per_user,
      strategy: settings.get().assignment_strategy,
    }),
    now: () => new Date(clock.now()).toISOString(),
  });
  annotations.use(ibws.hook);
  return ibws;
}

/**
 * A project begun before iterative BWS made later rounds has its annotators' lists and answers on the first
 * round's older tuples (`bws_tuple_…`): it keeps that round, so nothing it answered is left out. Run before
 * anything reads the task.
 */
export function keepLegacyIbwsRound({ config, store, logger }: Pick<ComposeInput, 'config' | 'store' | 'logger'>) {
  const legacy = config.ibwsLegacyFirstRound;
  if (!legacy) return;
  const task = config.task;
  let older = false;
  let newer = false;
  for (const [, record] of store.entries('assignments'))
    for (const id of record.instance_ids)
      if (task.instanceById.has(id)) newer = true;
      else if (id.startsWith('bws_tuple_')) older = true;
  if (!older) return;
  if (newer) {
    logger.warn(
      'ibws_config: annotators hold tuples of both the older first round (bws_tuple_…) and the current one; the current one is used, answers on the older tuples are kept in the data folder but not shown',
    );
    return;
  }
  const round = legacy();
  removeInstances(task, new Set(task.instances.map((i) => i.id)));
  addInstances(task, round);
  logger.info(`ibws_config: this project began with the older first round; its ${round.length} tuples are kept`);
}
