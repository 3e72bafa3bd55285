/**
 * Content a Potato format handler extracted from a file (`{text, rendered_html, metadata}`), which Potato's pdf and
 * document fields take in place of a path or HTML, and the line of text Potato shows about it from its metadata.
 */
import { escapeHtml } from './sanitize.js';

export interface Extracted {
  /** its rendered HTML, else its text kept as written; the caller sanitizes it as any document */
  html: string;
  metadata: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The extracted content a field holds; undefined for a path, HTML or anything else. */
export function extractedContent(value: unknown): Extracted | undefined {
  if (!isRecord(value)) return undefined;
  const { rendered_html: rendered, text, metadata } = value;
  const html =
    typeof rendered === 'string' ? rendered : typeof text === 'string' ? `<pre>${escapeHtml(text)}</pre>` : undefined;
  return html === undefined ? undefined : { html, metadata: isRecord(metadata) ? metadata : {} };
}

/** A count as Potato prints it (thousands grouped for characters); undefined when it is no count. */
function count(v: unknown, grouped = false): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return grouped ? v.toLocaleString('en-US') : String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** An extracted PDF's page count, as Potato shows it above the document ("Pages: 3"). */
export function pdfMeta(metadata: Record<string, unknown>): string | undefined {
  const pages = count(metadata.total_pages);
  return pages === undefined ? undefined : `Pages: ${pages}`;
}

/**
 * An extracted document's footer, as Potato shows it below the document: its format, paragraphs (the list's
 * length, else the count, left out when none), lines and characters, those the metadata has, joined by " | ".
 */
export function documentFooter(metadata: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  if (typeof metadata.format === 'string' && metadata.format.trim())
    parts.push(`Format: ${metadata.format.trim().toUpperCase()}`);
  const listed = Array.isArray(metadata.paragraphs) ? metadata.paragraphs.length : 0;
  const paragraphs = listed || count(metadata.paragraph_count);
  if (paragraphs && paragraphs !== '0') parts.push(`Paragraphs: ${paragraphs}`);
  const lines = count(metadata.line_count);
  if (lines !== undefined) parts.push(`Lines: ${lines}`);
  const chars = count(metadata.char_count, true);
  if (chars !== undefined) parts.push(`Characters: ${chars}`);
  return parts.length ? parts.join(' | ') : undefined;
}
