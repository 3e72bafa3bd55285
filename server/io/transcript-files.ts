/**
 * Sidecar transcript files an audio dialogue's items name, read from the task's folders only: a path with `..`, an
 * absolute path, or one whose real location (symlinks followed) lies outside every root is refused, as media are.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

import type { SidecarRead } from '../domain/transcripts/resolve.js';

/** Larger files are not transcripts an annotator reads through; they are refused rather than held in memory. */
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * A transcript's text: UTF-8, or UTF-16 when the file starts with its byte-order mark (Praat saves a TextGrid
 * holding non-ASCII text so); a UTF-8 mark is dropped.
 */
function decodeTranscript(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

export function transcriptFileReader(roots: string[]): (path: string) => SidecarRead {
  const real = [...new Set(roots)].flatMap((r) => {
    try {
      return [realpathSync(r)];
    } catch {
      return [];
    }
  });
  return (path) => {
    const parts = path.replace(/\\/g, '/').split('/');
    const outside = { refused: `the transcript path ${path} leaves the task folder` };
    if (path.startsWith('/') || parts.includes('..') || path.includes('\0') || /^[a-z]:/i.test(path)) return outside;
    for (const root of real) {
      let file: string;
      try {
        file = realpathSync(join(root, ...parts));
      } catch {
        continue;
      }
      if (!file.startsWith(root + sep)) return outside;
      const stat = statSync(file);
      if (!stat.isFile()) continue;
      if (stat.size > MAX_BYTES) return { refused: `the transcript file ${path} is over 20 MB` };
      return { text: decodeTranscript(readFileSync(file)) };
    }
    return { missing: `the transcript file ${path} is not in the task folder` };
  };
}
