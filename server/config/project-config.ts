/** What a loaded config gives the server: the task, its settings, and the warnings to show at startup. */
import type { DatabaseSourceConfig } from './database-sources.js';
import type { ActiveLearningSettings } from '../domain/active-learning/settings.js';
import type { AdjudicationSettings } from '../domain/adjudication/records.js';
import type { MaceSettings } from '../domain/mace/settings.js';
import type { ProcessLogSettings } from '../domain/telemetry/settings.js';
import type { MemoSettings } from '../domain/annotation/memos.js';
import type { CodebookSettings } from '../domain/codebook/codebook.js';
import type { CaseSettings } from '../domain/cases/cases.js';
import type { AnnotatorDashboardSettings } from '../domain/annotator-dashboard/summary.js';
import type { ReviewSettings } from '../domain/review/routing.js';
import type { PublishSettings } from '../domain/publish/settings.js';
import type { PocketSettings } from '../domain/pocket/settings.js';
import type { TruthSerumSettings } from '../domain/truth-serum/truth-serum.js';
import type { EventTemplateSettings } from '../domain/event-registry/registry-event.js';
import type { ThinkAloudConfig } from './sections/think-aloud.js';
import type { IclSettings } from '../domain/icl/icl-settings.js';
import type { JudgeAlignmentSettings } from '../domain/judges/judge-alignment.js';
import type { JudgeCalibrationConfig } from './sections/judge-calibration.js';
import type { BoundarySettings } from '../domain/boundary/boundary-lab.js';
import type { TriageSettings } from '../domain/triage/triage.js';
import type { CohortSettings } from '../domain/assignment/cohorts.js';
import type { PsychometricsSettings } from '../domain/psychometrics/psychometrics.js';
import type { readDiversity } from './sections/diversity.js';
import type { RoomSettings } from '../domain/rooms/settings.js';
import type { SessionSettings } from '../domain/sessions/sessions-service.js';
import type { ChatSettings } from '../domain/chat/chat-service.js';
import type { AgentSettings } from '../domain/agent-chat/agent-chat-service.js';
import type { AiSettings } from './sections/ai.js';
import type { ProxySettings } from '../domain/web-agent/proxy-policy.js';
import type { UiLanguage } from './sections/ui-language.js';
import type { CrowdSettings } from '../domain/crowd/crowd.js';
import type { OAuthSettings } from '../domain/auth/settings.js';
import type { PlatformSettings } from '../domain/crowd/platform-admin.js';
import type { Instructions } from '../domain/display/instructions.js';
import type { DisplaySpec } from '../domain/display/types.js';
import type { PhaseDefinition } from '../domain/phases/phases.js';
import type { QualityConfig } from '../domain/quality/checks.js';
import type { Instance, RuntimeSettings, Task } from '../domain/task.js';
import type { Derive } from './cot-segmentation.js';
import type { RawConfig } from './schema.js';
import type { AutomationSettings } from '../domain/automation/automation.js';
import type { TraceIngestionSettings } from '../domain/traces/trace-ingestion.js';

