/**
 * Reads a `multipart/form-data` body (an upload: a recorded audio chunk) within a byte limit and parses it with the
 * platform's own parser (undici's `Response.formData`), so no upload library is needed. Only the routes that take
 * uploads call it; the JSON and form readers in front of them leave such a body unread.
 */
import type { Context } from 'koa';
import { DomainError, invalid } from '../domain/errors.js';

/** The parts of the form, or a 400/413 naming `field` (the file part) when the body is too large or not a form. */
export async function readMultipart(ctx: Context, limit: number, field: string): Promise<FormData> {
  const type = ctx.get('content-type');
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw invalid(`${field}: send the chunk as multipart/form-data with the file under "${field}"`);
  const tooLarge = () =>
    new DomainError('too_large', `${field}: the upload is larger than ${Math.round(limit / 1024)} KB`);
  if (Number(ctx.get('content-length')) > limit) {
    ctx.req.resume();
    throw tooLarge();
  }
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const req = ctx.req;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // the rest is read and dropped, so the connection stays usable for the client's next request
      req.off('data', onData);
      req.resume();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, size)));
    req.once('error', (e) => reject(invalid(`${field}: the upload could not be read: ${e.message}`)));
    req.once('close', () => {
      if (!req.complete) reject(invalid(`${field}: the upload was aborted before it was complete`));
    });
  });
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw invalid(`${field}: the body is not a readable multipart/form-data form`);
  }
}
