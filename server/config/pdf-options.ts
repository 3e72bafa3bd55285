/**
 * A `pdf` field's display options as Potato names them: how its pages are shown (`view_mode`, scroll or
 * paginated), the page controls, the page shown first and the viewer's height. Potato's other PDF options (the
 * text layer, zoom, thumbnails, link mode) are left to the caller to warn about; a wrong value stops start-up.
 */
import type { PdfOptions } from '../domain/display/types.js';

export class PdfOptionError extends Error {}

/** The display options a pdf field acts on (besides the box options). */
export const PDF_OPTIONS = ['view_mode', 'show_page_controls', 'initial_page', 'max_height'] as const;

const bool = (v: unknown, where: string): boolean => {
  if (v === true || v === 'true' || v === 'True') return true;
  if (v === false || v === 'false' || v === 'False') return false;
  throw new PdfOptionError(`${where}: expected true or false`);
};

const positive = (v: unknown, where: string, max: number): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max)
    throw new PdfOptionError(`${where}: expected a whole number from 1 to ${max}`);
  return n;
};

/** `boxes`: the field draws boxes, so its pages are shown one at a time (as Potato sets it for that mode). */
export function readPdfOptions(
  options: Record<string, unknown>,
  where: string,
  boxes: boolean,
  warn: (m: string) => void,
): PdfOptions {
  const mode = options.view_mode ?? (boxes ? 'paginated' : 'scroll');
  if (mode !== 'scroll' && mode !== 'paginated' && mode !== 'side-by-side')
    throw new PdfOptionError(`${where}.view_mode: "${String(mode)}" is not known (scroll, paginated or side-by-side)`);
  let view: PdfOptions['view_mode'] = mode === 'paginated' ? 'paginated' : 'scroll';
  if (mode === 'side-by-side') warn(`${where}.view_mode: side-by-side is not built; the pages are shown in a column`);
  if (boxes && view === 'scroll') {
    warn(`${where}.view_mode: ${mode} with annotation_mode: bounding_box is shown paginated, as Potato shows it`);
    view = 'paginated';
  }
  const out: PdfOptions = {
    view_mode: view,
    show_page_controls:
      options.show_page_controls === undefined ? true : bool(options.show_page_controls, `${where}.show_page_controls`),
    initial_page:
      options.initial_page === undefined ? 1 : positive(options.initial_page, `${where}.initial_page`, 100_000),
  };
  if (options.max_height !== undefined && options.max_height !== null)
    out.max_height = positive(options.max_height, `${where}.max_height`, 100_000);
  return out;
}
