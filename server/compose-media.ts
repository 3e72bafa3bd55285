/**
 * What an item shows, wired beside compose.ts: the display built from its fields, and the task's media folders,
 * from which recordings and images are served and sidecar transcripts read.
 */
import { DisplayCache } from './domain/display/build.js';
import { MediaFiles } from './io/media-files.js';
import { transcriptFileReader } from './io/transcript-files.js';
import { mediaRoots } from './config/locate.js';
import type { ComposeInput } from './services.js';

export function composeMedia({ config }: Pick<ComposeInput, 'config'>) {
  const roots = mediaRoots(
    config.dir,
    config.raw.task_dir,
    (config.raw as { media_directory?: unknown }).media_directory,
  );
  return {
    display: new DisplayCache(
      config.display ?? {
        kind: 'auto',
        textKey: config.raw.item_properties.text_key,
        idKey: config.raw.item_properties.id_key,
      },
      undefined,
      transcriptFileReader(roots),
    ),
    media: new MediaFiles(roots),
  };
}
