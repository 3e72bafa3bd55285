/** Iterative BWS is on when the config has ibws_config (and no bws_config) and a bws scheme. */
import type { ComposeInput } from './services.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { Settings } from './domain/settings.js';
import { handOutLimit, requiredAnnotators } from './domain/task.js';
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
