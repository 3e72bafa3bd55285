/**
 * The web agent proxy's one outgoing request: GET over node:http(s), with the name resolved by our own lookup so
 * every address it resolves to is checked (and the connection made to the checked one: a name cannot resolve to a
 * public address for the check and a private one for the connection). No cookies or credentials are sent, no
 * redirect is followed (the caller turns a Location into another proxied URL, judged again), and the body is cut
 * off past its size bound and the whole past its time bound.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { DomainError } from '../domain/errors.js';
import { isPrivateAddress, mayBePrivate, type ProxySettings } from '../domain/web-agent/proxy-policy.js';
import type { FetchedPage } from '../domain/web-agent/web-proxy.js';

const failed = (m: string) => new DomainError('upstream_failed', m);

export function proxyFetch(settings: ProxySettings, url: URL, method: 'GET' | 'HEAD'): Promise<FetchedPage> {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const privateOk = mayBePrivate(settings, url.hostname, port);
  const lookup = (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad && !privateOk) {
        const e: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to a private address (${bad.address}); blocked`,
        );
        e.code = 'EPRIVATE';
        return callback(e, []);
      }
      const all = (options as { all?: boolean }).all;
      if (all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<FetchedPage>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        lookup,
        headers: { 'user-agent': 'Marginalia web agent proxy', accept: 'text/html,*/*;q=0.8' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > settings.maxBytes) {
            reject(
              new DomainError(
                'too_large',
                `the page is larger than ${settings.maxBytes} bytes (web_agent.proxy.max_response_bytes)`,
              ),
            );
            res.destroy();
            req.destroy();
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 502,
            contentType: res.headers['content-type'],
            location: res.headers.location,
            xFrameOptions: [res.headers['x-frame-options'] ?? ''].flat().join(', '),
            csp: [res.headers['content-security-policy'] ?? ''].flat().join(', '),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', (e) =>
          reject(e instanceof DomainError ? e : failed(`the page could not be read (${e.message})`)),
        );
      },
    );
    const deadline = setTimeout(
      () =>
        req.destroy(
          new DomainError(
            'upstream_timeout',
            `the page did not arrive within ${settings.timeoutMs / 1000} s (web_agent.proxy.timeout_seconds)`,
          ),
        ),
      settings.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (e instanceof DomainError) return reject(e);
      if (e.code === 'EPRIVATE') return reject(new DomainError('forbidden', `url: ${e.message}`));
      reject(failed(`could not reach ${url.hostname} (${e.code ?? e.message})`));
    });
    req.end();
  });
}
