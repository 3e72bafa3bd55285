/**
 * A built page with the project's `lang` and `dir` written into its `<html>` tag, kept per file until the file
 * changes (a rebuilt UI has a new mtime or size), with an ETag of its own: the file's describes other bytes.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';

const HTML_TAG = /<html\b[^>]*>/i;

interface Page {
  mtimeMs: number;
  size: number;
  body: string;
  etag: string;
}

export class LocalizedPages {
  private readonly pages = new Map<string, Page>();

  /** `tag`: the `<html …>` tag to put in place of the file's. */
  constructor(private readonly tag: string) {}

  /** The page for the file at `path`, whose `stat` the caller has just taken. */
  async get(path: string, stat: Stats): Promise<Page> {
    const kept = this.pages.get(path);
    if (kept && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept;
    const body = (await readFile(path, 'utf8')).replace(HTML_TAG, this.tag);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    const page = { mtimeMs: stat.mtimeMs, size: stat.size, body, etag };
    this.pages.set(path, page);
    return page;
  }
}
