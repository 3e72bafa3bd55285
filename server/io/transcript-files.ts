/**
 * Sidecar transcript files an audio dialogue's items name, read from the task's folders only: a path with `..`, an
 * absolute path, or one whose real location (symlinks followed) lies outside every root is refused, as media are.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

import type { SidecarRead } from '../domain/transcripts/resolve.js';

/** Larger files are not transcripts an annotator reads through; they are refused rather than held in memory. */
const MAX_BYTES = 20 * 1024 * 1024;

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
      return { text: readFileSync(file, 'utf8') };
    }
    return { missing: `the transcript file ${path} is not in the task folder` };
  };
}
