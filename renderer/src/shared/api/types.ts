/**
 * Names for the HTTP API's answers, taken from the types `npm run gen:api` writes from the server's OpenAPI
 * document (openapi.d.ts), so the UI's side of the contract is never written by hand.
 */
import type { components, paths } from './openapi.js';

type Success<R> = R extends { 200: { content: { 'application/json': infer T } } }
  ? T
  : R extends { 202: { content: { 'application/json': infer T } } }
    ? T
    : never;
/** The JSON a route answers with on success. */
type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put'> = paths[P][M] extends { responses: infer R }
  ? Success<R>
  : never;

/** Who is logged in (GET /api/session; null when no one is). */
export type SessionAnswer = Answer<'/api/session', 'get'>;
export type Me = NonNullable<SessionAnswer['user']>;
export type CurrentInstance = Answer<'/api/current_instance', 'get'>;
export type Progress = CurrentInstance['progress'];
/** The task's instructions banner (sanitized HTML) and codebook link (GET /api/instructions). */
export type Instructions = Answer<'/api/instructions', 'get'>;
export type Display = Answer<'/api/display/{instance_id}', 'get'>;
/** One part of an item's display, as the server builds it. */
export type DisplayBlock = Display['blocks'][number];

/** What the annotate page records of how answers are written (GET /api/process_logging). */
export type ProcessLogging = Answer<'/api/process_logging', 'get'>;

export type Schemes = Answer<'/api/schemas', 'get'>;
export type Scheme = Schemes[string];
export type Colors = Answer<'/api/colors', 'get'>;
export type Keyword = Answer<'/api/keyword_highlights/{instance_id}', 'get'>['keywords'][number];

/** The caller's answers to an instance as stored (each step's view carries them; GET /get_annotations adds more). */
export type StoredAnnotations = Answer<'/api/annotate/step', 'get'>['current']['stored'];
type StoredSpan = StoredAnnotations['span_annotations'][number];
/** A span as the UI sends it; the server's answers add its text. */
export type SpanAnnotation = Omit<StoredSpan, 'text'> & { text?: string };
/** A link between spans (span_link) or a chain of mentions (coreference); span_ids name spans of the instance. */
export type LinkAnnotation = NonNullable<StoredAnnotations['link_annotations']>[number];
/** An event: a trigger span and argument spans by role. */
export type EventAnnotation = NonNullable<StoredAnnotations['event_annotations']>[number];

/**
 * The quality-control part of a submission's answer. The server's quality hook fills the answer's `qc_result`,
 * which its route documents only as an object; these are the two shapes that hook gives.
 */
export type QcResult =
  | { type: 'gold_standard'; correct: boolean; gold_label: Record<string, string> }
  | { type: 'attention_check'; passed: boolean; warning: boolean; blocked: boolean };

export type Phase = Answer<'/api/phase', 'get'>;
export type PhaseQuestion = Phase['questions'][number];
export type PhaseResult = Answer<'/api/phase/complete', 'post'>;

export type AiSuggestion = Answer<'/get_ai_suggestion', 'get'>;
export type AiSchemeSuggestion = AiSuggestion['suggestions'][string];

export type Health = Answer<'/admin/health', 'get'>;
export type Overview = Answer<'/admin/api/overview', 'get'>;
export type AnnotatorRow = Answer<'/admin/api/annotators', 'get'>['annotators'][number];
export type InstancePage = Answer<'/admin/api/instances', 'get'>;
type InstanceRow = InstancePage['instances'][number];
export type InstanceStatus = InstanceRow['status'];
export type QualityReport = Answer<'/admin/api/quality_control', 'get'>;
export type Agreement = Answer<'/admin/api/agreement', 'get'>;
export type MaceOverview = Answer<'/admin/api/mace/overview', 'get'>;
export type WebhookEntry = Answer<'/admin/api/webhooks', 'get'>['endpoints'][number];
export type Timeline = Answer<'/admin/api/timeline', 'get'>;
export type SearchResult = Answer<'/admin/api/search', 'get'>;
export type SearchHit = SearchResult['results'][number];
export type ImportJob = Answer<'/admin/api/import/{import_id}', 'get'>;
/** An export format as the server's registry lists it, with whether this project can fill it. */
export type ExportFormat = Answer<'/admin/api/export/formats', 'get'>['formats'][number];

/** Pre-annotations from a named source (labels in the portable answer shape). */
export type Prediction = Answer<'/api/predictions/{instance_id}', 'get'>['predictions'][number];
/** How workers sign in, the page options, and the completion at the end of the list. */
export type Study = Answer<'/api/study', 'get'>;
/** The login screen's single sign-on buttons, whether the password form stays, and the last sign-in's failure. */
export type SignInOptions = Answer<'/api/auth/providers', 'get'>;

/** GET/POST /api/annotate/step: the save's result, the instance moved to and the one after it. */
export type StepAnswer = Answer<'/api/annotate/step', 'get'>;
/** One instance as a step hands it out: all the annotate screen shows of it. */
export type InstanceView = StepAnswer['current'];

