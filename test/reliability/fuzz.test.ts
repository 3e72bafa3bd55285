/**
 * Thousands of malformed requests to every annotator and session endpoint: every answer is a 4xx JSON error
 * with an `error` sentence — never a 5xx, never a hang — and the data folder is byte-for-byte unchanged.
 * Seeded, so a failure replays. FUZZ_RUNS raises the count for a full-length run.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import fc from 'fast-check';
import { startServer, type TestServer } from '../helpers/server.js';
import type { Client, Reply } from '../helpers/client.js';
import { fingerprint } from './data-fingerprint.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let t: TestServer;
let alice: Client;

beforeAll(async () => {
  t = await startServer();
  alice = await t.client().login('alice');
  // some real data, so "unchanged" means something
  await alice.post('/updateinstance', {
    instance_id: 'item-1',
    annotations: { 'sentiment:positive': 'true', 'stars:value': '4' },
    span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 4 }],
  });
});

function expectClientError(r: Reply, what: string) {
  if (!(r.status >= 400 && r.status < 500) || typeof r.body?.error !== 'string' || !r.body.error) {
    throw new Error(`${what} → ${r.status} ${r.text.slice(0, 300)}`);
  }
}

const weirdId = fc.oneof(
  fc.constantFrom(
    '../x',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'item-1%00',
    'a'.repeat(5000),
    '',
    ' ',
    '\u0000',
    '../../data.jsonl',
    'item-999999',
    '%E0%A4%A',
    '🙂',
  ),
  fc.string({ maxLength: 300 }).filter((s) => !/^item-\d+$/.test(s)),
);

/** A body that must not validate: anything, or a near-valid submission with one thing wrong. */
const badSubmission = fc.oneof(
  fc.anything({ maxDepth: 4 }),
  fc.record({ instance_id: weirdId, annotations: fc.constant({ 'sentiment:positive': 'true' }) }),
  fc.record({
    instance_id: fc.constant('item-1'),
    annotations: fc.oneof(
      fc.dictionary(
        fc.string({ maxLength: 20 }).filter((k) => !k.includes(':')),
        fc.string(),
        { minKeys: 1 },
      ),
      fc.constant({ 'nope:positive': 'true' }),
      fc.constant({ 'sentiment:positive': 'true', 'sentiment:negative': 'true' }),
      fc.constant({ 'stars:value': 'seven' }),
      fc.constant({ 'stars:value': '99' }),
      fc.constant({ 'evidence:pos': 'true' }),
      fc.constant({ 'sentiment:positive': { nested: true } }),
      fc.constant([1, 2, 3]),
    ),
  }),
  fc.record({
    instance_id: fc.constant('item-1'),
    span_annotations: fc.oneof(
      fc
        .record({
          schema: fc.constant('evidence'),
          name: fc.constant('pos'),
          start: fc.integer({ min: -1000, max: 1000 }),
          end: fc.integer({ min: -1000, max: 1000 }),
        })
        .filter((s) => !(s.start >= 0 && s.start < s.end && s.end <= 30))
        .map((s) => [s]),
      fc.constant([{ schema: 'sentiment', name: 'positive', start: 0, end: 2 }]),
      fc.constant([{ schema: 'evidence', name: 'nope', start: 0, end: 2 }]),
      fc.constant([{ schema: 'evidence', name: 'pos', start: 0.5, end: 2 }]),
      fc.constant('not an array'),
    ),
  }),
);

const badGoTo = fc.oneof(
  fc.anything({ maxDepth: 3 }).filter((v) => !(v && typeof v === 'object' && ('action' in v || 'go_to' in v))),
  fc.record({
    action: fc.string().filter((a) => !['next_instance', 'prev_instance', 'jump_to_unannotated'].includes(a)),
  }),
  fc.record({ go_to: weirdId }),
);

describe('fuzzing the annotation API', () => {
  it('answers every malformed request with a 4xx JSON error and leaves the data folder unchanged', async () => {
    const before = fingerprint(t.dataDir);
    await fc.assert(
      fc.asyncProperty(badSubmission, async (body) => {
        expectClientError(
          await alice.post('/updateinstance', body),
          `updateinstance ${JSON.stringify(body)?.slice(0, 200)}`,
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(badGoTo, async (body) => {
        expectClientError(await alice.post('/go_to', body), `go_to ${JSON.stringify(body)?.slice(0, 200)}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(
        weirdId,
        fc.constantFrom('/api/spans/', '/api/keyword_highlights/', '/get_annotations?instance_id='),
        async (id, prefix) => {
          expectClientError(await alice.get(prefix + encodeURIComponent(id)), `${prefix}${id.slice(0, 50)}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          username: fc
            .string({ maxLength: 80 })
            .filter((u) => !/^[A-Za-z0-9._@-]{1,64}$/.test(u.trim()) || /^\.+$/.test(u.trim())),
          password: fc.string({ maxLength: 50 }),
        }),
        fc.constantFrom('/auth', '/login', '/register'),
        async (form, path) => {
          expectClientError(await t.client().postForm(path, form), `${path} ${JSON.stringify(form).slice(0, 100)}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(fingerprint(t.dataDir)).toEqual(before);
  });

  it('refuses wrong content types, invalid UTF-8, deep nesting and oversized bodies with 4xx JSON', async () => {
    const before = fingerprint(t.dataDir);
    const cases: [string, Parameters<Client['request']>[2]][] = [
      ['text/plain body', { raw: 'instance_id=item-1', headers: { 'content-type': 'text/plain' } }],
      ['xml body', { raw: '<a>1</a>', headers: { 'content-type': 'application/xml' } }],
      [
        'invalid UTF-8',
        {
          raw: new Uint8Array([0x7b, 0x22, 0x69, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        'truncated JSON',
        { raw: '{"instance_id": "item-1", "annotations": {', headers: { 'content-type': 'application/json' } },
      ],
      [
        'deep nesting',
        { raw: '['.repeat(100_000) + ']'.repeat(100_000), headers: { 'content-type': 'application/json' } },
      ],
      [
        'deep nesting with an escape',
        {
          raw: '['.repeat(100_000) + '"\\u0041"' + ']'.repeat(100_000),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        'deep object nesting with an escape',
        {
          raw: '{"a":'.repeat(100_000) + '"\\u0041"' + '}'.repeat(100_000),
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        'deep object nesting',
        { raw: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000), headers: { 'content-type': 'application/json' } },
      ],
      ['3 MB body', { json: { instance_id: 'item-1', annotations: { 'note:text': 'x'.repeat(3_000_000) } } }],
      ['JSON null', { raw: 'null', headers: { 'content-type': 'application/json' } }],
      ['JSON string', { raw: '"hello"', headers: { 'content-type': 'application/json' } }],
    ];
    for (const [what, options] of cases) {
      expectClientError(await alice.request('POST', '/updateinstance', options), what);
    }
    const tooLong = await alice.get('/api/spans/' + 'x'.repeat(20_000));
    expect(tooLong.status).toBeGreaterThanOrEqual(400);
    expect(tooLong.status).toBeLessThan(500);
    expect(fingerprint(t.dataDir)).toEqual(before);
    // and the server still works
    expect((await alice.get('/api/current_instance')).status).toBe(200);
  });
});
