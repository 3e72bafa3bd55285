/**
 * The built UI's files through @fastify/send (path checks, dotfiles hidden, ETag and Last-Modified, conditional
 * GET, ranges), answered the Koa way (status, headers, body stream) so they leave through the same layers as
 * every other response.
 */
import { send } from '@fastify/send';
import type { Context } from 'koa';

/** Without remote media the UI's pages load only their own files, call only this server, and are never framed. */
const CLOSED_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** Answers a GET or HEAD with the file at `path` (URL-encoded) under `root`, or returns false having set nothing. */
export type ServeFile = (ctx: Context, path: string) => Promise<boolean>;

/** `policy`: the pages' content security policy; a closed one when unset. */
export function staticFiles(root: string, policy = CLOSED_POLICY): ServeFile {
  return async (ctx, path) => {
    const r = await send(ctx.req, path, { root, index: 'index.html', dotfiles: 'ignore', maxAge: 0 });
    if (r.type !== 'file') {
      r.stream.destroy();
      // a missing file, a folder or a path outside the root is not a file of the UI: the API or the fallback answers
      if (r.statusCode < 500) return false;
      throw r.type === 'error' ? r.metadata.error : new Error(`cannot serve ${path}`);
    }
    ctx.status = r.statusCode;
    ctx.set(r.headers);
    if (r.metadata.path.endsWith('.html')) ctx.set('Content-Security-Policy', policy);
    ctx.body = r.stream;
    return true;
  };
}
