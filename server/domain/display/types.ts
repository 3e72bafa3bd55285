/**
 * What the annotator sees of an instance, built on the server from the task's display settings and the item.
 * The renderer draws these blocks as they are; the span surface is where it mounts the annotatable text field,
 * so span offsets stay offsets into that field.
 */
import type { EvalPlace } from './eval-panes.js';
import type { RunRow } from './run-tree.js';

/** How an item is shown, read once from the config (html_layout, instance_display, or neither). */
export type DisplaySpec =
  | { kind: 'layout'; template: string; textKey: string; idKey: string; listAsText?: ListAsText }
  | {
      kind: 'fields';
      fields: DisplayField[];
      direction: 'vertical' | 'horizontal';
      textKey: string;
      idKey: string;
      surfaceFirst: boolean;
      listAsText?: ListAsText;
    }
  | {
      kind: 'auto';
      textKey: string;
      idKey: string;
      listAsText?: ListAsText;
      /** item fields a scheme shows as its choices, left out of the view */
      left?: string[];
    };

export type FieldType =
  'text' | 'html' | 'dialogue' | 'list' | 'pairwise' | 'code' | 'image' | 'audio' | 'video' | 'pdf';

export interface DisplayField {
  key: string;
  type: FieldType;
  label?: string;
  /** pairwise captions */
  labels?: string[];
  language?: string;
  /** dialogue: the keys of a turn holding its speaker and its text (Potato's display_options speaker_key, text_key) */
  turnKeys?: { speaker?: string; text?: string };
  /** Potato's `span_target: true`: spans may mark this field (a text or code field is drawn as a span surface) */
  spanTarget?: true;
  /** Potato's interactive_chat with an agent configured: the annotator's chat with it until the item holds one */
  interactive?: true;
  /** Potato's audio_dialogue: where its audio and turns are in the value, and how the player shows them */
  audioDialogue?: AudioDialogueOptions;
  /** Potato's agent_trace: drawn as step cards with these options (and the item's run tree) */
  agentTrace?: AgentTraceOptions;
  /** Potato's `annotation_mode: bounding_box` on a document or pdf field: boxes are drawn over it */
  boxes?: BoxOptions;
  /** Potato's document field: it may hold content extracted from a file ({text, rendered_html, metadata}) */
  document?: true;
  /** a pdf field: how its pages are shown */
  pdf?: PdfOptions;
}

/** A pdf field's viewer (Potato's `view_mode`, `show_page_controls`, `initial_page`, `max_height` in pixels). */
export interface PdfOptions {
  view_mode: 'scroll' | 'paginated';
  show_page_controls: boolean;
  initial_page: number;
  max_height?: number;
}

/** How boxes are drawn over a document (Potato's `bbox_min_size` in pixels, `show_bbox_labels`). */
export interface BoxOptions {
  min_size: number;
  show_labels: boolean;
  /**
   * Without a span scheme: boxes are spans of the field itself (their scheme is the field's key), labelled with one
   * of these (the radio schemes' labels, as Potato labels a box with the radio choice checked); empty: unlabelled.
   */
  field_labels?: string[];
}

/** Potato's trace displays: agent_trace and its kin, drawn from the same step cards. */
export type TraceKind = 'agent' | 'coding' | 'eval' | 'cot' | 'web_agent';

/** An agent_trace field's display options (Potato's `display_options`), read at load; kin options where set. */
export interface AgentTraceOptions {
  kind: TraceKind;
  show_step_numbers: boolean;
  show_summary: boolean;
  collapse_observations: boolean;
  show_timestamps: boolean;
  show_screenshots: boolean;
  compact: boolean;
  show_run_tree: boolean;
  /** a step type's card colour, checked to be a plain CSS colour at load */
  step_type_colors: Record<string, string>;
  /** coding and eval traces: outputs longer than `max_output_lines` fold away (`collapse_long_outputs`) */
  collapse_long_outputs?: boolean;
  max_output_lines?: number;
  /** coding trace: the agent's words between tool calls, and the list of files it touched */
  show_reasoning?: boolean;
  show_file_tree?: boolean;
  /** eval trace: the three panes' headers, and whether a step's card lights its cycle's cards in the other panes */
  pane_labels?: [string, string, string];
  link_steps?: boolean;
  /** chain-of-thought trace: the step-type badges, the rail of step numbers, long steps clamped to `clamp_lines` */
  show_types?: boolean;
  show_rail?: boolean;
  collapse_long_steps?: boolean;
  clamp_lines?: number;
  /** web agent trace: which parts of a step are shown, and the screenshot's largest size in pixels */
  show_thought?: boolean;
  show_observation?: boolean;
  show_element_info?: boolean;
  screenshot_max_width?: number;
  screenshot_max_height?: number;
  /** web agent trace: the overlays drawn at first (the page's toggle flips them), the filmstrip and its size */
  show_overlays?: boolean;
  show_filmstrip?: boolean;
  filmstrip_size?: number;
}

/** What a step holds besides its text: a code change, a command and its output, a file's text, a labelled note. */
export type StepPart =
  | { kind: 'diff'; file?: string; removed: string; added: string }
  | { kind: 'terminal'; command: string; output?: string }
  | { kind: 'code'; file?: string; text: string }
  | { kind: 'note'; label: string; text: string };

