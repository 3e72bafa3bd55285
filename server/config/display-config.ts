/**
 * Reads how items are shown from a Potato config: `html_layout` (inline HTML or a file, or one of Potato's
 * built-in layout names), Potato 2's `instance_display`, and `list_as_text`. Wrong values stop start-up with
 * the key and the reason; what has no equivalent here is warned about with what happens instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { DisplayField, DisplaySpec, FieldType, ListAsText } from '../domain/display/types.js';
import { spanTextOf } from '../domain/display/build.js';
import type { ReadSidecar } from '../domain/transcripts/resolve.js';
import type { Instance } from '../domain/task.js';
import { readAgentTrace, traceKindOf, traceOptionNames } from './agent-trace-options.js';
import { PLAYER_OPTIONS, readAudioDialogue } from './audio-dialogue-options.js';
import { SPEAKER_ASSIGNMENT_OPTIONS } from './speaker-assignment.js';
import { PER_TURN_RATINGS_OPTION } from './per-turn-ratings.js';
import { PDF_OPTIONS, PdfOptionError, readPdfOptions } from './pdf-options.js';
import { BOX_OPTIONS, BoxOptionError, readBoxOptions, settleBoxFields } from './box-options.js';

export class DisplayConfigError extends Error {}

/** Top-level keys this module acts on. */
export const DISPLAY_KEYS = new Set([
  'html_layout',
  'instance_display',
  'list_as_text',
  'task_layout',
  'media_directory',
]);

/** Potato's own layouts: each shows the item's text above the schemes, as the automatic view does. */
const BUILT_IN_LAYOUTS = new Set(['default', 'fixed_keybinding', 'kwargs']);

/** Potato 2 display types and the nearest one drawn here. */
const TYPE_MAP: Record<string, FieldType> = {
  text: 'text',
  html: 'html',
  image: 'image',
  video: 'video',
  audio: 'audio',
  dialogue: 'dialogue',
  pairwise: 'pairwise',
  code: 'code',
  list: 'list',
  conversation: 'dialogue',
  audio_dialogue: 'dialogue',
  multi_agent_discussion: 'dialogue',
  interactive_chat: 'dialogue',
  conversation_tree: 'dialogue',
  document: 'html',
  gallery: 'list',
  spreadsheet: 'text',
  pdf: 'pdf',
  agent_trace: 'dialogue',
  coding_trace: 'dialogue',
  eval_trace: 'dialogue',
  cot_trace: 'dialogue',
  web_agent_trace: 'dialogue',
  depth_map: 'image',
  side_by_side: 'pairwise',
  comparison: 'pairwise',
};
/** The display options drawn here (a field's labels, code language, a dialogue's turn keys); others are warned. */
const ACTED_ON_OPTIONS = new Set(['labels', 'language', 'speaker_key', 'text_key']);
/** An audio dialogue's options: its player's (audio-dialogue-options.ts) and its speaker assignment's. */
const AUDIO_DIALOGUE_OPTIONS = new Set<string>([...PLAYER_OPTIONS, ...SPEAKER_ASSIGNMENT_OPTIONS]);
const EXACT = new Set([
  'text',
  'html',
  'image',
  'video',
  'audio',
  'dialogue',
  'pairwise',
  'code',
  'list',
  'conversation',
  'side_by_side',
  'comparison',
  'pdf',
]);

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

function readListAsText(value: unknown, warn: (m: string) => void): ListAsText | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return { prefix: 'none', horizontal: false };
  if (!isMapping(value))
    throw new DisplayConfigError(
      'list_as_text: expected a mapping such as {text_list_prefix_type: alphabet, horizontal: false}',
    );
  const type = String(value.text_list_prefix_type ?? 'None').toLowerCase();
  const prefix = type === 'alphabet' ? 'alphabet' : type === 'number' || type === 'numeric' ? 'number' : 'none';
  if (!['alphabet', 'number', 'numeric', 'none'].includes(type))
    warn(`list_as_text.text_list_prefix_type: "${type}" is not known; list items are shown without a prefix`);
  const horizontal = value.horizontal === true || value.horizontal === 'true' || value.horizontal === 'True';
  if (value.alternating_shading !== undefined && value.alternating_shading !== false)
    warn('list_as_text.alternating_shading is not acted on: list items are shown without shading');
  for (const key of Object.keys(value))
    if (!['text_list_prefix_type', 'horizontal', 'alternating_shading'].includes(key))
      warn(`list_as_text.${key}: unknown key, ignored (known: text_list_prefix_type, horizontal)`);
  return { prefix, horizontal };
}

