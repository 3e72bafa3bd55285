/**
 * Potato's labels kept in a file: `labels: path/to/labels.txt` (relative to the config's folder), one label per
 * line, blank lines skipped. Read at start-up into the list the scheme would have had; a missing file stops
 * start-up naming the key.
 */
import { existsSync, readFileSync } from 'node:fs';

export class LabelFileError extends Error {}

export function readLabelFile(scheme: unknown, index: number, locate: (name: string) => string): unknown {
  if (!scheme || typeof scheme !== 'object' || Array.isArray(scheme)) return scheme;
  const labels = (scheme as Record<string, unknown>).labels;
  if (typeof labels !== 'string') return scheme;
  const file = locate(labels);
  if (!existsSync(file))
    throw new LabelFileError(
      `annotation_schemes[${index}].labels: file ${file} not found (labels are a list, or a text file with one per line)`,
    );
  const read = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!read.length) throw new LabelFileError(`annotation_schemes[${index}].labels: file ${file} holds no labels`);
  return { ...scheme, labels: read };
}