/** An annotator's note and flags on an item (GET/POST /api/item_note, GET /admin/api/item_notes) */
export type ItemNote = Answer<'/api/item_note', 'get'>['note'];
export type ItemFlag = ItemNote['flags'][number];
export type MemoList = Answer<'/api/memos', 'get'>;
export type Memo = MemoList['memos'][number];
export type MyPrediction = Answer<'/truth_serum/api/mine', 'get'>;
export type ThinkAloudChunk = Answer<'/thinkaloud/api/text', 'post'>;
export type ThinkAloudState = Answer<'/thinkaloud/api/state', 'get'>;
export type ProbeSet = Answer<'/boundary/api/probe', 'post'>;
export type CodebookView = Answer<'/api/codebook', 'get'>;
export type CodebookDocument = Answer<'/api/codebook/document', 'get'>;
export type CodebookCode = CodebookView['codes'][number];
export type CodebookBlock = CodebookDocument['codes'][number]['blocks'][number];
/** a prose save: saved, queued as a proposal, or (with 409) stale */
export type CodebookSave = Answer<'/api/codebook/blocks', 'put'>;
export type CodebookHistory = Answer<'/api/codebook/history', 'get'>['history'];
export type CodebookSnapshot = Answer<'/api/codebook/history/{id}', 'get'>;
export type CodebookProposal = Answer<'/api/codebook/admin/proposals', 'get'>['proposals'][number];
export type ProgressSummary = Answer<'/progress/api/summary', 'get'>;
export type ReviewBoard = Answer<'/admin/api/review/board', 'get'>;
export type ReviewItem = ReviewBoard['board']['pending'][number];
export const ITEM_FLAGS = ['unsure', 'broken', 'discuss'] as const satisfies readonly ItemFlag[];
export const FLAG_NAMES: Record<ItemFlag, string> = {
  unsure: 'Unsure',
  broken: 'Broken item',
  discuss: 'Needs discussion',
};

export type AdjudicationConfig = Answer<'/adjudicate/api/config', 'get'>;
export type AdjudicationItemView = Answer<'/adjudicate/api/item/{instance_id}', 'get'>;
/** An item of the queue: every annotator's answers side by side, with its agreement */
export type AdjudicationItem = AdjudicationItemView['item'];
/** A span as the adjudication endpoints give it */
export type AdjudicationSpan = AdjudicationItem['span_annotations'][string][number];

/** GET /admin/api/time */
export type TimeReport = Answer<'/admin/api/time', 'get'>;

/** The embedding map (Potato's admin embedding visualization): its stats, and its points with their clusters. */
export type EmbeddingStats = Answer<'/admin/api/embedding_viz/stats', 'get'>;
export type EmbeddingMap = Answer<'/admin/api/embedding_viz/data', 'get'>;
export type EmbeddingPoint = EmbeddingMap['points'][number];
export type EmbeddingReorder = Answer<'/admin/api/embedding_viz/reorder', 'post'>;
export type EmbeddingRefresh = Answer<'/admin/api/embedding_viz/refresh', 'post'>;

/** The mobile card stack's task and its batches of items left (Potato's Pocket Mode). */
export type PocketTask = Answer<'/pocket/api/task', 'get'>;
export type PocketBatch = Answer<'/pocket/api/batch', 'get'>;

/** Rooms (Potato's multiplayer rooms): the lobby's list, one room's state and its events after a cursor. */
export type RoomList = Answer<'/rooms/api/list', 'get'>;
export type RoomState = Answer<'/rooms/api/{room_id}/state', 'get'>;
export type RoomEvents = Answer<'/rooms/api/{room_id}/events', 'get'>;

/** Session-level scoring: the queue of sessions, one session with its items, and what a saved answer gives back. */
export type SessionQueue = Answer<'/api/sessions', 'get'>;
export type SessionDetail = Answer<'/api/sessions/{case_id}', 'get'>;
export type SessionScheme = SessionDetail['schemes'][number];
export type SessionValue = SessionDetail['my_annotations'][string];

/** The cross-document event registry's template (503 when the project has none) and its events. */
export type EventTemplate = Answer<'/corpus/api/event_template', 'get'>;
export type RegistryEvent = Answer<'/corpus/api/events', 'get'>['events'][number];

/** Chat support (Potato's "Ask AI" sidebar): its settings, one item's conversation, and a reply. */
export type ChatConfig = Answer<'/api/chat/config', 'get'>;
export type ChatMessage = Answer<'/api/chat/history', 'get'>['messages'][number];
export type ChatReply = Answer<'/api/chat/send', 'post'>;
export type StepPrelabel = Answer<'/api/prm/prelabel', 'get'>;
/** A process_reward answer as stored: each marked step's reward and what the AI suggested for it. */
export type ProcessRewardAnswer = components['schemas']['Answer.process_reward'];

/** Potato's automation rules as configured, with their counters (GET /admin/automation/status). */
export type AutomationStatus = Answer<'/admin/automation/status', 'get'>;
export type AutomationRule = AutomationStatus['rules'][number];
/** What one action did to one item (GET /admin/automation/outcomes). */
export type AutomationOutcome = Answer<'/admin/automation/outcomes', 'get'>['outcomes'][number];
