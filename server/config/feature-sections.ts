/**
 * The optional features' sections of a task config (adjudication, MACE, the study tools, chat, datasets, …), each
 * read by its module under `sections/`. They are read in one fixed order, so a config's warnings come out in the
 * same order every time and the first refusal is always the same one.
 */
import type { CrowdSettings } from '../domain/crowd/crowd.js';
import type { QualityConfig } from '../domain/quality/checks.js';
import type { Scheme, Task } from '../domain/task.js';
import { ConfigError } from './config-error.js';
import type { ProjectConfig } from './project-config.js';
import type { RawConfig } from './schema.js';
import { readAdjudication } from './sections/adjudication.js';
import { readMace } from './sections/mace.js';
import { ProcessLoggingConfigError, readProcessLogging } from './sections/process-logging.js';
import { ActiveLearningConfigError, readActiveLearning } from './sections/active-learning.js';
import { searchProblem } from './sections/search.js';
import { readMemoSettings } from './sections/memos.js';
import { readCaseSettings, readCodebookSettings } from './sections/codebook.js';
import { readAnnotatorDashboard } from './sections/annotator-dashboard.js';
import { readPocket } from './sections/pocket.js';
import { readTruthSerum } from './sections/truth-serum.js';
import { readEventTemplate } from './sections/event-template.js';
import { readThinkAloud } from './sections/think-aloud.js';
import { readIclLabeling } from './sections/icl-labeling.js';
import { readJudgeAlignment } from './sections/judge-alignment.js';
import { readJudgeCalibration } from './sections/judge-calibration.js';
import { readTraceIngestion } from './sections/trace-ingestion.js';
import { readAutomation } from './sections/automation.js';
import { readBoundaryProbing } from './sections/boundary-probing.js';
import { readTriage } from './sections/triage.js';
import { readPsychometrics } from './sections/psychometrics.js';
import { readDiversity } from './sections/diversity.js';
import { readRooms } from './sections/rooms.js';
import { readChatSupport } from './sections/chat.js';
import { readAgentProxy } from './sections/agent-proxy.js';
import { readWebAgent } from './sections/web-agent.js';
import { readPlatform } from './sections/crowd-platform.js';
import { readDatasetsEnabled, readPublishSettings } from './sections/datasets.js';
import { readReviewSettings } from './sections/review.js';
import { readUiLanguage } from './sections/ui-language.js';

type FeatureSections = Pick<
  ProjectConfig,
  | 'crowdPlatform'
  | 'adjudication'
  | 'activeLearning'
  | 'mace'
  | 'keystrokeLogging'
  | 'annotationTelemetry'
  | 'memos'
  | 'codebook'
  | 'cases'
  | 'annotatorDashboard'
  | 'review'
  | 'pocket'
  | 'truthSerum'
  | 'eventTemplate'
  | 'thinkAloud'
  | 'icl'
  | 'judgeAlignment'
  | 'judgeCalibration'
  | 'traceIngestion'
  | 'automation'
  | 'boundary'
  | 'triage'
  | 'psychometrics'
  | 'diversity'
  | 'rooms'
  | 'chat'
  | 'agentProxy'
  | 'webProxy'
  | 'datasetsEnabled'
  | 'publish'
  | 'uiLanguage'
>;

/** What the sections are read against: the config, its schemes and task, and what load has read before them. */
export interface SectionContext {
  raw: RawConfig;
  path: string;
  schemes: Scheme[];
  /** The schemes asked per item (without the session-level ones), which rooms may name. */
  itemSchemes: Scheme[];
  task: Task;
  quality: QualityConfig;
  crowd: CrowdSettings;
  perItem: number | null;
  find: (name: string) => string;
  warn: (message: string) => void;
  refuse: (message: string) => never;
}

