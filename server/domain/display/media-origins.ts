/**
 * The remote hosts a project's media come from, so the page's content security policy opens `img-src` and
 * `media-src` to them and to nothing else: URLs written in the layout or the instructions, and http(s) values of
 * the item fields the layout or instance_display shows as media. A project without remote media gets none.
 */
import type { Instance } from '../task.js';
import type { DisplaySpec } from './types.js';
import { mediaSource, valueAt } from './values.js';

/** Past this many hosts the policy names the schemes (https:, http:) instead of every host. */
const MAX_HOSTS = 16;

const MEDIA_URL = /<(?:img|audio|video|source|track)\b[^>]*?\b(?:src|poster)\s*=\s*["']?\s*(https?:\/\/[^"'\s>]+)/gi;
const MEDIA_FIELD =
  /<(?:img|audio|video|source|track)\b[^>]*?\b(?:src|poster)\s*=\s*["']?\s*\{\{\s*([^}|]+?)\s*(?:\|[^}]*)?\}\}/gi;

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The media fields of the display: keys whose values are loaded as images, audio or video. */
function mediaKeys(spec: DisplaySpec | undefined): string[] {
  if (!spec) return [];
  if (spec.kind === 'fields')
    return spec.fields.flatMap((f) =>
      f.type === 'image' || f.type === 'audio' || f.type === 'video'
        ? [f.key]
        : f.audioDialogue
          ? [`${f.key}.${f.audioDialogue.audioKey}`]
          : [],
    );
  if (spec.kind === 'layout')
    return [...spec.template.matchAll(MEDIA_FIELD)].map((m) => m[1].replace(/^instance_obj\s*\.\s*/, ''));
  return [];
}

export function remoteMediaOrigins(
  spec: DisplaySpec | undefined,
  instances: Iterable<Instance>,
  otherHtml: readonly string[] = [],
): string[] {
  const origins = new Set<string>();
  for (const html of [...(spec?.kind === 'layout' ? [spec.template] : []), ...otherHtml]) {
    for (const m of html.matchAll(MEDIA_URL)) {
      const origin = originOf(m[1]);
      if (origin) origins.add(origin);
    }
  }
  const keys = mediaKeys(spec);
  if (keys.length) {
    for (const instance of instances) {
      for (const key of keys) {
        const source = mediaSource(valueAt(instance.data, key));
        const origin = 'src' in source && source.remote ? originOf(source.src) : undefined;
        if (origin) origins.add(origin);
      }
    }
  }
  if (origins.size <= MAX_HOSTS) return [...origins].sort();
  return [...new Set([...origins].map((o) => o.slice(0, o.indexOf(':') + 1)))].sort();
}

/** The page's policy: scripts, styles and connections from the app only; media from it and the project's hosts. */
export function pagePolicy(origins: readonly string[]): string {
  const media = ["'self'", 'data:', ...origins].join(' ');
  return `default-src 'self'; style-src 'self' 'unsafe-inline'; img-src ${media}; media-src ${media}; connect-src 'self'; frame-ancestors 'none'`;
}
