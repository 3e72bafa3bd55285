/**
 * The remote hosts a project's media come from, so the page's content security policy opens `img-src` and
 * `media-src` to them and to nothing else: URLs written in the layout or the instructions, http(s) values of the
 * item fields the layout or instance_display shows as media, and the screenshots of the trace steps it draws. A
 * project without remote media gets none.
 */
import type { Instance } from '../task.js';
import type { DisplaySpec } from './types.js';
import { traceSteps } from './trace-steps.js';
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

/** Trace fields drawn with their steps' screenshots. */
function screenshotFields(spec: DisplaySpec | undefined) {
  return spec?.kind === 'fields' ? spec.fields.filter((f) => f.agentTrace?.show_screenshots) : [];
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
  const addRemote = (value: unknown) => {
    const source = mediaSource(value);
    const origin = 'src' in source && source.remote ? originOf(source.src) : undefined;
    if (origin) origins.add(origin);
  };
  const keys = mediaKeys(spec);
  const traces = screenshotFields(spec);
  if (keys.length || traces.length) {
    for (const instance of instances) {
      for (const key of keys) addRemote(valueAt(instance.data, key));
      for (const field of traces)
        for (const step of traceSteps(valueAt(instance.data, field.key), field.turnKeys) ?? [])
          if (step.screenshot) addRemote(step.screenshot);
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