function readFields(
  value: unknown,
  warn: (m: string) => void,
  agent: boolean,
): { fields: DisplayField[]; direction: 'vertical' | 'horizontal' } {
  if (!isMapping(value)) throw new DisplayConfigError('instance_display: expected a mapping with a list of fields');
  if (!Array.isArray(value.fields) || !value.fields.length)
    throw new DisplayConfigError('instance_display.fields: expected a non-empty list of {key, type}');
  const fields = value.fields.map((f, i): DisplayField => {
    const where = `instance_display.fields[${i}]`;
    if (!isMapping(f)) throw new DisplayConfigError(`${where}: expected a mapping with key and type`);
    if (typeof f.key !== 'string' || !f.key)
      throw new DisplayConfigError(`${where}.key: expected the name of an item field`);
    const rawType = typeof f.type === 'string' ? f.type : 'text';
    const type = TYPE_MAP[rawType];
    const interactive = rawType === 'interactive_chat' && agent;
    const traceKind = traceKindOf(rawType);
    if (!type) warn(`${where}.type: "${rawType}" is not drawn here; field "${f.key}" is shown as text`);
    else if (rawType === 'interactive_chat' && !agent)
      warn(
        `${where}.type: "interactive_chat" needs an agent (agent_proxy): without one field "${f.key}" is shown as dialogue turns`,
      );
    else if (!EXACT.has(rawType) && !interactive && !traceKind)
      warn(
        `${where}.type: "${rawType}" is shown as ${type === 'dialogue' ? 'dialogue turns (as text when its entries are not turns)' : type}`,
      );
    const options = isMapping(f.display_options) ? f.display_options : {};
    const boxes =
      rawType === 'document' || rawType === 'pdf' ? readBoxes(options, `${where}.display_options`) : undefined;
    const ignored = Object.keys(options).filter(
      (k) =>
        !ACTED_ON_OPTIONS.has(k) &&
        !(boxes && (k === 'annotation_mode' || (BOX_OPTIONS as readonly string[]).includes(k))) &&
        !(rawType === 'pdf' && (PDF_OPTIONS as readonly string[]).includes(k)) &&
        !(rawType === 'audio_dialogue' && AUDIO_DIALOGUE_OPTIONS.has(k)) &&
        !(rawType === 'dialogue' && k === PER_TURN_RATINGS_OPTION) &&
        !(traceKind && traceOptionNames(traceKind).includes(k)),
    );
    if (ignored.length)
      warn(
        `${where}.display_options: ${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not acted on; field "${f.key}" is drawn as ${traceKind ? `${rawType.replace(/_/g, ' ')} steps` : (type ?? 'text')} without ${ignored.length === 1 ? 'it' : 'them'}`,
      );
    const field: DisplayField = { key: f.key, type: type ?? 'text' };
    if (interactive) field.interactive = true;
    if (rawType === 'audio_dialogue')
      field.audioDialogue = readAudioDialogue(options, `${where}.display_options`, warn);
    if (traceKind) field.agentTrace = readAgentTrace(options, `${where}.display_options`, warn, traceKind);
    if (boxes) field.boxes = boxes;
    if (rawType === 'document') field.document = true;
    if (rawType === 'pdf') field.pdf = readPdf(options, `${where}.display_options`, !!boxes, warn);
    if (typeof f.label === 'string') field.label = f.label;
    if (Array.isArray(options.labels)) field.labels = options.labels.map(String);
    if (typeof options.language === 'string') field.language = options.language;
    const speaker = typeof options.speaker_key === 'string' ? options.speaker_key : undefined;
    const text = typeof options.text_key === 'string' ? options.text_key : undefined;
    if (speaker || text) field.turnKeys = { ...(speaker ? { speaker } : {}), ...(text ? { text } : {}) };
    if (f.span_target === true) readSpanTarget(field, where, warn);
    return field;
  });
  const layout = isMapping(value.layout) ? value.layout : {};
  return { fields, direction: layout.direction === 'horizontal' ? 'horizontal' : 'vertical' };
}

function readBoxes(options: Mapping, where: string) {
  try {
    return readBoxOptions(options, where);
  } catch (e) {
    if (e instanceof BoxOptionError) throw new DisplayConfigError(e.message);
    throw e;
  }
}

function readPdf(options: Mapping, where: string, boxes: boolean, warn: (m: string) => void) {
  try {
    return readPdfOptions(options, where, boxes, warn);
  } catch (e) {
    if (e instanceof PdfOptionError) throw new DisplayConfigError(e.message);
    throw e;
  }
}

