/**
 * For the Potato config check: which of the fields an item's layout names are not on the page. The display the
 * server sent is flattened to the text an annotator reads (HTML without its tags, turns, list items, media
 * sources), and every named field's value must be found in it: each `{{field}}` of an html_layout, each field of
 * instance_display, or, with neither, each field of the item (long ones by their start, as the page cuts them).
 */
import type { Display, DisplaySpec } from '../server/domain/display/types.js';
import { asText, asTurns, looksLikeTurns, mediaSource, valueAt } from '../server/domain/display/values.js';
import { resolveTranscript, type ReadSidecar } from '../server/domain/transcripts/resolve.js';

const PLACEHOLDER = /\{\{\s*([^{}|]+?)\s*(?:\|[^{}]*)?\}\}/g;
const JINJA_STATEMENT = /\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const decode = (s: string) =>
  s.replace(
    /&(#?\w+);/g,
    (whole, name: string) =>
      ENTITIES[name] ??
      (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1).replace(/^x/, '0x'))) : whole),
  );
const withoutTags = (html: string) => decode(html.replace(/<[^>]*>/g, ' '));

function htmlText(html: string): string {
  // attribute values count too: a layout may put a field in an image's src or a link's href
  return `${withoutTags(html)} ${decode(html)}`;
}

/** The text an annotator can read (or a media element loads) in a display. */
export function displayedText(display: Display, text: string): string {
  const parts: string[] = [];
  for (const b of display.blocks) {
    if (b.label) parts.push(b.label);
    if (b.type === 'surface') parts.push(b.text ?? text);
    else if (b.type === 'text' || b.type === 'code') parts.push(b.text);
    else if (b.type === 'html') parts.push(htmlText(b.html), text);
    else if (b.type === 'list') parts.push(...b.items);
    else if (b.type === 'dialogue') {
      parts.push(...b.turns.flatMap((t) => [t.speaker ?? '', t.text]));
      // a trace's step cards: their timestamps, screenshots and notes, diffs, commands and outputs
      for (const step of b.trace?.steps ?? []) {
        const shot = step.screenshot;
        parts.push(step.timestamp ?? '', !shot ? '' : 'src' in shot ? shot.src : shot.refused);
        for (const part of step.parts ?? [])
          parts.push(...Object.values(part).filter((v): v is string => typeof v === 'string'));
      }
      // an audio dialogue's recording, played on the page
      if (b.audio) parts.push('src' in b.audio.source ? b.audio.source.src : b.audio.source.refused);
    } else if (b.type === 'pairwise') parts.push(...b.items.flatMap((i) => [i.label, i.text]));
    else if (b.type === 'absent' || b.type === 'agent_chat') continue;
    else parts.push('src' in b ? b.src : b.refused);
  }
  return squash(parts.join('\n'));
}

const mediaSourceText = (value: unknown) => {
  const source = mediaSource(value);
  return 'src' in source ? source.src : source.refused;
};

/**
 * A web agent step's geometry, drawn as the display step's overlays (box, pointer, path), not written; and its
 * `step_index`, shown by the step's place ("Step 7 of 9", counted from 1).
 */
const GEOMETRY = ['coordinates', 'mouse_path', 'viewport', 'step_index'];

function withoutGeometry(value: unknown): unknown {
  const isEntry = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const list = isEntry(value) ? value.steps : value;
  if (!Array.isArray(list)) return value;
  const steps = list.map((step) => {
    if (!isEntry(step)) return step;
    const out = Object.fromEntries(Object.entries(step).filter(([k]) => !GEOMETRY.includes(k)));
    if (isEntry(step.element))
      out.element = Object.fromEntries(Object.entries(step.element).filter(([k]) => k !== 'bbox'));
    return out;
  });
  return isEntry(value) ? { ...value, steps } : steps;
}

