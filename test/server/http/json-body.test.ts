/** The lean JSON body reader (server/http/json-body.ts): its parsing contract, and its limits over real HTTP. */
import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/domain/errors.js';
import { deeperThan, jsonBodyForm, nestsDeeperThan, parseJson } from '../../../server/http/json-body.js';
import type { Client } from '../../helpers/client.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const refusal = (text: string) => {
  try {
    parseJson(text);
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}: ${e.message}` : `other: ${String(e)}`;
  }
  return 'accepted';
};

describe('parseJson', () => {
  it('parses objects and arrays, an empty body as {}, and drops a byte-order mark', () => {
    expect(parseJson('')).toEqual({});
    expect(parseJson(' \n{"a": [1, {"b": null}]}\t')).toEqual({ a: [1, { b: null }] });
    expect(parseJson('[1,2]')).toEqual([1, 2]);
    expect(parseJson('{"prototype": 1, "constructor": "x", "protocol": "http"}')).toEqual({
      prototype: 1,
      constructor: 'x',
      protocol: 'http',
    });
    expect(parseJson('{"text": "caf\\u00e9"}')).toEqual({ text: 'café' });
  });

  it('refuses what is not an object or an array, and bad JSON, as invalid', () => {
    for (const text of ['   ', '"a"', '1', 'null', 'true', '{"a": 1', '{a: 1}', '[1,]', '\ufeff{}x']) {
      expect(refusal(text), text).toMatch(/^invalid: request body is not valid JSON/);
    }
  });

  it('refuses __proto__ and constructor.prototype keys at any depth, also spelt with escapes', () => {
    for (const text of [
      '{"__proto__": {"admin": true}}',
      '{"a": [{"b": {"__proto__": {}}}]}',
      '{"\\u005f_proto__": {}}',
      '{"constructor": {"prototype": {"admin": true}}}',
      '[{"x": {"constructor": {"prototype": 1}}}]',
    ]) {
      expect(refusal(text), text).toMatch(/^invalid: .*forbidden __proto__/);
    }
  });
});

describe('nesting depth', () => {
  it('counts the levels of objects and arrays in a parsed value, brackets inside strings not', () => {
    const levels = (text: string) => [4, 5].map((max) => nestsDeeperThan(JSON.parse(text), max));
    expect(levels('{"a": [1, {"b": [[]]}]}')).toEqual([true, false]);
    expect(levels('[[[{"a": "[[[[{{{{", "b\\"": "\\"[[["}]]]')).toEqual([false, false]);
    expect(levels('[1, "x", null, [[[[]]]]]')).toEqual([true, false]);
    expect(nestsDeeperThan(JSON.parse('{}'), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.parse('{}'), 0)).toBe(true);
    expect(nestsDeeperThan('[[[', 0)).toBe(false); // text is not a level
  });

  it('refuses JSON deeper than 64 levels by name and accepts 64', () => {
    expect(parseJson('['.repeat(64) + ']'.repeat(64))).toBeInstanceOf(Array);
    expect(refusal('['.repeat(65) + ']'.repeat(65))).toBe(
      'invalid: request body nests objects or arrays more than 64 levels deep',
    );
    expect(refusal('{"a":'.repeat(100_000) + '"\\u0041"' + '}'.repeat(100_000))).toMatch(/64 levels deep/);
  });

  it('measures a parsed value without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(deeperThan(deep, 64)).toBe(true);
    expect(deeperThan({ a: [[{ b: 1 }]] }, 4)).toBe(false);
    expect(deeperThan({ a: [[{ b: {} }]] }, 4)).toBe(true);
    expect(deeperThan('x', 0)).toBe(false);
  });
});

describe('jsonBodyForm', () => {
  const req = (headers: Record<string, string | undefined>) => ({ headers }) as never;
  it('takes JSON media types with their charset and encoding, and leaves everything else to the form reader', () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset=UTF8',
      'application/json; charset="utf-8"',
    ]) {
      expect(jsonBodyForm(req({ 'content-type': type })), type).toEqual({});
    }
    expect(jsonBodyForm(req({ 'content-type': 'application/json', 'content-encoding': 'identity' }))).toEqual({});
    expect(jsonBodyForm(req({ 'content-type': 'application/vnd.api+json' }))).toEqual({});
    expect(jsonBodyForm(req({ 'content-type': 'application/json; charset=latin1' }))).toEqual({ charset: 'latin1' });
    expect(jsonBodyForm(req({ 'content-type': 'application/json', 'content-encoding': 'GZIP' }))).toEqual({
      encoding: 'gzip',
    });
    for (const headers of <Record<string, string>[]>[
      {},
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'text/json+xml' },
    ]) {
      expect(jsonBodyForm(req(headers)), JSON.stringify(headers)).toBeUndefined();
    }
  });
});

describe('JSON bodies over HTTP', () => {
  let t: TestServer;
  let alice: Client;
  beforeAll(async () => {
    t = await startServer();
    alice = await t.client().login('alice');
  });
  const submission = { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } };

  it('accepts a submission with or without a charset', async () => {
    expect((await alice.post('/updateinstance', submission)).status).toBe(200);
    const r = await alice.request('POST', '/updateinstance', {
      raw: JSON.stringify(submission),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
  });

  it('answers a body over 2 MiB with 413, whether its length is declared or streamed', async () => {
    const big = JSON.stringify({ ...submission, pad: 'x'.repeat(2 * 1024 * 1024) });
    const declared = await alice.request('POST', '/updateinstance', {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: 'request body is too large' });
    // chunked: no Content-Length, so the limit is found while reading
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${t.url}/updateinstance`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `marginalia.sid=${alice.cookie('marginalia.sid')}; marginalia.sid.sig=${alice.cookie('marginalia.sid.sig')}`,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 5; i++) req.write('x'.repeat(512 * 1024));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ error: 'request body is too large' });
  });

  it('answers bad JSON and a prototype key with 400, and a body of another type as an empty one', async () => {
    const bad = await alice.request('POST', '/updateinstance', {
      raw: '{"instance_id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/not valid JSON/);
    const poisoned = await alice.request('POST', '/updateinstance', {
      raw: '{"instance_id": "item-1", "annotations": {"__proto__": {"x": "1"}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.error).toMatch(/__proto__/);
    const text = await alice.request('POST', '/updateinstance', {
      raw: JSON.stringify(submission),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/^instance_id: /);
  });

  it('reads compressed JSON (gzip, deflate, br), other charsets and +json types; forms go to @koa/bodyparser', async () => {
    const post = (raw: Buffer | string, headers: Record<string, string>) =>
      alice.request('POST', '/updateinstance', { raw, headers: { 'content-type': 'application/json', ...headers } });
    const body = JSON.stringify(submission);
    expect((await post(gzipSync(body), { 'content-encoding': 'gzip' })).status).toBe(200);
    expect((await post(deflateSync(body), { 'content-encoding': 'deflate' })).status).toBe(200);
    expect((await post(brotliCompressSync(body), { 'content-encoding': 'br' })).status).toBe(200);
    expect((await post(body, { 'content-type': 'application/vnd.api+json' })).status).toBe(200);
    // a Latin-1 body: é is one byte (0xE9) there, and must arrive as é
    const note = { instance_id: 'item-2', annotations: { 'sentiment:positive': 'true', 'note:text': 'café' } };
    const latin1 = await post(Buffer.from(JSON.stringify(note), 'latin1'), {
      'content-type': 'application/json; charset=latin1',
    });
    expect(latin1.status).toBe(200);
    expect((await alice.get('/get_annotations?instance_id=item-2')).body.annotations['note:text']).toBe('café');
    expect((await t.client().postForm('/auth', { username: 'alice', password: 'secret-pass' })).status).toBe(200);
  });

  it('answers 415 naming a charset or encoding it cannot read, and 413 for a body too large once decompressed', async () => {
    const post = (raw: Buffer | string, headers: Record<string, string>) =>
      alice.request('POST', '/updateinstance', { raw, headers: { 'content-type': 'application/json', ...headers } });
    const charset = await post(JSON.stringify(submission), { 'content-type': 'application/json; charset=klingon' });
    expect(charset.status).toBe(415);
    expect(charset.body.error).toMatch(/charset "klingon"/);
    const encoding = await post(JSON.stringify(submission), { 'content-encoding': 'zstd-of-the-future' });
    expect(encoding.status).toBe(415);
    expect(encoding.body.error).toMatch(/content-encoding "zstd-of-the-future"/);
    // a small gzip that inflates past 2 MiB
    const bomb = gzipSync(JSON.stringify({ ...submission, pad: ' '.repeat(3 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const big = await post(bomb, { 'content-encoding': 'gzip' });
    expect(big.status).toBe(413);
    // the connection still serves the next request
    expect((await alice.post('/updateinstance', submission)).status).toBe(200);
  });
});
