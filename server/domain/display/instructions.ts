/**
 * The task's instructions banner (`annotation_instructions`, Markdown or HTML) and its codebook link
 * (`annotation_codebook_url`), made safe to show: the Markdown rendered by marked, the result sanitized.
 */
import { marked } from 'marked';
import { sanitize } from './sanitize.js';

export interface Instructions {
  /** sanitized HTML, or null when the config gives none */
  html: string | null;
  /** an http(s) URL, or /api/media/<path> for a file of the task folder; null when none */
  codebook_url: string | null;
}

export function instructionsHtml(source: string): string {
  return sanitize(marked.parse(source, { async: false, gfm: true }));
}

/** A codebook link: http(s) as it is; a path in the task folder (Potato's `/media/…` too) through the media route. */
export function codebookUrl(value: string): string | undefined {
  const raw = value.trim();
  if (/^https?:\/\//i.test(raw)) return raw;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) return undefined;
  const path = raw.replace(/^\/?media\//, '').replace(/^\.?\//, '');
  if (!path || path.startsWith('/') || path.split('/').includes('..')) return undefined;
  return `/api/media/${path.split('/').map(encodeURIComponent).join('/')}`;
}
