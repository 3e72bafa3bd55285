/**
 * Media files of a project (images, audio, video named by items or layouts), read from the task's own folders
 * only: a path with `..`, an absolute path, or one whose real location (symlinks followed) lies outside every
 * root is refused.
 */
import { createReadStream, realpathSync, statSync, type ReadStream } from 'node:fs';
import { extname, join, sep } from 'node:path';

export const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.bmp': 'image/bmp',
  '.avif': 'image/avif',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.flac': 'audio/flac',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
  '.vtt': 'text/vtt',
};

export class MediaPathError extends Error {}

export interface MediaFile {
  stream: ReadStream;
  size: number;
  type: string;
}

export class MediaFiles {
  private readonly roots: string[];

  /** `roots`: the folders media may come from, most specific first */
  constructor(roots: string[]) {
    this.roots = [...new Set(roots)].flatMap((r) => {
      try {
        return [realpathSync(r)];
      } catch {
        return [];
      }
    });
  }

  /** The file at `path` under a root; undefined when no root has it; MediaPathError when the path may not be served. */
  open(path: string): MediaFile | undefined {
    const found = this.locate(path);
    return found && { stream: createReadStream(found.real), size: found.size, type: found.type };
  }

  /** Where the file at `path` really is, without opening it; undefined and MediaPathError as for `open`. */
  locate(path: string): { real: string; size: number; type: string } | undefined {
    const parts = path.replace(/\\/g, '/').split('/');
    if (path.startsWith('/') || parts.includes('..') || path.includes('\0') || /^[a-z]:/i.test(path))
      throw new MediaPathError(`${path}: a media path must stay inside the task folder`);
    const type = MEDIA_TYPES[extname(path).toLowerCase()];
    if (!type)
      throw new MediaPathError(`${path}: not a media file (images, audio, video and codebook documents are served)`);
    for (const root of this.roots) {
      let real: string;
      try {
        real = realpathSync(join(root, ...parts));
      } catch {
        continue;
      }
      if (!real.startsWith(root + sep))
        throw new MediaPathError(`${path}: a media path must stay inside the task folder`);
      const stat = statSync(real);
      if (!stat.isFile()) continue;
      return { real, size: stat.size, type };
    }
    return undefined;
  }
}
