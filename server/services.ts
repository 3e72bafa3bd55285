/**
 * What the composition root hands the HTTP layer: every service of a running project by name, and what composing
 * them takes; kept apart from the wiring so a route module reads the shape without the whole graph.
 */
import type { ProjectConfig } from './config/load.js';
import type { Accounts, PasswordHasher } from './domain/users/users.js';
import type { LoginThrottle } from './domain/users/login-throttle.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { Cohorts } from './domain/assignment/cohorts.js';
import type { AnnotationService } from './domain/annotation/annotation-service.js';
import type { compileRules } from './domain/annotation/keywords.js';
import type { EventOutbox } from './domain/events.js';
import type { WebhookOutbox } from './domain/webhooks/outbox.js';
import type { Settings } from './domain/settings.js';
import type { Clock, Logger, Store } from './domain/ports.js';
import type { Task } from './domain/task.js';
import type { AdminAuth } from './http/guards.js';
import type { Progress } from './domain/admin/progress.js';
import type { TimelineReport } from './domain/admin/timeline.js';
import type { QualityService } from './domain/quality/quality-service.js';
import type { PhaseService } from './domain/phases/phase-service.js';
import type { PotatoState } from './domain/admin/potato-state.js';
import type { PotatoDashboard } from './domain/admin/potato-dashboard.js';
import type { CrowdService } from './domain/crowd/crowd.js';
import type { OAuthAccounts } from './domain/auth/oauth-accounts.js';
import type { OAuthClients } from './io/oauth-providers.js';
import type { LoginTokens } from './domain/users/login-tokens.js';
import type { AdminSetup } from './domain/users/admin-setup.js';
import type { Memos } from './domain/annotation/memos.js';
import type { EventRegistry } from './domain/event-registry/event-registry.js';
import type { AnnotatorDashboard } from './domain/annotator-dashboard/summary.js';
import type { ReviewBoard } from './domain/review/review-board.js';
import type { Codebook } from './domain/codebook/codebook.js';
import type { CodebookContent } from './domain/codebook/content.js';
import type { CodebookProposals } from './domain/codebook/proposals.js';
import type { RevisionStamps } from './domain/codebook/stamps.js';
import type { Cases } from './domain/cases/cases.js';
import type { PasswordResets } from './domain/users/password-resets.js';
import type { ProjectAgreement } from './domain/agreement/project-agreement.js';
import type { AiService } from './domain/ai/ai-service.js';
import type { ChatService } from './domain/chat/chat-service.js';
import type { AgentChatService } from './domain/agent-chat/agent-chat-service.js';
import type { WebAgentRecordings } from './domain/web-agent/recordings.js';
import type { WebProxy } from './domain/web-agent/web-proxy.js';
import type { Predictions } from './domain/data/predictions.js';
import type { Importer } from './domain/data/importer.js';
import type { TraceIngestion } from './domain/traces/trace-ingestion.js';
import type { DatabaseIngestion } from './domain/data/live-ingestion.js';
import type { DisplayCache } from './domain/display/build.js';
import type { MediaFiles } from './io/media-files.js';
import type { Skips } from './domain/annotation/skips.js';
import type { ItemNotes } from './domain/annotation/item-notes.js';
import type { UndoHistory } from './domain/annotation/undo.js';
import type { AdjudicationService } from './domain/adjudication/adjudication-service.js';
import type { ItemTimes } from './domain/history/item-time.js';
import type { ProcessLogs } from './domain/telemetry/process-logs.js';
import type { SearchService } from './domain/search/search-service.js';
import type { ActiveLearning } from './domain/active-learning/active-learning.js';
import type { MaceService } from './domain/mace/mace-service.js';
import type { PocketService } from './domain/pocket/pocket-service.js';
import type { DeviceVisits } from './domain/pocket/device-visits.js';
import type { IclLabeler } from './domain/icl/icl-labeler.js';
import type { JudgeAlignment } from './domain/judges/judge-alignment.js';
import type { JudgeCalibration } from './domain/judges/judge-calibration.js';
import type { MetricInduction } from './domain/metric-induction/metric-induction.js';
import type { StepPrelabel } from './domain/ai/step-prelabel.js';
import type { ThinkAloud } from './domain/think-aloud/think-aloud.js';
import type { TruthSerum } from './domain/truth-serum/truth-serum.js';
import type { BoundaryLab } from './domain/boundary/boundary-lab.js';
import type { TriageQueue } from './domain/triage/triage.js';
import type { Automation } from './domain/automation/automation.js';
import type { DiversityClusters } from './domain/diversity/diversity-clusters.js';
import type { EmbeddingMap } from './domain/diversity/embedding-map.js';
import type { IbwsService } from './domain/ibws/ibws-service.js';
import type { Psychometrics } from './domain/psychometrics/psychometrics.js';
import type { Rooms } from './domain/rooms/rooms-service.js';
import type { Sessions } from './domain/sessions/sessions-service.js';
import type { CrowdPlatformAdmin } from './domain/crowd/platform-admin.js';
import type { Datasets } from './domain/datasets/datasets.js';
import type { Experiments } from './domain/datasets/experiments.js';
import type { AssignmentPause } from './domain/datasets/assignment-pause.js';
import type { EvalOverview } from './domain/datasets/eval-overview.js';
import type { PublishJob } from './domain/publish/publish-job.js';

