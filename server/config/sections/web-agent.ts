/**
 * The web agent's proxy (`web_agent.proxy`, this project's key: Potato's proxy fetches any public URL). It is
 * closed unless the owner lists hosts: `allowed_hosts` (`example.org`, `*.wikipedia.org`, either with `:port`),
 * `private_hosts` (`host:port` entries that may be reached at a private address, such as a test site on this
 * machine), and bounds on a page's size and wait. Potato's `live_agent` (a vision model driving a browser) is
 * not run here: said at start-up.
 */
import { z } from 'zod';
import { PROXY_OFF, type ProxySettings } from '../../domain/web-agent/proxy-policy.js';

const hostEntry = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine(
    (v) => /^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(v),
    'must be a host name, *.domain or either with :port',
  );

export const webAgentSchema = z.lazy(() =>
  z.looseObject({
    proxy: z
      .looseObject({
        allowed_hosts: z.array(hostEntry).max(1000).optional(),
        private_hosts: z
          .array(hostEntry.refine((v) => /:\d+$/.test(v) && !v.startsWith('*'), 'must be host:port'))
          .max(100)
          .optional(),
        max_response_bytes: z.number().int().min(1000).max(100_000_000).optional(),
        timeout_seconds: z.number().positive().max(300).optional(),
      })
      .optional(),
  }),
);

export function readWebAgent(
  raw: z.infer<typeof webAgentSchema> | undefined,
  liveAgent: unknown,
  warn: (m: string) => void,
): ProxySettings {
  if (liveAgent !== undefined && liveAgent !== null)
    warn(
      'live_agent is not acted on: no browsing agent is run here (it needs a vision model driving a headless browser); /api/live_agent/* answers 404',
    );
  const p = raw?.proxy;
  if (!p) return PROXY_OFF;
  return {
    allowedHosts: [...(p.allowed_hosts ?? []), ...(p.private_hosts ?? [])].map((h) => h.replace(/^\[|\](?=:|$)/g, '')),
    privateHosts: (p.private_hosts ?? []).map((h) => h.replace(/^\[|\](?=:|$)/g, '')),
    maxBytes: p.max_response_bytes ?? PROXY_OFF.maxBytes,
    timeoutMs: (p.timeout_seconds ?? PROXY_OFF.timeoutMs / 1000) * 1000,
  };
}
