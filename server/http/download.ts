import type Koa from 'koa';

/**
 * Answers with a file for the browser to save rather than show: its media type, the name it is saved under and its
 * body (text, a buffer or a stream). Returns undefined, which tells the route table the body is already set.
 */
export function download(ctx: Koa.Context, type: string, filename: string, body: Koa.Context['body']): undefined {
  ctx.type = type;
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.body = body;
  return undefined;
}