export function readFeatureSections(c: SectionContext): FeatureSections {
  const { raw, path, schemes, warn, refuse, find } = c;
  const adjudication = readAdjudication(raw.adjudication);
  const claimProblem = searchProblem(raw.search, {
    strategy: raw.assignment_strategy ?? 'fixed_order',
    perItem: c.perItem,
    qualityChecks: !!(c.quality.attention || c.quality.gold),
    adjudication: adjudication.settings.enabled,
    crowdLogin: c.crowd.loginArgument !== null,
  });
  if (claimProblem) throw new ConfigError(path, claimProblem);
  adjudication.warnings.forEach(warn);
  let activeLearning: ReturnType<typeof readActiveLearning>;
  try {
    activeLearning = readActiveLearning(raw.active_learning, schemes, raw.assignment_strategy);
  } catch (e) {
    if (e instanceof ActiveLearningConfigError) throw new ConfigError(path, e.message);
    throw e;
  }
  activeLearning.warnings.forEach(warn);
  const triage = readTriage(raw.triage, warn);
  if (raw.assignment_strategy === 'priority' && !triage.enabled)
    warn(
      'assignment_strategy: priority without triage enabled hands items out in task order (every item has the default priority)',
    );
  const mace = readMace(raw.mace, schemes);
  mace.warnings.forEach(warn);
  let keystrokeLogging: ReturnType<typeof readProcessLogging>;
  let annotationTelemetry: ReturnType<typeof readProcessLogging>;
  try {
    keystrokeLogging = readProcessLogging('keystroke_logging', raw.keystroke_logging);
    annotationTelemetry = readProcessLogging('annotation_telemetry', raw.annotation_telemetry);
  } catch (e) {
    if (e instanceof ProcessLoggingConfigError) throw new ConfigError(path, e.message);
    throw e;
  }
  [...keystrokeLogging.warnings, ...annotationTelemetry.warnings].forEach(warn);

  return {
    crowdPlatform: readPlatform(raw, find, path, warn),
    adjudication: adjudication.settings,
    activeLearning: activeLearning.settings,
    mace: mace.settings,
    keystrokeLogging: keystrokeLogging.settings,
    annotationTelemetry: annotationTelemetry.settings,
    memos: readMemoSettings(raw.annotation_ui, raw.qda_mode, warn),
    codebook: readCodebookSettings(raw, c.crowd.loginArgument !== null, warn),
    cases: readCaseSettings(raw.cases, raw.qda_mode?.enabled === true, warn),
    annotatorDashboard: readAnnotatorDashboard(raw.annotator_dashboard, warn),
    review: readReviewSettings(raw.review_workflow, warn),
    pocket: readPocket(raw.pocket, warn),
    truthSerum: readTruthSerum(raw.truth_serum, schemes, warn, refuse),
    eventTemplate: readEventTemplate(raw.event_template, schemes, new Set(c.task.instanceById.keys()), find, refuse),
    thinkAloud: readThinkAloud(raw.thinkaloud, schemes, warn, refuse),
    icl: readIclLabeling(raw.icl_labeling, raw.ai_support, warn),
    judgeAlignment: readJudgeAlignment(raw.judge_alignment, raw.ai_support, schemes, warn, refuse),
    judgeCalibration: readJudgeCalibration(raw.judge_calibration, schemes, warn, refuse),
    traceIngestion: readTraceIngestion(raw.trace_ingestion, warn),
    automation: readAutomation(raw.automation, warn, refuse),
    boundary: readBoundaryProbing(raw.boundary_probing, schemes, warn, refuse),
    triage,
    psychometrics: readPsychometrics(raw.psychometrics, schemes, raw.assignment_strategy, warn, refuse),
    diversity: readDiversity(raw.diversity_ordering, raw.embedding_visualization, raw.assignment_strategy, warn),
    rooms: readRooms(raw.rooms, c.itemSchemes, path, warn),
    chat: readChatSupport(raw.chat_support, refuse),
    agentProxy: readAgentProxy(raw.agent_proxy, refuse),
    webProxy: readWebAgent(raw.web_agent, raw.live_agent, warn),
    datasetsEnabled: readDatasetsEnabled(raw.datasets, warn),
    publish: readPublishSettings(raw.dataset_metadata, raw.publish, raw.annotation_task_name, warn),
    uiLanguage: readUiLanguage(raw.ui_language, warn),
  };
}
