/**
 * The built UI's files through @fastify/send (path checks, dotfiles hidden, ETag and Last-Modified, conditional
 * GET, ranges), answered the Koa way (status, headers, body stream) so they leave through the same layers as
 * every other response.
 */
import { send } from '@fastify/send';
import type { Context } from 'koa';
import { LocalizedPages } from './localized-page.js';

/** Without remote media the UI's pages load only their own files, call only this server, and are never framed. */
const CLOSED_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** Answers a GET or HEAD with the file at `path` (URL-encoded) under `root`, or returns false having set nothing. */
export type ServeFile = (ctx: Context, path: string) => Promise<boolean>;

/** The language and direction a page is served in: the project's `ui_language`. */
export interface PageLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

const attr = (v: string) => v.replace(/[^A-Za-z0-9_-]/g, '');

/**
 * `policy`: the pages' content security policy; a closed one when unset. `language`: the `lang` and `dir` written
 * into each page's `<html>` tag, so the first paint and screen readers have them before the UI's script runs.
 */
export function staticFiles(root: string, policy = CLOSED_POLICY, language?: PageLanguage): ServeFile {
  // the built pages are English, left to right: only another language's pages are rewritten
  const localized =
    language &&
    (language.lang !== 'en' || language.dir !== 'ltr') &&
    new LocalizedPages(`<html lang="${attr(language.lang) || 'en'}" dir="${language.dir === 'rtl' ? 'rtl' : 'ltr'}">`);
  return async (ctx, path) => {
    const r = await send(ctx.req, path, { root, index: 'index.html', dotfiles: 'ignore', maxAge: 0 });
    if (r.type !== 'file') {
      r.stream.destroy();
      // a missing file, a folder or a path outside the root is not a file of the UI: the API or the fallback answers
      if (r.statusCode < 500) return false;
      throw r.type === 'error' ? r.metadata.error : new Error(`cannot serve ${path}`);
    }
    const html = r.metadata.path.endsWith('.html');
    if (html && localized) {
      // the page differs from the file, so the file's validators and ranges do not describe it
      r.stream.destroy();
      const page = await localized.get(r.metadata.path, r.metadata.stat);
      ctx.status = 200;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('ETag', page.etag);
      ctx.set('Content-Security-Policy', policy);
      if (ctx.fresh) ctx.status = 304;
      else ctx.body = page.body;
      return true;
    }
    ctx.status = r.statusCode;
    ctx.set(r.headers);
    if (html) ctx.set('Content-Security-Policy', policy);
    ctx.body = r.stream;
    return true;
  };
}
