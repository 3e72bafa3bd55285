/**
 * The web agent's proxy: a page of an allowed host fetched for the annotator's recorder frame, and whether a site
 * lets itself be framed. Every URL is judged by the policy first, a redirect's target too (it is answered as a
 * redirect to the proxied target, so it comes back here and is judged again). What is passed on of a page is its
 * status, type and body; the HTTP layer serves it sandboxed.
 */
import { forbidden } from '../errors.js';
import { judgeUrl, type ProxySettings } from './proxy-policy.js';

export interface FetchedPage {
  status: number;
  contentType?: string;
  location?: string;
  xFrameOptions?: string;
  csp?: string;
  body: Buffer;
}

/**
 * One outgoing request; refuses addresses the policy forbids as it resolves the name
 * (server/io/web-proxy-fetch.ts).
 */
export type PageFetch = (settings: ProxySettings, url: URL, method: 'GET' | 'HEAD') => Promise<FetchedPage>;

const PROXY_PREFIX = '/api/web_agent/proxy/';

export class WebProxy {
  constructor(
    readonly settings: ProxySettings,
    private readonly fetchPage: PageFetch,
  ) {}

  async get(raw: string): Promise<FetchedPage> {
    const verdict = judgeUrl(this.settings, raw);
    if (!verdict.ok) throw forbidden(verdict.reason);
    const page = await this.fetchPage(this.settings, verdict.url, 'GET');
    if (page.status >= 300 && page.status < 400 && page.location) {
      const target = new URL(page.location, verdict.url).toString();
      return { status: 302, location: PROXY_PREFIX + target, body: Buffer.alloc(0) };
    }
    return page;
  }

  /** Whether the site may be shown in a frame; a URL the proxy may not fetch is answered, not fetched. */
  async frameable(raw: string): Promise<{ frameable: boolean; reason: string }> {
    const verdict = judgeUrl(this.settings, raw);
    if (!verdict.ok) return { frameable: false, reason: verdict.reason };
    const page = await this.fetchPage(this.settings, verdict.url, 'HEAD');
    const xfo = page.xFrameOptions?.toLowerCase();
    if (xfo === 'deny' || xfo === 'sameorigin') return { frameable: false, reason: `X-Frame-Options: ${xfo}` };
    if (/frame-ancestors/i.test(page.csp ?? ''))
      return { frameable: false, reason: 'Content-Security-Policy frame-ancestors' };
    return { frameable: true, reason: 'the site sets no framing restriction' };
  }
}
