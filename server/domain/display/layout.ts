/**
 * Potato's html_layout: the project's HTML with `{{field}}` / `{{a.b}}` placeholders (`{{instance}}` is the text
 * field, `{{instance_obj.x}}` the item's field x, Jinja filters such as `| safe` are dropped). Values go in as
 * escaped text, then the filled page is sanitized as a whole, so an item's value can neither add markup nor
 * smuggle a URL scheme past the sanitizer.
 */
import { escapeHtml, sanitize, SURFACE_MARKER } from './sanitize.js';
import { asItems, asText, asTurns, looksLikeTurns, valueAt } from './values.js';
import type { ListAsText } from './types.js';

const PLACEHOLDER = /\{\{\s*([^{}|]+?)\s*(?:\|[^{}]*)?\}\}/g;
/** Jinja statements and comments have no meaning here. */
const JINJA_STATEMENT = /\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;

/** The item field a placeholder names; undefined for the text field. */
function fieldOf(name: string, textKey: string): string | undefined {
  const path = name.replace(/^instance_obj\s*\.\s*/, '').replace(/^instance_obj\[["']([^"']+)["']\]/, '$1');
  if (path === 'instance' || (path === 'text' && textKey === 'text') || path === textKey) return undefined;
  return path;
}

function listHtml(items: string[], listAsText?: ListAsText): string {
  const prefix = listAsText?.prefix ?? 'none';
  const style = listAsText?.horizontal ? ' class="display-list horizontal"' : ' class="display-list"';
  const tag = prefix === 'none' ? 'ul' : 'ol';
  const type = prefix === 'alphabet' ? ' type="A"' : '';
  return `<${tag}${type}${style}>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</${tag}>`;
}

/** A value placed between tags: text, or a list or a conversation built from escaped text. */
function valueHtml(value: unknown, listAsText?: ListAsText): string {
  if (looksLikeTurns(value)) {
    const turns = asTurns(value)!;
    return `<div class="display-dialogue">${turns.map((t) => `<p class="turn">${t.speaker ? `<b>${escapeHtml(t.speaker)}:</b> ` : ''}${escapeHtml(t.text)}</p>`).join('')}</div>`;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return listHtml(asItems(value), listAsText);
  return escapeHtml(asText(value));
}

/** Whether `at` lies inside a tag (an attribute value) rather than between tags. */
function insideTag(html: string, at: number): boolean {
  return html.lastIndexOf('<', at) > html.lastIndexOf('>', at);
}

export interface FilledLayout {
  html: string;
  /** whether the text field's place was marked for the span surface */
  hasSurface: boolean;
}

export function fillLayout(
  template: string,
  item: Record<string, unknown>,
  text: string,
  textKey: string,
  token: string,
  listAsText?: ListAsText,
): FilledLayout {
  const html = template.replace(JINJA_STATEMENT, '');
  let hasSurface = false;
  const filled = html.replace(PLACEHOLDER, (_whole, name: string, at: number) => {
    const field = fieldOf(name.trim(), textKey);
    const value = field === undefined ? text : valueAt(item, field);
    if (insideTag(html, at)) return escapeHtml(asText(value));
    if (field === undefined && !hasSurface) {
      hasSurface = true;
      return token;
    }
    return valueHtml(value, field === undefined ? undefined : listAsText);
  });
  const clean = sanitize(filled);
  return {
    html: hasSurface ? clean.replace(token, SURFACE_MARKER) : clean,
    hasSurface: hasSurface && clean.includes(token),
  };
}
