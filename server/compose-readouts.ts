/**
 * Progress read-outs, wired beside compose.ts: Potato's admin read-outs (user, system and item state, its
 * dashboard) and the annotator's own dashboard, all views over the answers, the lists and the phases.
 */
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { Progress } from './domain/admin/progress.js';
import type { PhaseService } from './domain/phases/phase-service.js';
import type { Settings } from './domain/settings.js';
import { PotatoState } from './domain/admin/potato-state.js';
import { PotatoDashboard } from './domain/admin/potato-dashboard.js';
import { AnnotatorDashboard } from './domain/annotator-dashboard/summary.js';

interface ReadoutInput extends Pick<ComposeInput, 'config'> {
  annotations: AnnotationService;
  assignments: Assignments;
  progress: Progress;
  phases: PhaseService;
  settings: Settings;
}

export function composeReadouts({ config, annotations, assignments, progress, phases, settings }: ReadoutInput) {
  const task = config.task;
  const potatoSources = {
    task,
    annotations,
    assignments,
    progress,
    phaseOf: (username: string) => phases.typeOf(username),
    maxAnnotationsPerUser: () => settings.get().max_annotations_per_user,
    config: () => ({
      debug_mode: config.debug,
      annotation_task_name: settings.get().annotation_task_name,
      annotation_schemes: config.raw.annotation_schemes,
      ui: (config.raw as Record<string, unknown>).ui ?? {},
    }),
  };
  return {
    potatoState: new PotatoState(potatoSources),
    potatoDashboard: new PotatoDashboard({ ...potatoSources, settings: () => settings.get() }),
    annotatorDashboard: new AnnotatorDashboard(config.annotatorDashboard, {
      totalItems: () => task.instances.length,
      itemsWithAnnotations: () => annotations.instancesWithAtLeast(1),
      totalAnnotations: () => annotations.totalAnnotations(),
      activeAnnotators: () => progress.annotatorNames().filter((name) => phases.typeOf(name) === 'annotation').length,
      own: (username: string) => {
        const annotated = annotations.activityOf(username).annotated;
        return { annotated, assigned: assignments.progressOf(username, annotated).expected };
      },
    }),
  };
}
