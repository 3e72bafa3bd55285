/**
 * Potato's `tooltip_file`: a label's (or a scheme's) tooltip kept in an HTML or text file. The file is read at
 * start-up and its text becomes the tooltip (tooltips are shown as text, so the markup is dropped); a missing
 * file stops start-up naming the key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { sanitizeWith } from '../domain/display/sanitize.js';

export class TooltipFileError extends Error {}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** The text of an HTML fragment: block ends become spaces, runs of blanks one space. */
function textOf(html: string): string {
  const text = sanitizeWith(html.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'title', 'head'],
  });
  // sanitize-html escapes these four in the text it returns; the tooltip is text, so they are put back
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function read(name: unknown, where: string, locate: (name: string) => string): string {
  if (typeof name !== 'string' || !name)
    throw new TooltipFileError(`${where}: expected the name of an HTML or text file`);
  const file = locate(name);
  if (!existsSync(file)) throw new TooltipFileError(`${where}: file ${file} not found`);
  return textOf(readFileSync(file, 'utf8'));
}

/**
 * Returns the scheme with each label's `tooltip_file` read into its `tooltip` (a `tooltip` given too wins), and a
 * scheme-level `tooltip_file` read into the scheme's `tooltip`.
 */
export function readTooltipFiles(scheme: unknown, index: number, locate: (name: string) => string): unknown {
  if (!isMapping(scheme)) return scheme;
  const where = `annotation_schemes[${index}]`;
  const out: Mapping = { ...scheme };
  if (out.tooltip_file !== undefined) {
    const text = read(out.tooltip_file, `${where}.tooltip_file`, locate);
    if (out.tooltip === undefined) out.tooltip = text;
    delete out.tooltip_file;
  }
  if (Array.isArray(out.labels)) {
    out.labels = out.labels.map((label, j) => {
      if (!isMapping(label) || label.tooltip_file === undefined) return label;
      const { tooltip_file: file, ...rest } = label;
      const text = read(file, `${where}.labels[${j}].tooltip_file`, locate);
      return { tooltip: text, ...rest };
    });
  } else if (isMapping(out.labels)) {
    // labels as a map: {positive: {tooltip_file: …}}
    out.labels = Object.fromEntries(
      Object.entries(out.labels).map(([name, label]) => {
        if (!isMapping(label) || label.tooltip_file === undefined) return [name, label];
        const { tooltip_file: file, ...rest } = label;
        return [name, { tooltip: read(file, `${where}.labels.${name}.tooltip_file`, locate), ...rest }];
      }),
    );
  }
  return out;
}
