/**
 * Bodies nested 100,000 levels deep, with and without a `\u` escape (which sends JSON down the general parser),
 * in every content type the body readers accept, to every POST/PUT/PATCH route as an annotator and as an admin:
 * no answer is a 5xx, JSON refusals name the depth limit, and the data folder is byte-for-byte unchanged.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it, beforeAll } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { startLlmServer } from '../helpers/llm-server.js';
import { FEATURES_ON, modelsAt } from '../helpers/features-on.js';
import type { Client, Reply } from '../helpers/client.js';
import { allRoutes } from '../../server/compose.js';
import { fingerprint, settledFingerprint } from './data-fingerprint.js';

const DEEP = 100_000;
const SESSION_PATHS = ['/auth', '/login', '/register', '/logout', '/auth/token'];

let t: TestServer;
let alice: Client;

beforeAll(async () => {
  const llm = await startLlmServer();
  t = await startServer({ config: { ...FEATURES_ON, ...modelsAt(llm.url) } });
  alice = await t.client().login('alice');
  await alice.get('/api/current_instance');
  await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
});

const leaf = (escaped: boolean) => (escaped ? '"\\u0041"' : '1');
const deepArray = (escaped: boolean) => '['.repeat(DEEP) + leaf(escaped) + ']'.repeat(DEEP);
const deepObject = (escaped: boolean) => '{"a":'.repeat(DEEP) + leaf(escaped) + '}'.repeat(DEEP);
/** nesting that starts inside a valid-looking submission */
const deepField = (escaped: boolean) => `{"instance_id":"item-1","annotations":${deepObject(escaped)}}`;

interface Body {
  what: string;
  /** how it is sent (content type, encoding, form style): every route gets every kind */
  kind: string;
  raw: string | Uint8Array;
  headers: Record<string, string>;
  /** a JSON media type, so the refusal must be the depth limit */
  json: boolean;
}

function bodies(): Body[] {
  const out: Body[] = [];
  for (const escaped of [false, true]) {
    const tag = escaped ? 'with an escape' : 'without escapes';
    for (const [shape, text] of [
      ['array', deepArray(escaped)],
      ['object', deepObject(escaped)],
      ['field', deepField(escaped)],
    ] as const) {
      out.push(
        {
          what: `${shape} ${tag}, application/json`,
          kind: 'json',
          raw: text,
          headers: { 'content-type': 'application/json' },
          json: true,
        },
        {
          what: `${shape} ${tag}, application/json; charset=utf-8`,
          kind: 'json utf-8',
          raw: text,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          json: true,
        },
        {
          what: `${shape} ${tag}, application/json; charset=latin1`,
          kind: 'json latin1',
          raw: text,
          headers: { 'content-type': 'application/json; charset=latin1' },
          json: true,
        },
        {
          what: `${shape} ${tag}, application/vnd.api+json`,
          kind: '+json',
          raw: text,
          headers: { 'content-type': 'application/vnd.api+json' },
          json: true,
        },
        {
          what: `${shape} ${tag}, gzip application/json`,
          kind: 'gzip json',
          raw: gzipSync(text),
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          json: true,
        },
        {
          what: `${shape} ${tag}, text/plain`,
          kind: 'text',
          raw: text,
          headers: { 'content-type': 'text/plain' },
          json: false,
        },
        { what: `${shape} ${tag}, no content type`, kind: 'none', raw: text, headers: {}, json: false },
      );
    }
    // forms: bracket nesting (qs), and deep JSON text as a field value; under the 64 kB form limit
    const value = escaped ? '%5Cu0041' : '1';
    out.push(
      {
        what: `form brackets ${tag}`,
        kind: 'form brackets',
        raw: 'instance_id=item-1&a' + '%5Ba%5D'.repeat(8_000) + '=' + value,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        json: false,
      },
      {
        what: `form raw brackets ${tag}`,
        kind: 'form raw brackets',
        raw: 'a' + '[a]'.repeat(20_000) + '=' + value,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        json: false,
      },
      {
        what: `form JSON value ${tag}`,
        kind: 'form JSON value',
        raw:
          'instance_id=item-1&annotations=' +
          encodeURIComponent('['.repeat(15_000) + leaf(escaped) + ']'.repeat(15_000)),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        json: false,
      },
    );
  }
  return out;
}