/** Whether the display draws a trace field's geometry as overlays on its screenshots. */
const drawsOverlays = (display: Display, key: string) =>
  display.blocks.some(
    (b) => b.key === key && b.type === 'dialogue' && b.trace?.steps.some((s) => s.box || s.pointer || s.path),
  );

/** The pieces of a value that must each be on the page: a conversation's turns, else each line of its text. */
function pieces(value: unknown, turnKeys?: { speaker?: string; text?: string }): string[] {
  if (value === undefined || value === null || value === '') return [];
  // Potato's audio dialogue, {audio, turns}: its recording and what each turn says
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const listed = asTurns(o.turns ?? o.segments, true, turnKeys);
    if (listed) return [...(typeof o.audio === 'string' ? [o.audio] : []), ...listed.map((t) => t.text)];
    // content extracted from a PDF ({text, rendered_html, metadata}) is shown as its rendered HTML when it has one
    if (typeof o.rendered_html === 'string') return [withoutTags(o.rendered_html)];
  }
  const turns = Array.isArray(value) ? asTurns(value, true, turnKeys) : undefined;
  if (turns && (turnKeys || looksLikeTurns(value) || (value as unknown[]).every((v) => typeof v === 'string')))
    return turns.map((t) => t.text);
  return asText(value)
    .split('\n')
    .map((line) => line.replace(/^\s*[^:\n]{1,60}:\s*/, ''));
}

function namedFields(spec: DisplaySpec, item: Record<string, unknown>): string[] {
  if (spec.kind === 'layout') {
    const names = [...spec.template.replace(JINJA_STATEMENT, '').matchAll(PLACEHOLDER)].map((m) =>
      m[1]
        .trim()
        .replace(/^instance_obj\s*\.\s*/, '')
        .replace(/^instance_obj\[["']([^"']+)["']\]/, '$1'),
    );
    return [...new Set(names.filter((n) => n !== 'instance' && n !== 'text' && n !== spec.textKey))];
  }
  if (spec.kind === 'fields') return spec.fields.map((f) => f.key).filter((k) => k !== spec.textKey);
  return Object.keys(item).filter(
    (k) => k !== spec.idKey && k !== spec.textKey && !k.startsWith('_bws_') && !spec.left?.includes(k),
  );
}

/**
 * Fields named for this item whose value is not on the page, each with the first piece missing. Fields the item
 * lacks are not counted (Potato shows nothing for them either); media fields count as shown by their source.
 */
export function fieldsNotShown(
  spec: DisplaySpec,
  display: Display,
  item: Record<string, unknown>,
  text: string,
  readSidecar?: ReadSidecar,
): string[] {
  const page = displayedText(display, text);
  const missing: string[] = [];
  for (const key of namedFields(spec, item)) {
    const value = valueAt(item, key);
    const media =
      spec.kind === 'fields' &&
      ['image', 'audio', 'video'].includes(spec.fields.find((f) => f.key === key)?.type ?? '');
    if (media) {
      if (!display.blocks.some((b) => b.key === key)) missing.push(key);
      continue;
    }
    const field = spec.kind === 'fields' ? spec.fields.find((f) => f.key === key) : undefined;
    // an audio dialogue's transcript (inline in any format read, or a sidecar file) shows as its turns
    const read = field?.audioDialogue
      ? resolveTranscript(value, field.audioDialogue, field.turnKeys ?? {}, readSidecar)
      : undefined;
    const shown =
      read && 'turns' in read
        ? [...(read.audio === undefined ? [] : [mediaSourceText(read.audio)]), ...read.turns.map((t) => t.text)]
        : pieces(
            field?.agentTrace?.kind === 'web_agent' && drawsOverlays(display, key) ? withoutGeometry(value) : value,
            field?.turnKeys,
          );
    for (const piece of shown) {
      const want = squash(spec.kind === 'auto' ? piece.slice(0, 4000) : piece);
      if (want && !page.includes(want)) {
        missing.push(`${key} ("${want.slice(0, 40)}")`);
        break;
      }
    }
  }
  return missing;
}