export interface ProjectConfig {
  file: string;
  dir: string;
  /** data_sources of type database: read when the server starts, and polled with live_ingestion */
  databases: DatabaseSourceConfig[];
  raw: RawConfig;
  task: Task;
  /** iterative BWS: round 1 as a project begun before later rounds were made has it (compose-ibws.ts) */
  ibwsLegacyFirstRound?: () => Instance[];
  settings: RuntimeSettings;
  /** where the data folder goes when --data-dir is not given */
  outputDir: string;
  allowAllUsers: boolean;
  requirePassword: boolean;
  users: ConfiguredUser[];
  /** single sign-on through OAuth / OpenID Connect providers (authentication.method: oauth) */
  oauth: OAuthSettings;
  /** user_config.min_password_length, or the floor */
  minPasswordLength: number;
  adminApiKey?: string;
  adminUsers: string[];
  debug: boolean;
  sessionLifetimeDays: number;
  /** Potato's persist_sessions: false ends every session at start; true or absent keeps them until they expire */
  persistSessions: boolean;
  /** Potato's `port` (or `server.port`): where `npm start` listens without --port; the desktop app's LAN port */
  port?: number;
  allowedHosts: string[];
  /** `storage:`: a PostgreSQL database for the project's data (server/storage/postgres/) */
  storage: { url?: string; schema?: string };
  /** attention checks and gold standards, read from their items files */
  quality: QualityConfig;
  phases: PhaseDefinition[];
  /** going back across phases, and the phase pages' answers in exports */
  phaseOptions: { backNavigation: boolean; exportAnswers: boolean; excludeHidden: boolean };
  /** adds the fields a config makes from each item's own (cot_segmentation's steps), for items added later too */
  deriveItem?: Derive;
  /** how items are shown (html_layout, instance_display, or every field); the automatic view when absent */
  display?: DisplaySpec;
  /** the instructions banner and codebook link */
  instructions?: Instructions;
  /** url_direct login, completion codes and the study page's options */
  crowd: CrowdSettings;
  /** the crowd platform's API for the admin's study management (Prolific's) */
  crowdPlatform: PlatformSettings;
  /** who settles disagreements and which items they see */
  adjudication: AdjudicationSettings;
  /** Potato's active_learning keys, for assignment_strategy: active_learning */
  activeLearning: ActiveLearningSettings;
  /** Potato's mace keys: annotator competence and predicted labels */
  mace: MaceSettings;
  /** Potato's keystroke_logging and annotation_telemetry: interaction sessions recorded and screened */
  keystrokeLogging: ProcessLogSettings;
  annotationTelemetry: ProcessLogSettings;
  memos: MemoSettings;
  /** the codebook: mode, seeds; and whether QDA mode is on */
  codebook: CodebookSettings & { qda: boolean };
  /** QDA cases: the item field naming each item's case, the attributes lifted */
  cases: CaseSettings;
  /** the annotator's own progress page */
  annotatorDashboard: AnnotatorDashboardSettings;
  /** the review board over the items: states, reviewers, routing */
  review: ReviewSettings;
  /** the mobile card stack and the routing of phones to it */
  pocket: PocketSettings;
  /** Potato's truth_serum: popularity predictions and surprisingly-popular verdicts */
  truthSerum: TruthSerumSettings;
  /** Potato's event_template: the cross-document event registry */
  eventTemplate: EventTemplateSettings;
  /** Potato's thinkaloud: spoken rationales, transcribed by a speech-to-text server, and labels said aloud */
  thinkAloud: ThinkAloudConfig;
  /** Potato's icl_labeling: a model labels unanswered items from the annotators' agreed examples */
  icl: IclSettings;
  /** Potato's judge_alignment: an LLM judge's labels against the annotators' majority */
  judgeAlignment: JudgeAlignmentSettings;
  /** Potato's judge_calibration: several judges sampled k times, set against a blind human sample */
  judgeCalibration: JudgeCalibrationConfig;
  /** Potato's trace_ingestion: agent traces pushed over HTTP become items */
  traceIngestion: TraceIngestionSettings;
  /** Potato's automation: rules run once over each item that enters the project */
  automation: AutomationSettings;
  /** Potato's boundary_probing: counterfactual probes after a label */
  boundary: BoundarySettings;
  /** Potato's triage: item priorities read from their data, the priority strategy's order */
  triage: TriageSettings;
  /**
   * Potato's batch_assignment: the cohorts, each with its items in order and its `schemes` as given (read by
   * per-cohort schemes); no groups without the section
   */
  cohorts: CohortSettings;
  /** Potato's psychometrics: the item-response model's read-outs and the study designer */
  psychometrics: PsychometricsSettings;
  /** Potato's diversity ordering (clusters by TF-IDF) and its embedding map */
  diversity: ReturnType<typeof readDiversity>;
  /** Potato's rooms: annotators voting on the same item together */
  rooms: RoomSettings;
  /** Potato's session-level scoring: schemes asked once per session of items */
  sessions: SessionSettings;
  /** Potato's chat_support: a conversation with a model about the item, per annotator */
  chat: { settings: ChatSettings; llm?: AiSettings };
  /** Potato's agent_proxy: the agent of interactive_chat items (undefined without one) */
  agentProxy?: { settings: AgentSettings; llm?: AiSettings };
  /** the web agent's proxy: closed unless web_agent.proxy lists hosts */
  webProxy: ProxySettings;
  /** Potato's datasets section: evaluation datasets, experiments and the eval-admin API */
  datasetsEnabled: boolean;
  /** the published dataset's card metadata and default options */
  publish: PublishSettings;
  /** the page's language: its words (Potato's ui_language), lang and direction */
  uiLanguage: UiLanguage;
  warnings: string[];
}

/** A user named in the config or Potato's user file: a password to check at first login, plain or as a hash. */
export interface ConfiguredUser {
  username: string;
  password?: string;
  /** a hash in a form the password hasher reads (Potato's PBKDF2, as `pbkdf2-sha256$rounds$salt$hex`) */
  password_hash?: string;
  /** the name of Potato's user file, for a user read from it rather than named in the config */
  file?: string;
}
