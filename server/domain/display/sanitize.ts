/**
 * HTML from a project's config (layouts) and from items' html fields, cleaned by sanitize-html: scripts, event
 * handlers, `javascript:` URLs, frames, forms, `<style>` and `<link>` go; inline styles, tables, headings and
 * media stay. Media sources are pointed at the task folder's media route (or dropped when they try to leave it).
 */
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';
import { mediaSource } from './values.js';

// sanitize-html (with htmlparser2 and postcss) is loaded at the first HTML to clean, not with the server: most
// projects never show any, and loading it is a noticeable share of a start's time and memory
let library: typeof sanitizeHtml | undefined;
const load = () => (library ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/** sanitize-html with the options given (loaded on first use). */
export function sanitizeWith(html: string, options: sanitizeHtml.IOptions): string {
  return load()(html, options);
}

/** The element marking where the span surface is mounted in a layout. */
export const SURFACE_MARKER = '<span data-span-surface="true"></span>';

const MEDIA_TAGS = ['img', 'audio', 'video', 'source', 'track'];

function pointMedia(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out = { ...attribs };
  for (const attr of ['src', 'poster']) {
    if (out[attr] === undefined) continue;
    const source = mediaSource(out[attr]);
    if ('src' in source) out[attr] = source.src;
    else {
      delete out[attr];
      out['data-refused'] = source.refused;
    }
  }
  return { tagName, attribs: out };
}

const options = (): sanitizeHtml.IOptions => ({
  allowedTags: [
    ...load().defaults.allowedTags,
    'img',
    'audio',
    'video',
    'source',
    'track',
    'picture',
    'figure',
    'figcaption',
    'details',
    'summary',
    'mark',
    'ins',
    'del',
    'sub',
    'sup',
    'center',
    'font',
  ],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'head',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'title',
      'lang',
      'dir',
      'align',
      'valign',
      'width',
      'height',
      'colspan',
      'rowspan',
      'data-refused',
      'role',
      'aria-label',
      'color',
      'bgcolor',
      'border',
      'cellpadding',
      'cellspacing',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    video: ['src', 'controls', 'loop', 'muted', 'preload', 'poster'],
    source: ['src', 'type'],
    track: ['src', 'kind', 'srclang', 'label'],
    span: ['data-span-surface'],
    ol: ['start', 'type'],
    details: ['open'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {
    img: ['http', 'https', 'data'],
    audio: ['http', 'https', 'data'],
    video: ['http', 'https', 'data'],
    source: ['http', 'https', 'data'],
  },
  allowProtocolRelative: false,
  transformTags: {
    ...Object.fromEntries(MEDIA_TAGS.map((t) => [t, pointMedia])),
    // links open outside the app's window
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
});
let OPTIONS: sanitizeHtml.IOptions | undefined;

/** A layout or an item's HTML, safe to put in the page. */
export function sanitize(html: string): string {
  return sanitizeWith(html, (OPTIONS ??= options()));
}

/** Text for HTML: a value shown in a layout is always text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
