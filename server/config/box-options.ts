/**
 * Potato's `annotation_mode: bounding_box` on a `document` or `pdf` field: the annotator draws labelled boxes over
 * the rendered document, saved as spans whose `format_coords` hold the box. Read here with the two options that
 * shape the drawing (`bbox_min_size`, `show_bbox_labels`); a wrong value stops start-up naming the key.
 */
import type { BoxOptions, DisplayField } from '../domain/display/types.js';

export class BoxOptionError extends Error {}

/** The display options a box-drawing field acts on besides `annotation_mode`. */
export const BOX_OPTIONS = ['bbox_min_size', 'show_bbox_labels'] as const;

const truthy = (v: unknown) => v === true || v === 'true' || v === 'True';
const falsy = (v: unknown) => v === false || v === 'false' || v === 'False';

/**
 * The field's box options when its `annotation_mode` is `bounding_box`, else undefined. `where` names the field's
 * display_options in messages.
 */
export function readBoxOptions(options: Record<string, unknown>, where: string): BoxOptions | undefined {
  const mode = options.annotation_mode;
  // span (Potato's default) and a PDF's link mode draw no boxes; the caller warns about them as not acted on
  if (mode === undefined || mode === null || mode === 'span' || mode === 'link') return undefined;
  if (mode !== 'bounding_box')
    throw new BoxOptionError(`${where}.annotation_mode: "${String(mode)}" is not known (span, bounding_box or link)`);
  const size = options.bbox_min_size ?? 10;
  const minSize = typeof size === 'string' && size.trim() !== '' ? Number(size) : size;
  if (typeof minSize !== 'number' || !Number.isFinite(minSize) || minSize < 0 || minSize > 10_000)
    throw new BoxOptionError(`${where}.bbox_min_size: expected a number of pixels from 0 to 10000`);
  const labels = options.show_bbox_labels ?? true;
  if (!truthy(labels) && !falsy(labels)) throw new BoxOptionError(`${where}.show_bbox_labels: expected true or false`);
  return { min_size: minSize, show_labels: truthy(labels) };
}

/**
 * Boxes are spans of a span scheme when there is one. Without, Potato still draws them and labels each with the
 * radio choice checked on its page, so they are spans of the field itself (their scheme is the field's key), named
 * with the radio schemes' labels (none: unlabelled). A box is a span without a field, so only one field per item
 * draws them (else nothing would say which one a box belongs to).
 */
export function settleBoxFields(
  fields: DisplayField[],
  keys: { hasSpans: boolean; radioLabels?: readonly string[]; schemeNames?: ReadonlySet<string> },
  warn: (m: string) => void,
): void {
  const drawing = fields.filter((f) => f.boxes);
  if (!drawing.length) return;
  if (drawing.length > 1) {
    const rest = drawing.slice(1).map((f) => `"${f.key}"`);
    warn(
      `instance_display: annotation_mode: bounding_box is acted on for one field per item; boxes are drawn on "${drawing[0].key}", and ${rest.join(', ')} ${rest.length === 1 ? 'is' : 'are'} shown without drawing`,
    );
    for (const f of drawing.slice(1)) delete f.boxes;
  }
  const [field] = drawing;
  if (keys.hasSpans) return;
  if (keys.schemeNames?.has(field.key)) {
    // the field's key is what its boxes are stored under; a scheme of that name would claim them
    warn(
      `instance_display: "${field.key}" is also the name of a scheme; without a span scheme its boxes would be kept under that name, so the field is shown without drawing`,
    );
    delete field.boxes;
    return;
  }
  field.boxes = { ...field.boxes!, field_labels: [...new Set(keys.radioLabels ?? [])] };
}