export interface Services {
  config: ProjectConfig;
  task: Task;
  store: Store;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  settings: Settings;
  accounts: Accounts;
  throttle: LoginThrottle;
  assignments: Assignments;
  /** Potato's batch cohorts: `cohortOf(username)` names a user's group */
  cohorts: Cohorts;
  annotations: AnnotationService;
  /** skipped instances and the schemes required before moving on */
  skips: Skips;
  /** annotators' notes and flags on items */
  itemNotes: ItemNotes;
  /** annotators' memos on items (several each, private or shared) */
  memos: Memos;
  /** Potato's cross-document event registry (event_template) */
  eventRegistry: EventRegistry;
  /** the annotator's own progress page: project counts and theirs */
  annotatorDashboard: AnnotatorDashboard;
  /** Potato's codebook: the codes, their prose (versioned per code), proposals waiting for an admin */
  codebook: Codebook;
  codebookContent: CodebookContent;
  codebookProposals: CodebookProposals;
  /** the codebook revision each answer was given under */
  codebookStamps: RevisionStamps;
  /** QDA cases, read from the items' data */
  cases: Cases;
  /** the review board: each item's review state, reviewer and priority */
  review: ReviewBoard;
  /** the annotate screen's undo: each step's replaced record */
  undo: UndoHistory;
  /** the mobile card stack (Potato's pocket mode): routing facts and batches of items left */
  pocket: PocketService;
  /** Potato's rooms: norming, huddle and shadow sessions over the same item */
  rooms: Rooms;
  /** Potato's session-level scoring */
  sessions: Sessions;
  /** the lab's study on the crowd platform, managed from the admin side */
  crowdPlatform: CrowdPlatformAdmin;
  /** which device classes each annotator visits from */
  deviceVisits: DeviceVisits;
  progress: Progress;
  timeline: TimelineReport;
  search: SearchService;
  itemTimes: ItemTimes;
  /** keystroke logging and annotation telemetry: sessions posted by the page, screened; the integrity report */
  processLogs: ProcessLogs;
  quality: QualityService;
  phases: PhaseService;
  /** workers who sign in from a study platform's link, and their completion */
  crowd: CrowdService;
  /** Potato's admin read-outs */
  potatoState: PotatoState;
  potatoDashboard: PotatoDashboard;
  agreement: ProjectAgreement;
  /** gold answers: adjudicators' decisions, else the majority */
  adjudication: AdjudicationService;
  /** Potato's evaluation datasets (datasets.enabled), experiments over them, the eval-admin read-outs and pause */
  datasets: Datasets;
  experiments: Experiments;
  assignmentPause: AssignmentPause;
  evalOverview: EvalOverview;
  /** dataset publishing: the card preview and the archive job */
  publish: PublishJob;
  ai: AiService;
  /** Potato's chat support: per annotator and item, a conversation with a model about the item */
  chat: ChatService;
  /** Potato's interactive agent chat (agent_proxy): converse, then finish and annotate */
  agentChat: AgentChatService;
  /** Potato's web agent recorder: sessions of steps and screenshots */
  webAgent: WebAgentRecordings;
  /** the recorder's proxy, closed unless web_agent.proxy lists hosts */
  webProxy: WebProxy;
  /** the learner's hand-out order for assignment_strategy: active_learning */
  activeLearning: ActiveLearning;
  /** annotator competence and predicted labels (Potato's mace section) */
  mace: MaceService;
  /** Potato's ICL labelling: a model labels unanswered items from agreed examples; answers verify its labels */
  icl: IclLabeler;
  /** Potato's judge alignment: an LLM judge's labels and their κ against the annotators' majority */
  judgeAlignment: JudgeAlignment;
  judgeCalibration: JudgeCalibration;
  /** Potato's metric induction: recurring evaluation aspects in free-text comments, named by the LLM */
  metricInduction: MetricInduction;
  /** AI pre-labels of a process_reward scheme's steps (Potato's /api/prm/prelabel) */
  stepPrelabel: StepPrelabel;
  /** Potato's truth serum: popularity predictions, surprisingly-popular verdicts, calibration */
  truthSerum: TruthSerum;
  /** Potato's think-aloud: spoken chunks transcribed and kept per (annotator, instance), labels said aloud */
  thinkAloud: ThinkAloud;
  /** Potato's boundary lab: counterfactual probes, verdicts, contrast sets */
  boundary: BoundaryLab;
  /** Potato's iterative best–worst scaling: its later rounds and ranking (undefined without ibws_config) */
  ibws: IbwsService | undefined;
  /** Potato's triage: item priorities from their data, the priority strategy's order */
  triage: TriageQueue;
  /** Potato's automation rules over each item that enters the project */
  automation: Automation;
  /** Potato's diversity ordering: the corpus's clusters by TF-IDF, computed at first need, and the map's priority */
  diversity: DiversityClusters;
  /** Potato's embedding map: the items placed in 2D from their vectors */
  embeddingMap: EmbeddingMap;
  /** Potato's psychometrics: the item-response model, fitted again once answers change, the study designer */
  psychometrics: Psychometrics;
  /** pre-annotations shown as suggestions */
  predictions: Predictions;
  /** imports into the running project */
  importer: Importer;
  /** data_sources of type database: read at start (`start()`, by createServer) and polled with live_ingestion */
  databaseSources: DatabaseIngestion;
  /** Potato's trace webhook: pushed agent traces become items through the importer */
  traces: TraceIngestion;
  outbox: EventOutbox;
  webhooks: WebhookOutbox;
  keywordRules: ReturnType<typeof compileRules>;
  /** what the annotator sees of each instance, built once per instance */
  display: DisplayCache;
  /** media files of the task's folder */
  media: MediaFiles;
  adminAuth: AdminAuth;
  /** single sign-on: which account a provider's user reaches, and the providers' HTTP side (kept when recomposed) */
  oauth: OAuthAccounts;
  oauthClients: OAuthClients;
  /** one-time sign-in tokens for the desktop window (GET /auth/token) */
  loginTokens: LoginTokens;
  adminSetup: AdminSetup;
  /** password reset links an admin creates */
  passwordResets: PasswordResets;
  startedAt: number;
  version: string;
  /** Resolves once what accepted requests started in the background (a calibration run labelling items) is stored. */
  settled: () => Promise<void>;
  /** background work to stop on close (dispatchers, trainers), last started first stopped */
  closers: (() => Promise<void>)[];
}

export interface ComposeInput {
  config: ProjectConfig;
  store: Store;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  adminKey: string;
  version: string;
  /** the desktop app's user: annotator and admin of the project the app opened */
  desktopOwner?: string;
  /** scrypt at OWASP's baseline cost when not given */
  passwordHasher?: PasswordHasher;
  /**
   * Parts kept when the services are composed again over a store other processes changed: the webhook
   * dispatcher (its sends in flight) and what lives only in this process's memory (sign-in links, throttling)
   */
  reuse?: Pick<Services, 'webhooks' | 'throttle' | 'adminSetup' | 'loginTokens'> &
    Partial<Pick<Services, 'databaseSources' | 'oauthClients' | 'traces'>>;
}
