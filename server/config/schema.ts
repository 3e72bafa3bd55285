/**
 * The zod schema of a Potato task config, as Potato documents it. Each schema is paired with its inferred type.
 * Sections owned by one feature (quality control, phases, AI, webhooks) live in their own files under sections/.
 */
import { z } from 'zod';
import { bwsConfigSchema, ibwsConfigSchema } from './bws-tuples.js';
import { ASSIGNMENT_STRATEGIES } from '../domain/task.js';
import { batchAssignmentSchema } from './sections/batch-assignment.js';
import { attentionChecksSchema, goldStandardsSchema } from './sections/quality.js';
import { phasesSchema } from './sections/phases.js';
import { aiSupportSchema } from './sections/ai.js';
import { webhooksSchema } from './sections/webhooks.js';
import { crowdShape } from './sections/crowd.js';
import { adjudicationSchema } from './sections/adjudication.js';
import { searchSchema } from './sections/search.js';
import { annotationUiSchema, qdaModeSchema } from './sections/memos.js';
import { casesSchema, codebookModeSchema, codebookSchema } from './sections/codebook.js';
import { activeLearningSchema } from './sections/active-learning.js';
import { maceSchema } from './sections/mace.js';
import { annotationTelemetrySchema, keystrokeLoggingSchema } from './sections/process-logging.js';
import { annotatorDashboardSchema } from './sections/annotator-dashboard.js';
import { reviewWorkflowSchema } from './sections/review.js';
import { authenticationSchema } from './sections/authentication.js';
import { pocketSchema } from './sections/pocket.js';
import { truthSerumSchema } from './sections/truth-serum.js';
import { eventTemplateSchema } from './sections/event-template.js';
import { thinkAloudSchema } from './sections/think-aloud.js';
import { iclLabelingSchema } from './sections/icl-labeling.js';
import { judgeAlignmentSchema } from './sections/judge-alignment.js';
import { judgeCalibrationSchema } from './sections/judge-calibration.js';
import { traceIngestionSchema } from './sections/trace-ingestion.js';
import { automationSchema } from './sections/automation.js';
import { boundaryProbingSchema } from './sections/boundary-probing.js';
import { triageSchema } from './sections/triage.js';
import { psychometricsSchema } from './sections/psychometrics.js';
import { diversityOrderingSchema, embeddingVisualizationSchema } from './sections/diversity.js';
import { roomsSchema } from './sections/rooms.js';
import { sessionsSchema } from './sections/sessions.js';
import { chatSupportSchema } from './sections/chat.js';
import { agentProxySchema } from './sections/agent-proxy.js';
import { webAgentSchema } from './sections/web-agent.js';
import { datasetsSchema, publishSchema } from './sections/datasets.js';
import { metadataSchema } from '../domain/publish/settings.js';
import { uiLanguageSchema } from './sections/ui-language.js';
import { looseBoolean } from './loose-values.js';

const numberish = z.lazy(() =>
  z.union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ]),
);

const labelSchema = z.lazy(() =>
  z.union([
    z.union([z.string(), z.number()]).transform((name) => ({ name: String(name) })),
    z.looseObject({
      name: z.union([z.string(), z.number()]).transform(String),
      tooltip: z.string().optional(),
      key_value: z.union([z.string(), z.number()]).transform(String).optional(),
      color: z.string().optional(),
    }),
  ]),
);

/**
 * The keys every scheme has. A type's own keys (likert's `size`, number's `min`, ...) are parsed by its module in
 * server/domain/schemes/types/, once the type is known.
 */
export const schemeSchema = z.lazy(() =>
  z.looseObject({
    annotation_type: z.string().min(1),
    name: z.string().min(1),
    description: z.string().optional(),
    labels: z.array(labelSchema).optional(),
    sequential_key_binding: looseBoolean.optional(),
  }),
);
export type RawScheme = z.infer<typeof schemeSchema>;

const colorMap = z.lazy(() => z.record(z.string(), z.record(z.string(), z.string())));

const userEntry = z.lazy(() =>
  z.union([
    z.string().transform((username) => ({ username, password: undefined as string | undefined })),
    z.object({ username: z.string(), password: z.string().optional() }),
    z
      .object({ email: z.string(), password: z.string().optional() })
      .transform((u) => ({ username: u.email, password: u.password })),
  ]),
);

/** A data file whose text is not UTF-8: Potato's `{path, encoding}` entry (potato-idioms.ts keeps only these). */
const encodedFile = z.object({ path: z.string().min(1), encoding: z.string().min(1) });

