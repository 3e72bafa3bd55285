/** Response shapes of the HTTP API as docs/api.md and the OpenAPI document define them (the UI's side of the contract). */
import type { DisplayLogic } from '../display-logic/display-logic.js';

export interface Me {
  username: string;
  is_admin: boolean;
  /** adjudication is on and this user may adjudicate */
  is_adjudicator?: boolean;
  task_name: string;
}

export interface CurrentInstance {
  instance_id: string;
  current_index: number;
  total_instances: number;
  text: string;
  data: Record<string, unknown>;
  annotated: boolean;
  /** instances of the caller's list already annotated, when the server reports it */
  annotated_count?: number;
  /** done and left against the caller's quota or what they can still get; batches do not show in it */
  progress?: Progress;
  /** what to show of the item; absent from servers that only send the text */
  display?: Display;
  /** skipping (allow_skip), kept apart from answers */
  skip?: { allowed: boolean; reason_required: boolean; skipped: boolean; reason: string | null; skipped_count: number };
  /** required schemes still unanswered on this instance, as stored */
  required?: string[];
}

export interface Progress {
  /** task instances annotated */
  done: number;
  /** task instances expected: the quota, or every instance the annotator holds or can still be handed */
  expected: number;
  left: number;
  quota: number | null;
  /** positions the list will have once every expected instance is in it (quality checks included) */
  positions: number;
}

/** The task's instructions banner (sanitized HTML) and codebook link (GET /api/instructions). */
export interface Instructions {
  html: string | null;
  codebook_url: string | null;
  /** the study's instructions phases (sanitized HTML), readable again while annotating */
  guidelines?: { title: string; html: string }[];
}

/** One part of an item's display, as the server builds it (GET /api/display/{instance_id}). */
export type DisplayBlock = { key?: string; label?: string } & (
  | { type: 'surface' }
  | { type: 'text'; text: string }
  | { type: 'html'; html: string }
  | { type: 'list'; items: string[]; prefix: 'alphabet' | 'number' | 'none'; horizontal: boolean }
  | { type: 'dialogue'; turns: { speaker?: string; text: string }[] }
  | { type: 'pairwise'; items: { label: string; text: string }[] }
  | { type: 'code'; text: string; language?: string }
  | { type: 'image' | 'audio' | 'video'; src?: string; remote?: boolean; refused?: string }
);

export interface Display {
  source: 'html_layout' | 'instance_display' | 'fields';
  direction: 'vertical' | 'horizontal';
  blocks: DisplayBlock[];
}

/** A registered scheme type's name (features/annotate/schemes/registry.ts lists the ones this renderer draws). */
export type SchemeType = string;

export interface Label {
  name: string;
  tooltip?: string;
  key_value?: string;
  color?: string;
}

export interface Scheme {
  name: string;
  annotation_type: SchemeType;
  description: string;
  labels: Label[];
  min?: number;
  max?: number;
  step?: number;
  starting_value?: number;
  min_label?: string;
  max_label?: string;
  size?: number;
  sequential_key_binding?: boolean;
  /** the title shown instead of the name */
  displayed_name?: string;
  /** true: labels in one row; false: one under another; unset: as they fit */
  horizontal?: boolean;
  /** true: an answer is needed before moving on; a list: these labels must be chosen */
  required?: true | string[];
  /** shown only while the other answers satisfy it; hidden, it is not asked and its answer is not kept */
  display_logic?: DisplayLogic;
  /** the scheme's further keys (a link scheme's span_schema and link_types, ...) */
  [key: string]: unknown;
}

export type Schemas = Record<string, Scheme>;
export type Colors = Record<string, Record<string, string>>;

export interface Keyword {
  schema: string;
  label: string;
  start: number;
  end: number;
  text: string;
  color: string;
}

export interface SpanAnnotation {
  id?: string;
  schema: string;
  name: string;
  start: number;
  end: number;
  value?: string;
  text?: string;
}

/** A link between spans (span_link) or a chain of mentions (coreference); span_ids name spans of the instance. */
export interface LinkAnnotation {
  id?: string;
  schema: string;
  link_type: string;
  span_ids: string[];
  direction?: 'directed' | 'undirected';
  properties?: Record<string, unknown>;
}

