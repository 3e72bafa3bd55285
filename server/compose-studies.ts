/**
 * Potato's study read-outs that need no model, wired beside compose.ts: truth serum (popularity predictions and
 * surprisingly-popular verdicts), the boundary lab (counterfactual probes) and psychometrics (an item-response model's
 * read-outs, the study designer). Triage is wired in compose.ts, since assignment reads its order. Think-aloud
 * is here too: its model is a speech-to-text server of its own section, and its parser is rule-based.
 */
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import { TruthSerum } from './domain/truth-serum/truth-serum.js';
import { BoundaryLab } from './domain/boundary/boundary-lab.js';
import { Psychometrics } from './domain/psychometrics/psychometrics.js';
import type { Settings } from './domain/settings.js';
import { ThinkAloud } from './domain/think-aloud/think-aloud.js';
import { createSttClient } from './io/stt-client.js';

interface StudiesInput extends Pick<ComposeInput, 'config' | 'store' | 'clock'> {
  annotations: AnnotationService;
  settings: Settings;
}

export function composeStudies({ config, store, clock, annotations, settings }: StudiesInput) {
  // psychometrics keeps its fit until an answer changes: here, undone by a failed write, or in another process
  let answersVersion = 0;
  annotations.use({
    after: ({ changed }) => {
      if (changed) answersVersion++;
      return undefined;
    },
    failed: () => void answersVersion++,
    external: () => void answersVersion++,
  });
  return {
    truthSerum: new TruthSerum(store, config.task, annotations, clock, config.truthSerum),
    thinkAloud: new ThinkAloud(
      store,
      annotations,
      clock,
      config.thinkAloud.settings,
      config.task.schemeByName.get(config.thinkAloud.settings.schema)?.labels.map((l) => l.name) ?? [],
      config.thinkAloud.server && createSttClient(config.thinkAloud.server),
    ),
    boundary: new BoundaryLab(store, config.task, annotations, clock, config.boundary),
    psychometrics: new Psychometrics(
      config.task,
      {
        instanceIds: () => config.task.instances.map((i) => i.id),
        annotatorsOf: (id) => annotations.annotatorsOf(id),
        chosen: (user, id, scheme) => {
          const answer = annotations.get(user, id)?.labels[scheme];
          return answer ? Object.keys(answer) : undefined;
        },
        text: (id) => config.task.instanceById.get(id)?.text ?? '',
        total: () => annotations.totalAnnotations(),
        version: () => answersVersion,
      },
      config.psychometrics,
      () => settings.get().num_annotators_per_item,
      () => settings.get().assignment_strategy === 'psychometric',
    ),
  };
}
