/**
 * A lean reader for the one body type scripts and the UI send on every submission: `application/json` in UTF-8,
 * not compressed. @koa/bodyparser + co-body + raw-body + type-is + @hapi/bourne took ~7 % of the CPU of
 * a POST /updateinstance (content-type matching through several modules, option cloning, a decoder stream);
 * this reads the chunks, checks the limit and parses. Anything else (forms, other JSON media types, a charset
 * other than UTF-8, Content-Encoding) still goes to @koa/bodyparser, so those behave exactly as before.
 *
 * Same contract as co-body's strict JSON: an empty body is {}, the top level must be an object or an array,
 * a body over the limit is 413 (refused from Content-Length before reading when it says so), bad JSON is 400,
 * and a `__proto__` key (or constructor.prototype) is refused as @hapi/bourne's `protoAction: 'error'` did.
 * Nesting deeper than MAX_DEPTH is refused before parsing, so no later walk over the value can overflow the stack.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import { DomainError, invalid } from '../domain/errors.js';

const TOO_LARGE = 'request body is too large';
const NOT_JSON = 'request body is not valid JSON';

/** Deeper than any real submission or config (they nest a handful of levels); bounds every recursive walk. */
export const MAX_DEPTH = 64;
export const TOO_DEEP = `request body nests objects or arrays more than ${MAX_DEPTH} levels deep`;

/**
 * The deepest `{`/`[` nesting in JSON text, stopping as soon as it passes `max`: one pass over the characters,
 * skipping strings (and their escapes), allocating nothing. Text that is not JSON still gets a number.
 */
export function nestingDepth(text: string, max = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, stepping over escaped characters
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** True for `application/json` with no parameter other than a UTF-8 charset, sent uncompressed. */
export function isPlainJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  if (!type) return false;
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') return false;
  const semi = type.indexOf(';');
  const media = (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase();
  if (media !== 'application/json') return false;
  if (semi < 0) return true;
  const params = type.slice(semi + 1).trim().toLowerCase().replace(/\s+/g, '');
  return params === '' || params === 'charset=utf-8' || params === 'charset=utf8' || params === 'charset="utf-8"';
}

/** Reads the whole body as UTF-8 text, refusing more than `limit` bytes with a 413. */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(new DomainError('too_large', TOO_LARGE));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const fail = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        fail(new DomainError('too_large', TOO_LARGE));
        // discard the rest, as node does with a body nobody read: a paused request would hold its keep-alive
        // connection, and the client's next request on it, forever
        req.resume();
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a UTF-8 byte-order mark, as raw-body drops it
    };
    const onError = (e: Error) => fail(invalid(`the request body could not be read: ${e.message}`));
    const onClose = () => fail(invalid('the request was aborted before its body was complete'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** co-body's strict JSON: {} for an empty body, an object or an array at the top, no prototype keys. */
export function parseJson(text: string): unknown {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  if (i === text.length) {
    if (text.length === 0) return {};
    throw invalid(NOT_JSON);
  }
  if (text[i] !== '{' && text[i] !== '[') throw invalid(`${NOT_JSON}: only an object or an array is accepted`);
  if (nestingDepth(text) > MAX_DEPTH) throw invalid(TOO_DEEP);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(NOT_JSON);
  }
  // only a body that could spell such a key (directly or with \u escapes) is walked
  if ((text.includes('proto') || text.includes('\\u')) && hasPrototypeKey(value)) {
    throw invalid('request body has a forbidden __proto__ or constructor.prototype key');
  }
  return value;
}

function hasPrototypeKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasPrototypeKey);
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '__proto__') return true;
    if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) return true;
    if (hasPrototypeKey(child)) return true;
  }
  return false;
}

/** True when a parsed value nests objects or arrays more than `max` levels; iterative, so any depth is safe. */
export function deeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Middleware: plain JSON bodies of POST/PUT/PATCH here, everything else to `fallback` (@koa/bodyparser). */
export function jsonBody(limit: number, fallback: (ctx: Context, next: Next) => Promise<unknown>) {
  // not async: a GET passes straight through without a promise of its own
  return function readJsonBody(ctx: Context, next: Next): Promise<unknown> {
    const m = ctx.method;
    // @koa/bodyparser reads bodies of these three methods only, so every other request skips both readers
    if (m !== 'POST' && m !== 'PUT' && m !== 'PATCH') return next();
    if (!isPlainJson(ctx.req)) {
      return fallback(ctx, () => {
        if (deeperThan(ctx.request.body, MAX_DEPTH)) throw invalid(TOO_DEEP);
        return next();
      });
    }
    return readText(ctx.req, limit).then((text) => {
      ctx.request.body = parseJson(text);
      return next();
    });
  };
}