export const configSchema = z.looseObject({
  annotation_task_name: z.string().min(1),
  task_dir: z.string().optional(),
  output_annotation_dir: z.string().optional(),
  data_files: z
    .union([z.string(), z.array(z.union([z.string(), encodedFile]))])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    // empty only when data_sources names databases, whose rows come in at start (load.ts checks)
    .pipe(z.array(z.union([z.string(), encodedFile]))),
  item_properties: z
    .looseObject({
      id_key: z.string().default('id'),
      text_key: z.string().default('text'),
    })
    .default({ id_key: 'id', text_key: 'text' }),
  annotation_schemes: z.array(schemeSchema).min(1),
  ui: z
    .looseObject({
      label_colors: colorMap.optional(),
      spans: z.looseObject({ span_colors: colorMap.optional() }).optional(),
    })
    .optional(),
  keyword_highlights_file: z.string().optional(),
  bws_config: bwsConfigSchema.optional(),
  ibws_config: ibwsConfigSchema.optional(),
  user_config: z
    .looseObject({
      allow_all_users: looseBoolean.default(true),
      users: z.array(userEntry).default([]),
      min_password_length: numberish.pipe(z.number().int().min(1).max(1024)).optional(),
    })
    .optional(),
  authentication: authenticationSchema.optional(),
  ui_language: uiLanguageSchema.optional(),
  require_password: looseBoolean.optional(),
  /** annotators may skip an instance; a skip is recorded apart from answers */
  allow_skip: looseBoolean.default(false),
  skip_reason_required: looseBoolean.default(false),
  num_annotators_per_item: numberish.pipe(z.number().int().min(1)).optional(),
  max_annotations_per_item: numberish.pipe(z.number().int()).optional(),
  max_annotations_per_user: numberish.pipe(z.number().int()).optional(),
  assignment_strategy: z
    .union([
      z.enum(ASSIGNMENT_STRATEGIES as [string, ...string[]]),
      z.looseObject({ name: z.enum(ASSIGNMENT_STRATEGIES as [string, ...string[]]) }).transform((o) => o.name),
    ])
    .optional(),
  attention_checks: attentionChecksSchema.optional(),
  gold_standards: goldStandardsSchema.optional(),
  phases: phasesSchema.optional(),
  /** Potato's: an annotator may go back to the phase before theirs (its Back button across phases) */
  allow_phase_back_navigation: looseBoolean.default(false),
  /** Potato's: the answers given on phase pages (consent, surveys) are exported (GET /admin/api/export?view=phases) */
  export_include_phase_data: looseBoolean.default(false),
  /** with the above: answers to questions their conditions hide are left out (false: kept, marked hidden) */
  exclude_hidden_survey_answers: looseBoolean.default(true),
  ai_support: aiSupportSchema.optional(),
  webhooks: webhooksSchema.optional(),
  adjudication: adjudicationSchema.optional(),
  search: searchSchema.optional(),
  annotation_ui: annotationUiSchema.optional(),
  qda_mode: qdaModeSchema.optional(),
  codebook_mode: codebookModeSchema.optional(),
  codebook: codebookSchema.optional(),
  codebook_invivo_key: z.string().optional(),
  cases: casesSchema.optional(),
  annotator_dashboard: annotatorDashboardSchema.optional(),
  review_workflow: reviewWorkflowSchema.optional(),
  pocket: pocketSchema.optional(),
  truth_serum: truthSerumSchema.optional(),
  event_template: eventTemplateSchema.optional(),
  thinkaloud: thinkAloudSchema.optional(),
  icl_labeling: iclLabelingSchema.optional(),
  judge_alignment: judgeAlignmentSchema.optional(),
  judge_calibration: judgeCalibrationSchema.optional(),
  trace_ingestion: traceIngestionSchema.optional(),
  automation: automationSchema.optional(),
  boundary_probing: boundaryProbingSchema.optional(),
  triage: triageSchema.optional(),
  batch_assignment: batchAssignmentSchema.optional(),
  psychometrics: psychometricsSchema.optional(),
  diversity_ordering: diversityOrderingSchema.optional(),
  embedding_visualization: embeddingVisualizationSchema.optional(),
  rooms: roomsSchema.optional(),
  sessions: sessionsSchema.optional(),
  chat_support: chatSupportSchema.optional(),
  agent_proxy: agentProxySchema.optional(),
  web_agent: webAgentSchema.optional(),
  live_agent: z.unknown().optional(),
  datasets: datasetsSchema.optional(),
  dataset_metadata: metadataSchema.optional(),
  publish: publishSchema.optional(),
  active_learning: activeLearningSchema.optional(),
  mace: maceSchema.optional(),
  keystroke_logging: keystrokeLoggingSchema.optional(),
  annotation_telemetry: annotationTelemetrySchema.optional(),
  admin_api_key: z.string().min(1).optional(),
  admin_users: z.array(z.string()).default([]),
  debug: looseBoolean.default(false),
  session_lifetime_days: numberish.pipe(z.number().positive().max(365)).default(7),
  /** Potato's: false ends every session when the server starts (its sessions never outlive a restart) */
  persist_sessions: looseBoolean.nullish(),
  allowed_hosts: z.array(z.string()).default([]),
  /** Potato's: the port `npm start` listens on when --port is not given, and the desktop app's LAN port */
  port: numberish.pipe(z.number().int().min(0).max(65535)).optional(),
  /** where the project's data lives: a PostgreSQL URL (and schema) instead of the data folder's journal */
  storage: z.looseObject({ url: z.string().min(1).optional(), schema: z.string().min(1).optional() }).optional(),
  ...crowdShape,
});
export type RawConfig = z.infer<typeof configSchema>;