/** An event: a trigger span and argument spans by role. */
export interface EventAnnotation {
  id?: string;
  schema: string;
  event_type: string;
  trigger_span_id: string;
  arguments?: { role: string; span_id: string }[];
  properties?: Record<string, unknown>;
}

export interface StoredAnnotations {
  instance_id: string;
  annotations: Record<string, string>;
  span_annotations: SpanAnnotation[];
  /** present on projects with link or event schemes */
  link_annotations?: LinkAnnotation[];
  event_annotations?: EventAnnotation[];
  updated_at: string | null;
}

export type QcResult =
  | { type: 'gold_standard'; correct: boolean; gold_label: Record<string, string> }
  | { type: 'attention_check'; passed: boolean; warning: boolean; blocked: boolean };

export interface SubmitResult {
  status: string;
  processing_time_ms?: number;
  qc_result?: QcResult;
}

export interface PhaseQuestion {
  id: string;
  text: string;
  type: 'radio' | 'multiselect' | 'text' | 'number';
  options?: string[];
  required?: boolean;
  /** asked only while this page's answers (or `earlier_answers`) satisfy it */
  display_logic?: DisplayLogic;
}

export interface Phase {
  phase: string;
  type: 'consent' | 'instructions' | 'training' | 'prestudy' | 'annotation' | 'poststudy' | 'done';
  title: string;
  content: string;
  /** the content's Markdown rendered and sanitized by the server */
  content_html?: string;
  questions: PhaseQuestion[];
  /** answers given on earlier pages that this page's conditions read */
  earlier_answers?: Record<string, string | string[]>;
  next_phase: string | null;
  index: number;
  total: number;
  remaining?: number;
  attempts?: number;
  max_attempts?: number | null;
  failed?: boolean;
}

export interface PhaseResult {
  status: string;
  passed?: boolean;
  correct?: number;
  total?: number;
  feedback?: { id: string; correct: boolean; explanation?: string }[];
  attempts_left?: number | null;
  next_phase?: string;
}

export interface AiSchemaSuggestion {
  /** null: no suggestion yet, and `rationale` says why */
  label: string | null;
  /** multiselect: every suggested label */
  labels?: string[];
  confidence?: number | null;
  rationale?: string;
  /** span schemas: suggested spans */
  spans?: { label: string; start: number; end: number; text: string }[];
}

export interface AiSuggestion {
  instance_id: string;
  provider: string;
  suggestions: Record<string, AiSchemaSuggestion>;
}

export interface Overview {
  total_items: number;
  total_annotations: number;
  total_users: number;
  completion_rate: number;
  completed_items?: number;
  per_annotator?: Record<string, number>;
}

export interface AnnotatorRow {
  username: string;
  assigned: number;
  annotated: number;
  completion_rate: number;
  last_activity: string | null;
  attention_checks?: { passed: number; failed: number };
  gold_accuracy?: number | null;
  blocked?: boolean;
}

export type InstanceStatus = 'completed' | 'in_progress' | 'unannotated';

export interface InstanceRow {
  instance_id: string;
  text_preview: string;
  annotation_count: number;
  required_count: number;
  status: InstanceStatus;
  annotators: string[];
}

export interface InstancePage {
  total: number;
  instances: InstanceRow[];
}

export interface QualityReport {
  attention_checks: {
    enabled: boolean;
    passed: number;
    failed: number;
    by_annotator: Record<string, { passed: number; failed: number; warning?: boolean; blocked?: boolean }>;
  };
  gold_standards: {
    enabled: boolean;
    answered: number;
    correct: number;
    accuracy: number | null;
    by_annotator: Record<string, { answered: number; correct: number; accuracy: number | null }>;
    by_instance: Record<string, { answered: number; correct: number; accuracy: number | null }>;
  };
}

export interface Agreement {
  overall: { average_krippendorff_alpha: number | null; schemas_evaluated?: number };
  by_schema: Record<
    string,
    {
      krippendorff_alpha: number | null;
      level?: string;
      items_evaluated?: number;
      annotators?: number;
      interpretation?: string;
      reason?: string;
      fleiss_kappa?: number | null;
      cohen_kappa?: number | null;
    }
  >;
}

export interface WebhookEntry {
  name: string;
  url: string;
  events: string[];
  active: boolean;
  stats: {
    total_emitted: number;
    total_failed: number;
    pending_retries: number;
    last_success: string | null;
    total_delivered?: number;
    last_failure?: string | null;
    last_error?: string | null;
  };
}

