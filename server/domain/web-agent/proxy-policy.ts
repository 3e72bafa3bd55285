/**
 * Which URLs the web agent's proxy may fetch. A proxy on the project's server is an open door, so it opens only
 * where the project owner says: http(s) to the hosts `web_agent.proxy.allowed_hosts` lists (a name, `*.domain`,
 * either with `:port`), and never to this machine, its network or a cloud's metadata service unless the owner
 * also names that host and port in `private_hosts`. The same address check runs again on every address a name
 * resolves to (server/io/web-proxy-fetch.ts), so a public name pointing at a private address is refused too.
 */
import { isIP } from 'node:net';

export interface ProxySettings {
  /** `host`, `host:port` or `*.domain[:port]`, lower case */
  allowedHosts: string[];
  /** `host:port` entries that may be private addresses (a test site, an intranet page) */
  privateHosts: string[];
  maxBytes: number;
  timeoutMs: number;
}

export const PROXY_OFF: ProxySettings = { allowedHosts: [], privateHosts: [], maxBytes: 5_000_000, timeoutMs: 15_000 };

export type Verdict = { ok: true; url: URL } | { ok: false; reason: string };

const v4 = (a: string) => a.split('.').map(Number);

/**
 * True for addresses a proxy must not reach on its own: loopback, private, link-local, CGNAT, multicast,
 * unspecified.
 */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) {
    const [a, b] = v4(address);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (kind === 6) {
    const x = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped) return isPrivateAddress(mapped[1]);
    return (
      // `::` itself, loopback and the deprecated IPv4-compatible forms (`::7f00:1`)
      x.startsWith('::') ||
      /^f[cd]/.test(x) ||
      /^fe[89ab]/.test(x) ||
      x.startsWith('ff') ||
      // prefixes that carry or translate to an IPv4 address of any kind: NAT64, 6to4, Teredo; and the
      // discard and documentation ranges
      x.startsWith('64:ff9b:') ||
      x.startsWith('2002:') ||
      x.startsWith('2001:0:') ||
      x.startsWith('2001:db8:') ||
      x.startsWith('100::')
    );
  }
  return true; // not an address at all: refuse rather than guess
}

const defaultPort = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

function listed(entries: string[], host: string, port: string): boolean {
  return entries.some((entry) => {
    const m = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    const [name, p] = [m[1], m[2]];
    if (p && p !== port) return false;
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}

/** May `host:port` be reached at a private address? Only when the owner named that host and port. */
export function mayBePrivate(settings: ProxySettings, host: string, port: string): boolean {
  return settings.privateHosts.includes(`${bare(host)}:${port}`);
}

/** The verdict on a URL the page asks the proxy for, before any name is resolved. */
export function judgeUrl(settings: ProxySettings, raw: string): Verdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'url: not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `url: the scheme ${url.protocol} is not allowed; only http and https are` };
  if (url.username || url.password) return { ok: false, reason: 'url: credentials in the URL are not allowed' };
  const host = bare(url.hostname);
  const port = defaultPort(url);
  if (isIP(host) && isPrivateAddress(host) && !mayBePrivate(settings, host, port))
    return { ok: false, reason: `url: ${host} is a private address; blocked` };
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
    if (!mayBePrivate(settings, host, port)) return { ok: false, reason: `url: ${host} is a private host; blocked` };
  if (!listed(settings.allowedHosts, host, port))
    return {
      ok: false,
      reason: `url: ${host} is blocked: it is not in the project's web_agent.proxy.allowed_hosts`,
    };
  return { ok: true, url };
}