/**
 * The bodies one route gets from one caller. The readers are shared middleware, so what varies by route is whether
 * and how it reads a body: each route and caller gets every kind once, in a shape and escape that rotates with the
 * route, so across the routes every body is sent many times (each of the 48 to about a sixth of the routes). A
 * deep run (FUZZ_RUNS of 1000 or more, as `npm run test:reliability`) sends every body to every route.
 */
function dealt(all: Body[], route: number, asAdmin: boolean): Body[] {
  if (Number(process.env.FUZZ_RUNS ?? 0) >= 1000) return all;
  const kinds = [...new Set(all.map((b) => b.kind))];
  return kinds.map((kind, k) => {
    const variants = all.filter((b) => b.kind === kind);
    return variants[(route * 2 + Number(asAdmin) + k) % variants.length];
  });
}

function check(r: Reply, what: string, json: boolean) {
  if (r.status >= 500) throw new Error(`${what} → ${r.status} ${r.text.slice(0, 300)}`);
  if (r.status >= 400 && (typeof r.body?.error !== 'string' || !r.body.error))
    throw new Error(`${what} → ${r.status} without a JSON error: ${r.text.slice(0, 200)}`);
  if (json && !(r.status === 400 && /64 levels/.test(r.body?.error)))
    throw new Error(`${what} → ${r.status} ${r.text.slice(0, 200)}, not the depth limit`);
}

describe('deeply nested bodies', () => {
  it(
    'are refused on every route in every content type, never with a 5xx, and change nothing',
    { timeout: 300_000 },
    async () => {
      const paths = [
        ...new Set([
          ...allRoutes(t.server.services)
            // GET and DELETE bodies are never read
            .filter((r) => r.method !== 'GET' && r.method !== 'DELETE')
            .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, 'x')}`),
          ...SESSION_PATHS.map((p) => `POST ${p}`),
        ]),
      ];
      expect(paths).toContain('POST /updateinstance');
      expect(paths).toContain('POST /admin/api/config');
      let baseline = fingerprint(t.dataDir);
      const all = bodies();
      const sent = new Set<string>();
      for (const [i, route] of paths.entries()) {
        const [method, path] = route.split(' ');
        for (const asAdmin of [false, true]) {
          let accepted = false;
          for (const b of dealt(all, i, asAdmin)) {
            // session routes get a fresh client, so a logout does not end alice's session
            const client = asAdmin ? t.admin() : SESSION_PATHS.includes(path) ? t.client() : alice;
            const r = await client.request(method, path, { raw: b.raw, headers: b.headers });
            sent.add(b.what);
            check(r, `${route} ${b.what}`, b.json);
            if (r.status < 400) accepted = true;
          }
          // hashing the folder once per route and caller: when every body was refused, nothing may have changed
          if (!accepted) expect(fingerprint(t.dataDir), `${route} refused every body but wrote`).toEqual(baseline);
          else baseline = await settledFingerprint(t);
        }
      }
      // the deal left no body unsent
      expect([...sent].sort()).toEqual(all.map((b) => b.what).sort());
      expect((await alice.get('/api/current_instance')).status).toBe(200);
    },
  );

  it('still accepts nesting at the limit', async () => {
    // 64 levels: the body, annotations, and 62 more inside one value; refused by validation, not by the reader
    const text = `{"instance_id":"item-1","annotations":{"note:text":${'['.repeat(62)}"\\u0041"${']'.repeat(62)}}}`;
    const r = await alice.request('POST', '/updateinstance', {
      raw: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).not.toMatch(/levels deep/);
    const over = text.replace('[', '[[').replace(']', ']]');
    const r2 = await alice.request('POST', '/updateinstance', {
      raw: over,
      headers: { 'content-type': 'application/json' },
    });
    expect(r2.body.error).toMatch(/64 levels deep/);
  });
});
