/**
 * Builds what the annotator sees of one item from the task's DisplaySpec: the project's layout, its
 * instance_display fields, or, with neither, the text field followed by every other field of the item, labelled.
 */
import { agentTraceView } from './agent-trace.js';
import { fillLayout } from './layout.js';
import { resolveTranscript, type ReadSidecar } from '../transcripts/resolve.js';
import { sanitize } from './sanitize.js';
import { documentFooter, extractedContent, pdfMeta } from './extracted.js';
import { traceSteps } from './trace-steps.js';
import type { Display, DisplayBlock, DisplayField, DisplaySpec, ListAsText } from './types.js';
import { asItems, asText, asTurns, looksLikeTurns, mediaSource, pdfSource, valueAt } from './values.js';

/** Marks the text field's place while a layout is sanitized; random so no layout or item can forge it. */
const SURFACE_TOKEN = `mrgsurface${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/** Longer values are cut in the automatic view: it lists an item's short fields, not whole documents. */
const AUTO_MAX_CHARS = 5000;

function fieldBlock(
  field: DisplayField,
  value: unknown,
  item: Record<string, unknown>,
  listAsText?: ListAsText,
  readSidecar?: ReadSidecar,
): DisplayBlock {
  const { key, label } = field;
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
  // each annotator's conversation is their own (the panel reads it); an item that holds one shows it as dialogue
  if (field.interactive && empty) return { type: 'agent_chat', key, label };
  if (empty) return { type: 'absent', key, label };
  switch (field.type) {
    case 'html': {
      // a document field may hold content extracted from a file, shown with Potato's footer about it
      const extracted = field.document ? extractedContent(value) : undefined;
      const footer = extracted && documentFooter(extracted.metadata);
      return {
        type: 'html',
        key,
        label,
        html: sanitize(extracted ? extracted.html : asText(value)),
        ...(footer === undefined ? {} : { footer }),
        ...(field.boxes ? { boxes: field.boxes } : {}),
      };
    }
    case 'image':
    case 'audio':
    case 'video':
      return { type: field.type, key, label, ...mediaSource(value) };
    case 'pdf': {
      // content extracted from a PDF is a document, drawn (with its boxes) as a document field is
      const extracted = extractedContent(value);
      const meta = extracted && pdfMeta(extracted.metadata);
      if (extracted !== undefined)
        return {
          type: 'html',
          key,
          label,
          html: sanitize(extracted.html),
          ...(meta === undefined ? {} : { meta }),
          ...(field.boxes ? { boxes: field.boxes } : {}),
        };
      return {
        type: 'pdf',
        key,
        label,
        ...pdfSource(value),
        pdf: field.pdf ?? { view_mode: 'scroll', show_page_controls: true, initial_page: 1 },
        ...(field.boxes ? { boxes: field.boxes } : {}),
      };
    }
    case 'code':
      return { type: 'code', key, label, text: asText(value), language: field.language };
    case 'dialogue':
      return dialogueBlock(field, value, item, readSidecar);
    case 'pairwise': {
      const entries = Array.isArray(value)
        ? value.map((v, i) => [field.labels?.[i] ?? String.fromCharCode(65 + i), v] as const)
        : value && typeof value === 'object'
          ? Object.entries(value)
          : [['', value] as const];
      return { type: 'pairwise', key, label, items: entries.map(([l, v]) => ({ label: String(l), text: asText(v) })) };
    }
    case 'list':
      return {
        type: 'list',
        key,
        label,
        items: asItems(value),
        prefix: listAsText?.prefix ?? 'none',
        horizontal: listAsText?.horizontal ?? false,
      };
    default:
      return valueBlock(key, label, value, listAsText);
  }
}

/** Turns, and for Potato's audio dialogue (`{audio, turns}`) its recording and player settings too. */
function dialogueBlock(
  field: DisplayField,
  value: unknown,
  item: Record<string, unknown>,
  readSidecar?: ReadSidecar,
): DisplayBlock {
  const { key, label } = field;
  const o = field.audioDialogue;
  if (o) {
    const read = resolveTranscript(value, o, field.turnKeys ?? {}, readSidecar);
    if (!('turns' in read)) return { type: 'text', key, label, text: asText(value) };
    const audio = read.audio !== undefined ? mediaSource(read.audio) : undefined;
    if (!audio) return { type: 'dialogue', key, label, turns: read.turns };
    const player = { timestamps: o.timestamps, scroll_height: o.scrollHeight, playback_rates: o.playbackRates };
    return { type: 'dialogue', key, label, turns: read.turns, audio: { source: audio, ...player } };
  }
  const record =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (field.agentTrace) {
    const steps = traceSteps(value, field.turnKeys);
    if (!steps) return { type: 'text', key, label, text: asText(value) };
    const turns = steps.map((s) => s.turn);
    return { type: 'dialogue', key, label, turns, trace: agentTraceView(field.agentTrace, steps, item) };
  }
  const list = (record ? record.turns : value) ?? value;
  const turns = asTurns(list, true, field.turnKeys);
  if (!turns) return { type: 'text', key, label, text: asText(value) };
  return { type: 'dialogue', key, label, turns };
}

/** A field of unstated type, shown by its value's shape. */
function valueBlock(key: string, label: string | undefined, value: unknown, listAsText?: ListAsText): DisplayBlock {
  if (looksLikeTurns(value)) return { type: 'dialogue', key, label, turns: asTurns(value)! };
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return {
      type: 'list',
      key,
      label,
      items: asItems(value),
      prefix: listAsText?.prefix ?? 'none',
      horizontal: listAsText?.horizontal ?? false,
    };
  }
  return { type: 'text', key, label, text: asText(value) };
}

function autoBlocks(
  spec: { textKey: string; idKey: string; listAsText?: ListAsText; left?: string[] },
  item: Record<string, unknown>,
  surface = true,
): DisplayBlock[] {
  const blocks: DisplayBlock[] = surface ? [{ type: 'surface', key: spec.textKey }] : [];
  for (const [key, value] of Object.entries(item)) {
    if (key === spec.idKey || key === spec.textKey || value === null || value === undefined || value === '') continue;
    if (key.startsWith('_bws_')) continue; // a best–worst tuple's items: its text lists them, the bws field shows them
    if (spec.left?.includes(key)) continue;
    const block = valueBlock(key, key, value, spec.listAsText);
    if (block.type === 'text' && block.text.length > AUTO_MAX_CHARS)
      block.text = `${block.text.slice(0, AUTO_MAX_CHARS)}…`;
    blocks.push(block);
  }
  return blocks;
}

export function buildDisplay(
  spec: DisplaySpec,
  item: Record<string, unknown>,
  text: string,
  readSidecar?: ReadSidecar,
): Display {
  if (spec.kind === 'layout') {
    const { html, hasSurface } = fillLayout(spec.template, item, text, spec.textKey, SURFACE_TOKEN, spec.listAsText);
    const blocks: DisplayBlock[] = hasSurface ? [] : [{ type: 'surface', key: spec.textKey }];
    blocks.push({ type: 'html', html });
    return { source: 'html_layout', direction: 'vertical', blocks };
  }
  if (spec.kind === 'fields') {
    const blocks = spec.fields.map((f): DisplayBlock => {
      if (f.key === spec.textKey && f.type === 'text') return { type: 'surface', key: f.key, label: f.label };
      const value = valueAt(item, f.key);
      if (f.spanTarget && f.type !== 'dialogue' && value !== undefined && value !== null && value !== '')
        return f.type === 'code'
          ? { type: 'surface', key: f.key, label: f.label, text: asText(value), code: { language: f.language } }
          : { type: 'surface', key: f.key, label: f.label, text: asText(value) };
      const block = fieldBlock(f, value, item, spec.listAsText, readSidecar);
      if (f.spanTarget && block.type === 'dialogue' && !block.trace) block.span_target = true;
      return block;
    });
    if (spec.surfaceFirst) blocks.unshift({ type: 'surface', key: spec.textKey });
    // an item holding none of the fields named (data in another shape than the config expects) still shows its own
    if (spec.fields.every((f) => valueAt(item, f.key) === undefined)) blocks.push(...autoBlocks(spec, item, false));
    return { source: 'instance_display', direction: spec.direction, blocks };
  }
  return { source: 'fields', direction: 'vertical', blocks: autoBlocks(spec, item) };
}

/**
 * The text a span target field's offsets index: a text or code field's value, a dialogue's turns' texts joined by
 * newlines (undefined when the item holds none).
 */
export function spanTextOf(field: DisplayField, item: Record<string, unknown>, readSidecar?: ReadSidecar) {
  const value = valueAt(item, field.key);
  if (value === undefined || value === null || value === '') return undefined;
  if (field.type !== 'dialogue') return asText(value);
  const block = dialogueBlock(field, value, item, readSidecar);
  return block.type === 'dialogue' ? block.turns.map((t) => t.text).join('\n') : asText(value);
}

/**
 * Displays of the instances lately shown, so the hot current-instance path builds (and sanitizes) an item's
 * display once rather than per request. Kept to a bounded number, oldest dropped first.
 */
export class DisplayCache {
  private readonly cache = new Map<string, Display>();

  constructor(
    private readonly spec: DisplaySpec,
    private readonly limit = 2000,
    /** reads an audio dialogue's sidecar transcript from the task folder */
    private readonly readSidecar?: ReadSidecar,
  ) {}

  of(instance: { id: string; text: string; data: Record<string, unknown> }): Display {
    const hit = this.cache.get(instance.id);
    if (hit) return hit;
    const display = buildDisplay(this.spec, instance.data, instance.text, this.readSidecar);
    if (this.cache.size >= this.limit) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(instance.id, display);
    return display;
  }
}
