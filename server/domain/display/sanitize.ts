/**
 * HTML from a project's config (layouts) and from items' html fields, cleaned by sanitize-html: scripts, event
 * handlers, `javascript:` URLs, frames, forms, `<style>` and `<link>` go; inline styles, tables, headings and
 * media stay. Media sources are pointed at the task folder's media route (or dropped when they try to leave it).
 */
import sanitizeHtml from 'sanitize-html';
import { mediaSource } from './values.js';

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
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
};

/** A layout or an item's HTML, safe to put in the page. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Text for HTML: a value shown in a layout is always text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
