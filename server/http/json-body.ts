/**
 * The one JSON body reader: `application/json` (and `+json` types) in any charset the platform decodes, plain or
 * gzip/deflate/br compressed. It reads the chunks, checks the limit and parses, which is most of what a
 * submission costs to take in; forms go to @koa/bodyparser.
 *
 * Same contract as co-body's strict JSON: an empty body is {}, the top level must be an object or an array,
 * a body over the limit (after decompression) is 413 (refused from Content-Length before reading when it says
 * so), bad JSON is 400, a charset or encoding it cannot read is 415, and a `__proto__` key (or
 * constructor.prototype) is refused. Nesting deeper than MAX_DEPTH is refused right after parsing, so no later
 * walk over the value can overflow the stack.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context, Next } from 'koa';
import { DomainError, invalid } from '../domain/errors.js';

const TOO_LARGE = 'request body is too large';
const NOT_JSON = 'request body is not valid JSON';

/** Deeper than any real submission or config (they nest a handful of levels); bounds every recursive walk. */
const MAX_DEPTH = 64;
const TOO_DEEP = `request body nests objects or arrays more than ${MAX_DEPTH} levels deep`;

/**
 * Whether a parsed value nests objects or arrays more than `max` levels, checked after JSON.parse (V8's parser
 * is not recursive, so any depth parses): a walk over the values that stops at `max`, so it never recurses deeper
 * than that, and allocates nothing, where a scan of the text before parsing read every character in JavaScript.
 */
export function nestsDeeperThan(value: unknown, max: number, depth = 1): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > max) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nestsDeeperThan(value[i], max, depth + 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], max, depth + 1)) return true;
  return false;
}

/** What a JSON body's headers say about reading it, or undefined when the body is not JSON. */
export interface JsonBodyForm {
  /** a TextDecoder label; undefined for UTF-8 */
  charset?: string;
  /** content-encoding other than identity */
  encoding?: string;
}

/** `application/json` or a `+json` type; its charset (UTF-8 unless named) and content-encoding. */
export function jsonBodyForm(req: IncomingMessage): JsonBodyForm | undefined {
  const type = req.headers['content-type'];
  if (!type) return undefined;
  const [mediaPart, ...params] = type.split(';');
  const media = mediaPart.trim().toLowerCase();
  if (media !== 'application/json' && !(media.startsWith('application/') && media.endsWith('+json'))) return undefined;
  const form: JsonBodyForm = {};
  for (const param of params) {
    const [name, value = ''] = param.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') form.charset = charset;
  }
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') form.encoding = encoding;
  return form;
}

function decompressed(req: IncomingMessage, encoding: string | undefined): Readable {
  if (!encoding) return req;
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!inflate)
    throw new DomainError(
      'unsupported',
      `unsupported content-encoding "${encoding}": send the body plain, gzip, deflate or br`,
    );
  req.on('error', (e) => inflate.destroy(e));
  return req.pipe(inflate);
}

function decoder(charset: string | undefined): TextDecoder | undefined {
  if (!charset) return undefined;
  try {
    return new TextDecoder(charset);
  } catch {
    throw new DomainError('unsupported', `unsupported charset "${charset}": send the body in UTF-8`);
  }
}

/** Reads the whole body as text, refusing more than `limit` bytes (decompressed) with a 413. */
function readText(req: IncomingMessage, limit: number, form: JsonBodyForm = {}): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit && !form.encoding) return Promise.reject(new DomainError('too_large', TOO_LARGE));
  let source: Readable;
  let text: TextDecoder | undefined;
  try {
    text = decoder(form.charset);
    source = decompressed(req, form.encoding);
  } catch (e) {
    req.resume();
    return Promise.reject(e);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
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
        if (source !== req) source.destroy();
        req.resume();
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      const body = text ? text.decode(bytes) : bytes.toString('utf8');
      resolve(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body); // a byte-order mark, as raw-body drops it
    };
    const onError = (e: Error) => fail(invalid(`the request body could not be read: ${e.message}`));
    // a request that closes before its body is complete was aborted; one that closes after (while a
    // decompressor still flushes) is not
    const onClose = () => {
      if (!req.complete) fail(invalid('the request was aborted before its body was complete'));
    };
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(NOT_JSON);
  }
  // before any other walk over the value, which would recurse as deep as it nests
  if (nestsDeeperThan(value, MAX_DEPTH)) throw invalid(TOO_DEEP);
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
    if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype'))
      return true;
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

/** Middleware: JSON bodies of POST/PUT/PATCH here, forms (and anything else) to `forms` (@koa/bodyparser). */
export function jsonBody(limit: number, forms: (ctx: Context, next: Next) => Promise<unknown>) {
  // not async: a GET passes straight through without a promise of its own
  return function readJsonBody(ctx: Context, next: Next): Promise<unknown> {
    const m = ctx.method;
    // @koa/bodyparser reads bodies of these three methods only, so every other request skips both readers
    if (m !== 'POST' && m !== 'PUT' && m !== 'PATCH') return next();
    const form = jsonBodyForm(ctx.req);
    if (!form) {
      return forms(ctx, () => {
        if (deeperThan(ctx.request.body, MAX_DEPTH)) throw invalid(TOO_DEEP);
        return next();
      });
    }
    return readText(ctx.req, limit, form).then((text) => {
      ctx.request.body = parseJson(text);
      return next();
    });
  };
}