/** What an agent_trace field's page needs beside its turns. */
export interface AgentTraceView {
  options: AgentTraceOptions;
  /** one per turn: its step type (given or read from the speaker), and what the options show of it */
  steps: {
    type: string;
    timestamp?: string;
    screenshot?: MediaSource;
    parts?: StepPart[];
    /** where a web agent acted on the screenshot, in percent of its width and height */
    pointer?: { x: number; y: number };
    /** the web agent's target element (top-left corner and size) and mouse path, in percent likewise */
    box?: { x: number; y: number; width: number; height: number };
    path?: { x: number; y: number }[];
  }[];
  /** coding trace: the files its tool calls touched, in order (`show_file_tree`) */
  files?: string[];
  /** eval trace: the step shown as the final answer (a "Final Answer"-like speaker or tool, else the last action) */
  answer?: number;
  /** eval trace: one per step, the pane it is drawn in, the call whose card holds it and its cycle (`link_steps`) */
  panes?: EvalPlace[];
  /** the item's run tree, when it has one and `show_run_tree` is on: each run after its parent */
  run_tree?: RunRow[];
}

/** An audio dialogue's display options (Potato's `display_options`), read at load. */
export interface AudioDialogueOptions {
  /** the sub-key holding the audio's URL or path (`audio_key`) */
  audioKey: string;
  /** the sub-key holding the turns (`turns_key`; `segments` is read when it is absent) */
  turnsKey: string;
  /** each turn's start and end shown (`show_timestamps`) */
  timestamps: boolean;
  /** the transcript pane's height, a CSS length (`scroll_height`) */
  scrollHeight: string;
  /** the speed selector's choices (`playback_rates`) */
  playbackRates: number[];
  /** whether a string transcript is a sidecar file's path (`transcript_is_path`; auto: by Potato's heuristic) */
  transcriptIsPath: 'auto' | boolean;
}

export interface ListAsText {
  /** how list items are numbered: 'alphabet' (A. B. …), 'number' (1. 2. …) or none */
  prefix: 'alphabet' | 'number' | 'none';
  horizontal: boolean;
}

export interface Turn {
  speaker?: string;
  text: string;
  /** the turn's own `turn_id` or `step_id`, when it has one (else a turn-level question calls it t<position>) */
  id?: string;
  /** what a turn-level question's binding may filter on, when the turn says */
  agent?: string;
  step_type?: string;
  tool?: string;
  /** where the turn is in the dialogue's audio, in seconds */
  start?: number;
  end?: number;
  /** the agent run that produced the turn (`run_id`, a run tree's node) */
  run?: string;
}

export type MediaSource = { src: string; remote: boolean } | { refused: string };

export type DisplayBlock =
  /** the text field, where spans are marked; the renderer draws the instance's `text` here */
  /** where a span surface goes: the text field's, or (with `text`) another span target field's */
  /** with `code`, a code field's surface: drawn as code (monospace, its whitespace kept), as Potato draws it */
  | { type: 'surface'; key: string; label?: string; text?: string; code?: { language?: string } }
  | { type: 'text'; key: string; label?: string; text: string }
  /** a field the display names that the item leaves out or leaves empty: said in so many words, not an empty box */
  | { type: 'absent'; key: string; label?: string }
  /** HTML already sanitized on the server; may hold one `<span data-span-surface>` where the surface goes */
  /** with `boxes`, the annotator draws labelled boxes over it, saved as spans with `bounding_box` format_coords */
  /**
   * `meta`: a line about the document shown above it (an extracted PDF's page count); `footer`: one shown below it
   * (an extracted document's format and counts)
   */
  | { type: 'html'; key?: string; label?: string; html: string; boxes?: BoxOptions; meta?: string; footer?: string }
  | { type: 'list'; key: string; label?: string; items: string[]; prefix: ListAsText['prefix']; horizontal: boolean }
  | {
      type: 'dialogue';
      key: string;
      label?: string;
      turns: Turn[];
      /** a span_target field: spans mark its turns, at offsets into their texts joined by newlines */
      span_target?: true;
      /** an audio dialogue's recording and its player's settings */
      audio?: { source: MediaSource; timestamps: boolean; scroll_height: string; playback_rates: number[] };
      /** an agent_trace field: its steps' types, its options and the item's run tree */
      trace?: AgentTraceView;
    }
  /** where the annotator talks with the project's agent (`/agent_chat/…`), then judges the finished conversation */
  | { type: 'agent_chat'; key: string; label?: string }
  | { type: 'pairwise'; key: string; label?: string; items: { label: string; text: string }[] }
  | { type: 'code'; key: string; label?: string; text: string; language?: string }
  | ({ type: 'image' | 'audio' | 'video'; key: string; label?: string } & MediaSource)
  /** a PDF from the task folder, its pages drawn on the page; with `boxes`, boxes are drawn over each page */
  | ({ type: 'pdf'; key: string; label?: string; pdf: PdfOptions; boxes?: BoxOptions } & MediaSource);

export interface Display {
  source: 'html_layout' | 'instance_display' | 'fields';
  direction: 'vertical' | 'horizontal';
  blocks: DisplayBlock[];
}