/**
 * `span_target: true`: a text (or code) field is drawn as a span surface of its own, a dialogue marks its turns
 * (offsets into their texts joined by newlines); a trace's step cards are not marked, its spans come from scripts;
 * other types hold no text to mark.
 */
function readSpanTarget(field: DisplayField, where: string, warn: (m: string) => void): void {
  if (field.type === 'text' || field.type === 'code' || field.type === 'dialogue') {
    field.spanTarget = true;
    if (field.agentTrace)
      warn(
        `${where}.span_target: the steps of the trace "${field.key}" are not marked on the page; its spans are taken from scripts (offsets into its steps' texts joined by newlines) and listed under the text`,
      );
  } else {
    warn(
      `${where}.span_target: a ${field.type} field holds no text to mark; spans of "${field.key}" are refused (text, code and dialogue fields take them)`,
    );
  }
}

/** The readers of the span target fields other than the text, for the task (domain/task.ts `spanFields`). */
export function spanFieldReaders(
  fields: readonly DisplayField[],
  textKey: string,
  readSidecar?: ReadSidecar,
): Map<string, (instance: Instance) => string | undefined> {
  const readers = new Map<string, (instance: Instance) => string | undefined>();
  for (const f of fields)
    if (f.spanTarget && f.key !== textKey) readers.set(f.key, (instance) => spanTextOf(f, instance.data, readSidecar));
  return readers;
}

export interface DisplayKeys {
  textKey: string;
  idKey: string;
  /** whether any scheme marks spans (then the text field is shown even when instance_display leaves it out) */
  hasSpans: boolean;
  /** item fields schemes read their options from: the automatic view leaves them to the scheme */
  schemeFields?: string[];
  /** the radio schemes' labels: without a span scheme, a box takes one of them */
  radioLabels?: string[];
  schemeNames?: ReadonlySet<string>;
}

/** `locate` finds a file named in the config the way every other file key is found. */
export function readDisplaySpec(
  config: Mapping,
  keys: DisplayKeys,
  locate: (name: string) => string,
  warn: (m: string) => void,
): DisplaySpec {
  const listAsText = readListAsText(config.list_as_text, warn);
  const { textKey, idKey } = keys;
  if (config.task_layout !== undefined) {
    warn(
      'task_layout: the annotation form is drawn by Marginalia from annotation_schemes; the item is shown from instance_display or html_layout',
    );
  }
  const media = config.media_directory;
  if (media !== undefined && media !== null && (typeof media !== 'string' || !media.trim()))
    warn(
      'media_directory is not acted on: it should name a folder in the task folder; media named by a relative path are looked for in the task folder',
    );
  const layout = config.html_layout;
  if (layout !== undefined && layout !== null && !(typeof layout === 'string' && BUILT_IN_LAYOUTS.has(layout))) {
    if (typeof layout !== 'string' || !layout.trim())
      throw new DisplayConfigError(
        'html_layout: expected HTML, a file name, or one of default, fixed_keybinding, kwargs',
      );
    let template = layout;
    if (!layout.includes('<')) {
      const file = locate(layout);
      if (!existsSync(file)) throw new DisplayConfigError(`html_layout: layout file ${file} not found`);
      template = readFileSync(file, 'utf8');
    }
    if (config.instance_display !== undefined)
      warn('instance_display: html_layout is given too and is used; instance_display is not');
    return { kind: 'layout', template, textKey, idKey, listAsText };
  }
  if (config.instance_display !== undefined && config.instance_display !== null) {
    const agent = isMapping(config.agent_proxy);
    const { fields, direction } = readFields(config.instance_display, warn, agent);
    if (!keys.hasSpans && fields.some((f) => f.spanTarget)) {
      warn(
        'instance_display: span_target is set but no span scheme is configured; those fields are shown as their type shows them, and nothing is marked in them',
      );
      for (const f of fields) delete f.spanTarget;
    }
    settleBoxFields(fields, keys, warn);
    return {
      kind: 'fields',
      fields,
      direction,
      textKey,
      idKey,
      surfaceFirst: keys.hasSpans && !fields.some((f) => f.key === textKey && f.type === 'text'),
      listAsText,
    };
  }
  return {
    kind: 'auto',
    textKey,
    idKey,
    listAsText,
    ...(keys.schemeFields?.length ? { left: keys.schemeFields } : {}),
  };
}