/** GET /admin/api/timeline: cumulative counts per hour (or day) from the stored timestamps */
export interface Timeline {
  bucket: 'minute' | 'hour' | 'day';
  points: { time: string; annotations: number; completed_items: number }[];
}

/** GET /api/predictions/:id — pre-annotations from a named source (labels in the portable answer shape) */
export interface Prediction {
  source: string;
  /** schema → a label, a list of labels (multiselect), or the value of a value scheme */
  labels: Record<string, string | string[] | Record<string, string>>;
  spans: { schema: string; label: string; start: number; end: number; text: string }[];
  created_at: string;
}

/** GET /api/study: how workers sign in, the page options, and the completion at the end of the list. */
export interface Study {
  login: 'url_direct' | 'password';
  url_argument: string | null;
  platform: string | null;
  task_description: string | null;
  hide_navbar: boolean;
  jumping_to_id_disabled: boolean;
  finished: boolean;
  completion: {
    completion_code: string | null;
    message: string | null;
    platform: string;
    redirect_url: string | null;
    auto_redirect: boolean;
    redirect_delay_ms: number;
  } | null;
}

/** One instance as GET/POST /api/annotate/step hands it out: all the annotate screen shows of it. */
export interface InstanceView extends CurrentInstance {
  stored: StoredAnnotations;
  keywords: Keyword[];
  predictions: Prediction[];
  /** the caller's note and flags on it */
  note?: ItemNote;
}

/** GET/POST /api/annotate/step: the save's result, the instance moved to and the one after it. */
export interface StepAnswer {
  result: SubmitResult | null;
  current: InstanceView;
  next: InstanceView | null;
  /** the instance the caller's latest saving step saved, which POST /api/annotate/undo takes back */
  undo?: string | null;
}

export const ITEM_FLAGS = ['unsure', 'broken', 'discuss'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const FLAG_NAMES: Record<ItemFlag, string> = {
  unsure: 'Unsure',
  broken: 'Broken item',
  discuss: 'Needs discussion',
};

/** An annotator's note and flags on an item (GET/POST /api/item_note, GET /admin/api/item_notes) */
export interface ItemNote {
  instance_id: string;
  annotator: string;
  note: string;
  flags: ItemFlag[];
  updated_at: string | null;
}

/** A span as the adjudication endpoints give it */
export interface AdjudicationSpan {
  id: string;
  schema: string;
  name: string;
  start: number;
  end: number;
  value: string;
}

/** An item of GET /adjudicate/api/queue: every annotator's answers side by side, with its agreement */
export interface AdjudicationItem {
  instance_id: string;
  /** annotator → scheme → label → value, as stored */
  annotations: Record<string, Record<string, Record<string, string>>>;
  /** annotator → scheme → the answer as exports show it */
  answers: Record<string, Record<string, unknown>>;
  span_annotations: Record<string, AdjudicationSpan[]>;
  agreement_scores: Record<string, number>;
  overall_agreement: number;
  num_annotators: number;
  annotators: string[];
  status: 'pending' | 'completed' | 'skipped';
}

export interface AdjudicationDecision {
  instance_id: string;
  adjudicator_id: string;
  timestamp: string;
  label_decisions: Record<string, Record<string, string>>;
  span_decisions: AdjudicationSpan[];
  source: Record<string, string>;
  confidence: 'high' | 'medium' | 'low';
  notes: string;
}

/** GET /adjudicate/api/item/{id} */
export interface AdjudicationItemView {
  item: AdjudicationItem;
  item_text: string;
  decision: AdjudicationDecision | null;
}

/** GET /adjudicate/api/config */
export interface AdjudicationConfig {
  show_annotator_names: boolean;
  show_agreement_scores: boolean;
  require_confidence: boolean;
  require_notes_on_override: boolean;
  error_taxonomy: string[];
  agreement_threshold: number;
  show_all_items: boolean;
}

/** GET /api/search and GET /admin/api/search */
export interface SearchHit {
  instance_id: string;
  snippet: string;
  matched_in: ('item' | 'answers')[];
  /** admin search only */
  annotators?: string[];
}
export interface SearchResult {
  query: string;
  results: SearchHit[];
  truncated: boolean;
}
