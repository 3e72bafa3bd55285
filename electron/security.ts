/**
 * What the app window may load and open. Pure decisions, applied by window.ts to every web contents: the window
 * shows only the embedded server's pages (its exact origin: scheme, host and port); web links open in the
 * system browser; everything else (file:, javascript:, data:, custom schemes) is refused. Electron's security
 * checklist, items "limit navigation" and "limit creation of new windows".
 */

/** Who may be in the window: the server's own origin, nothing else (not even localhost on another port). */
export function isTrustedUrl(url: string, serverOrigin: string): boolean {
  const u = parse(url);
  const origin = parse(serverOrigin);
  if (!u || !origin) return false;
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin.origin;
}

/** 'allow': load it here; 'external': hand it to the system browser or mail client; 'deny': do nothing. */
export type LinkDecision = 'allow' | 'external' | 'deny';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A page in the window navigating (a link, a form, `location = ...`, a redirect) or opening a window
 * (`window.open`, `target=_blank`): our own pages load in an app window with the same locked-down preferences,
 * web links go to the system browser, anything else is refused.
 */
export function linkDecision(url: string, serverOrigin: string): LinkDecision {
  if (isTrustedUrl(url, serverOrigin)) return 'allow';
  return isExternalLink(url) ? 'external' : 'deny';
}

function isExternalLink(url: string): boolean {
  const u = parse(url);
  if (!u || !EXTERNAL_PROTOCOLS.has(u.protocol)) return false;
  // credentials in a link are a phishing trick; a web link needs a host
  if (u.username || u.password) return false;
  return u.protocol === 'mailto:' || u.hostname !== '';
}

/** Permissions a page may ask for (camera, geolocation, notifications, …): only clipboard writes, only ours. */
const GRANTED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function permissionDecision(permission: string, requestingUrl: string, serverOrigin: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isTrustedUrl(requestingUrl, serverOrigin);
}

/**
 * The web preferences every app window gets: the page runs as in a browser (no Node, isolated from the
 * preload, in Chromium's sandbox).
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
} as const;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
