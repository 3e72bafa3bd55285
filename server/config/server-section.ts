/**
 * Potato's `server:` section and its top-level `host`: where Potato's own web server listens and how it keeps
 * sessions. `port`, `require_password` and `persist_sessions` inside the section mean what they mean at the top
 * (the top-level key wins when both are given). A `host` other than loopback is warned about rather than acted
 * on: a copied example saying 0.0.0.0 must not open a project to the network; the command line does that.
 */
import type { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from './loose-values.js';

type Mapping = Record<string, unknown>;

/** Top-level keys read here (`port` itself is the schema's). */
export const SERVER_KEYS = new Set(['server', 'host']);

const LIFTED = ['port', 'require_password', 'persist_sessions'] as const;
/** how the schema reads each top-level key, so `"False"` at the top and `false` in the section agree */
const READ: Record<(typeof LIFTED)[number], z.ZodType> = {
  port: looseUnsignedNumber,
  require_password: looseBoolean,
  persist_sessions: looseBoolean,
};
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function adaptServerSection(config: Mapping, file: string): { config: Mapping; warnings: string[] } {
  const warnings: string[] = [];
  const out: Mapping = { ...config };
  // key-types.ts has checked and read the section's values (`"yes"` → true, `"8000"` → 8000)
  const server = (config.server ?? {}) as Mapping;
  delete out.server;

  for (const key of LIFTED) {
    if (server[key] === undefined || server[key] === null) continue;
    if (out[key] === undefined || out[key] === null) out[key] = server[key];
    else if (JSON.stringify(readAs(key, out[key])) !== JSON.stringify(server[key]))
      warnings.push(`server.${key} is not acted on: the top-level ${key} (${JSON.stringify(out[key])}) is used`);
  }
  for (const [name, host] of [
    ['host', config.host],
    ['server.host', server.host],
  ] as const) {
    if (host === undefined || host === null || LOOPBACK.has(String(host))) continue;
    warnings.push(
      `${name} (${JSON.stringify(host)}) is not acted on: the server listens on 127.0.0.1 unless its command line ` +
        'says otherwise (npm start -- --host 0.0.0.0 opens it to the network; the desktop app has a LAN switch)',
    );
  }
  delete out.host;
  const flaskDebug = server.debug;
  if (flaskDebug === true)
    warnings.push(
      "server.debug (the web framework's debug mode) is not acted on: there is no such mode here; the top-level " +
        'debug key is the one that lets any name log in',
    );
  for (const key of Object.keys(server))
    if (!(LIFTED as readonly string[]).includes(key) && key !== 'host' && key !== 'debug')
      warnings.push(`unknown key "server.${key}" is ignored`);
  return { config: out, warnings: warnings.map((m) => `${file}: ${m}`) };
}

/** a top-level value as the schema reads it; one it will refuse stays as written (the refusal names it) */
function readAs(key: (typeof LIFTED)[number], value: unknown): unknown {
  const parsed = READ[key].safeParse(value);
  return parsed.success ? parsed.data : value;
}
