/**
 * Every route the server declares — whatever features have added to `allRoutes` — gets malformed path
 * parameters, queries and bodies, as an annotator and as an admin. No answer is a 5xx or a non-JSON error, every
 * refusal carries an `error` sentence, and a refused request leaves the data folder byte-for-byte unchanged.
 * Seeded; FUZZ_RUNS raises the count. The routes are dealt into parts, one test file each
 * (fuzz-routes-N.test.ts), so the walk, which grows with every feature, is shared by the test workers.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import fc from 'fast-check';
import { startServer, type TestServer } from '../helpers/server.js';
import { FEATURES_ON, modelsAt } from '../helpers/features-on.js';
import { startLlmServer } from '../helpers/llm-server.js';
import type { Client, Reply } from '../helpers/client.js';
import { allRoutes } from '../../server/compose.js';
import { fingerprint, settledFingerprint } from './data-fingerprint.js';

// per route, after the shape examples below: every feature adds routes, so the default keeps the walk short;
// FUZZ_RUNS goes deeper (5000 in `npm run test:reliability`: 833 random cases per route)
const RUNS = process.env.FUZZ_RUNS ? Math.max(20, Math.round(Number(process.env.FUZZ_RUNS) / 6)) : 12;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Routes whose purpose is to change sessions; test/reliability/fuzz.test.ts and web-attacks cover them. */
const SESSION_PATHS = new Set(['/auth', '/login', '/register', '/logout', '/auth/token']);

const weird = fc.oneof(
  fc.constantFrom(
    '../x',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'a'.repeat(3000),
    ' ',
    '🙂',
    'item-999999',
    '{}',
    '-1',
    'NaN',
  ),
  fc.string({ maxLength: 100 }),
);
const query = fc.dictionary(
  fc.constantFrom('instance_id', 'schema', 'status', 'limit', 'offset', 'format', 'annotator', 'id', 'x'),
  weird,
  { maxKeys: 4 },
);
const body = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 20 }), fc.anything({ maxDepth: 2 })),
);

/**
 * Every route gets one body of each shape class first, whatever the random cases draw: nothing, each JSON type,
 * nesting, keys that reach prototypes, the right field names with the wrong types, and a huge string; with the
 * weird path parameters and queries dealt among them, as the annotator and as the admin by turns.
 */
const WEIRD_PARAMS = ['../x', '..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(3000), ' ', '🙂', 'item-999999', '{}', '-1'];
const SHAPES: unknown[] = [
  undefined,
  null,
  true,
  -1.5e308,
  'text',
  [1, 'two', null, [{}]],
  { a: { b: { c: [{ d: null }] } } },
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "": ""}'),
  { instance_id: 7, annotations: 'x', schema: [], username: {}, password: null, labels: 'a', status: 3 },
  { text: 'x'.repeat(200_000) },
];
const EXAMPLES: [string[], Record<string, string>, unknown, boolean][] = SHAPES.map((b, i) => [
  [0, 1, 2].map((k) => WEIRD_PARAMS[(i * 3 + k) % WEIRD_PARAMS.length]),
  i % 2 ? { instance_id: WEIRD_PARAMS[i % WEIRD_PARAMS.length], limit: '-1' } : ({} as Record<string, string>),
  b,
  i % 2 === 0,
]);

function check(r: Reply, what: string) {
  if (r.status >= 500) throw new Error(`${what} → ${r.status} ${r.text.slice(0, 300)}`);
  if (r.status >= 400 && (typeof r.body?.error !== 'string' || !r.body.error))
    throw new Error(`${what} → ${r.status} without a JSON error: ${r.text.slice(0, 200)}`);
}

/** Fuzzes every `parts`-th declared route, starting at the `part`-th (1-based), on a server of its own. */
export function fuzzRoutes(part: number, parts: number) {
  let t: TestServer;
  let alice: Client;

  beforeAll(async () => {
    const llm = await startLlmServer();
    t = await startServer({ config: { ...FEATURES_ON, ...modelsAt(llm.url) } });
    alice = await t.client().login('alice');
    await alice.get('/api/current_instance'); // plan her list now, so later reads write nothing
    await alice.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });
  });

  describe(`fuzzing declared routes, part ${part} of ${parts}`, () => {
    it(
      'never answers 5xx, always explains refusals, and refused requests change nothing on disk',
      { timeout: 420_000 },
      async () => {
        const all = allRoutes(t.server.services).filter((r) => !SESSION_PATHS.has(r.path));
        expect(all.length).toBeGreaterThan(15);
        const routes = all.filter((_, i) => i % parts === part - 1);
        let baseline = fingerprint(t.dataDir);
        for (const spec of routes) {
          await fc.assert(
            fc.asyncProperty(
              fc.array(weird, { minLength: 3, maxLength: 3 }),
              query,
              body,
              fc.boolean(),
              async (params, q, b, asAdmin) => {
                let n = 0;
                const path = spec.path.replace(/:(\w+)/g, () => encodeURIComponent(params[n++] || 'x'));
                const search = new URLSearchParams(q as Record<string, string>).toString();
                const client = asAdmin ? t.admin() : alice;
                const url = `${path}${search ? `?${search}` : ''}`;
                const r =
                  spec.method === 'GET' ? await client.get(url) : await client.request(spec.method, url, { json: b });
                check(r, `${spec.method} ${url.slice(0, 120)} ${JSON.stringify(b)?.slice(0, 120)}`);
                if (r.status >= 400)
                  expect(fingerprint(t.dataDir), `${spec.method} ${spec.path} refused but wrote`).toEqual(baseline);
                else baseline = await settledFingerprint(t);
              },
            ),
            { numRuns: RUNS, seed: SEED, examples: EXAMPLES },
          );
        }
        expect((await alice.get('/api/current_instance')).status).toBe(200);
      },
    );
  });
}
