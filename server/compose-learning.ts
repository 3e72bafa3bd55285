/**
 * The learners composed over the answers as they arrive: the AI assistant, active learning's hand-out order,
 * MACE, ICL labelling (whose labels the answers verify) and the judge (whose labels they are compared with). Each
 * is a submit hook of the annotation service. They are wired here together because active learning asks the
 * assistant's embedded learner, and the learners run in background slices that `close()` must stop.
 */
import type { ComposeInput } from './services.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import { compileRules } from './domain/annotation/keywords.js';
import type { Settings } from './domain/settings.js';
import { AiService } from './domain/ai/ai-service.js';
import { aiSettingsFrom, llmMissing } from './config/sections/ai.js';
import { createLlmClient } from './io/llm-clients.js';
import { ActiveLearning } from './domain/active-learning/active-learning.js';
import { MaceService } from './domain/mace/mace-service.js';
import { IclLabeler } from './domain/icl/icl-labeler.js';
import { MetricInduction } from './domain/metric-induction/metric-induction.js';
import { StepPrelabel } from './domain/ai/step-prelabel.js';
import { JudgeAlignment } from './domain/judges/judge-alignment.js';
import { JudgeCalibration } from './domain/judges/judge-calibration.js';

interface LearningInput extends Pick<ComposeInput, 'config' | 'store' | 'logger' | 'clock'> {
  annotations: AnnotationService;
  settings: Settings;
  now: () => string;
  /** composed again after another process's changes: the ranking waits for its first use */
  reused: boolean;
}

export function composeLearning({ config, store, logger, clock, annotations, settings, now, reused }: LearningInput) {
  const task = config.task;
  const aiSettings = aiSettingsFrom(config.raw.ai_support);
  const llm = aiSettings.endpointType === 'embedded' ? undefined : createLlmClient(aiSettings);
  const ai = new AiService({
    task,
    store,
    logger,
    annotations,
    now,
    settings: () => settings.get(),
    keywordRules: compileRules(task.keywordRules),
    llm,
    minExamples: aiSettings.minExamples,
  });
  annotations.use(ai);
  const activeLearning = new ActiveLearning({
    task,
    learner: ai.embedded,
    annotatorCount: (id) => annotations.annotatorCount(id),
    totalAnnotations: () => annotations.totalAnnotations(),
    settings: config.activeLearning,
    active: () =>
      settings.get().assignment_strategy === 'active_learning' &&
      config.activeLearning.enabled &&
      config.activeLearning.schemes.length > 0,
    now,
  });
  annotations.use(activeLearning.hook);
  if (!reused) activeLearning.start();
  const mace = new MaceService({
    schemes: task.schemes,
    answers: {
      *instanceIds() {
        for (const instance of task.instances) yield instance.id;
      },
      annotatorsOf: (id) => annotations.annotatorsOf(id),
      get: (username, id) => annotations.get(username, id),
    },
    totalAnnotations: () => annotations.totalAnnotations(),
    settings: config.mace,
    now,
  });
  annotations.use(mace.hook);
  mace.start();
  const icl = new IclLabeler({
    store,
    task,
    clock,
    settings: config.icl,
    answers: annotations,
    client: config.icl.modelMissing ? undefined : llm,
    taskName: () => settings.get().annotation_task_name,
  });
  annotations.use(icl);
  const judgeAlignment = new JudgeAlignment({
    store,
    task,
    clock,
    settings: config.judgeAlignment,
    answers: annotations,
    client: config.judgeAlignment.modelMissing ? undefined : llm,
  });
  // Potato's metric induction reads comments through the same model as ICL and the judge
  const modelMissing = llmMissing(config.raw.ai_support);
  const metricInduction = new MetricInduction(task, annotations, modelMissing ? undefined : llm, modelMissing);
  const stepPrelabel = new StepPrelabel({
    task,
    llm: modelMissing ? undefined : llm,
    instanceFor: (username, id) => annotations.instanceFor(username, id),
    enabled: () => settings.get().ai_enabled,
  });
  // judge calibration's judges are its own models, each with its own endpoint; the answers are its human gold
  const judgeCalibration = new JudgeCalibration({
    store,
    task,
    clock,
    settings: config.judgeCalibration.settings,
    answers: annotations,
    clients: config.judgeCalibration.endpoints.map((e) => createLlmClient(e, 'judge_calibration.models[].timeout')),
  });
  return { ai, activeLearning, mace, icl, judgeAlignment, judgeCalibration, metricInduction, stepPrelabel };
}
