/**
 * What a submitted span may carry beyond its scheme, label and offsets: the id its client names it by and Potato's
 * `format_coords`, the place the span has in a document shown as a PDF, spreadsheet, document or code, or a box on
 * a page. Each format takes the keys Potato's format handlers and docs give it, typed; any other key is refused, so
 * a misspelt one is named in a 400 rather than kept and never read.
 */
import { z } from 'zod';
import type { FormatCoords } from './records.js';

/** Printable text without control or format characters, no space at either end: ids travel in URLs and exports. */
const SPAN_ID = /^[^\p{Cc}\p{Cf}\s](?:[^\p{Cc}\p{Cf}]{0,126}[^\p{Cc}\p{Cf}\s])?$/u;

export const SPAN_ID_RULE =
  'an id is 1 to 128 printable characters, without control characters or spaces at either end';

export const spanClientId = z
  .string()
  .max(128)
  .regex(SPAN_ID, SPAN_ID_RULE)
  .describe(
    "the span's own id, kept when it differs from the server's (ids of the server's form `sp_…` are not kept): links and events, in this request or later ones, name the span by it",
  );

/** Whether a value passes `spanClientId` (the hand-written parse of the usual body asks this). */
export const isSpanClientId = (v: unknown): v is string => typeof v === 'string' && v.length <= 128 && SPAN_ID.test(v);

const count = z.number().int().min(0).max(1_000_000);
const page = z.number().int().min(1).max(1_000_000);
const coordinate = z.number().min(-1e9).max(1e9);
const box = z.array(coordinate).length(4).describe('[x, y, width, height]');
const name = z.string().max(256);

export const formatCoords = z
  .discriminatedUnion('format', [
    z.strictObject({ format: z.literal('character'), offset: count }),
    z.strictObject({
      format: z.literal('pdf'),
      anchor_kind: z
        .enum(['text', 'region'])
        .optional()
        .describe('a region anchor marks a box on the page and is zero-length (start = end)'),
      page,
      bbox: box.optional(),
      line: count.optional(),
      start: count.optional(),
      end: count.optional(),
    }),
    z.strictObject({
      format: z.literal('spreadsheet'),
      row: count,
      col: count.optional(),
      cell_ref: z.string().max(32).optional(),
      sheet: name.optional(),
    }),
    z.strictObject({
      format: z.literal('document'),
      paragraph_id: name,
      local_offset: count.optional(),
      section: name.optional(),
      heading_level: z.number().int().min(1).max(6).optional(),
    }),
    z.strictObject({
      format: z.literal('code'),
      line: count,
      column: count.optional(),
      function_name: name.optional(),
      class_name: name.optional(),
    }),
    z.strictObject({
      format: z.literal('bounding_box'),
      page,
      bbox: box,
      bbox_pixels: box.optional(),
      label: name.optional(),
      confidence: z.number().min(0).max(1).optional(),
    }),
  ])
  .describe(
    "Potato's format_coords: where the span sits in a PDF (`anchor_kind` text or region, `page`, `bbox`), spreadsheet, document or code view, or a box on a page (`bounding_box`); kept and given back as sent. A pdf region anchor and a bounding_box may be zero-length spans",
  );

/** format_coords as the API gives them back: as they were sent (and checked by `formatCoords`). */
export const storedFormatCoords = z
  .object({ format: z.string() })
  .catchall(z.union([z.string(), z.number(), z.array(z.number())]))
  .describe("Potato's format_coords, as the client sent them (see the request's `format_coords`)");

/**
 * format_coords read from a file (Potato's user states, pre-annotations) as the API reads them: the coordinates, or
 * what is wrong with them, naming the key (`format_coords.bbox: …`).
 */
export function readFormatCoords(value: unknown): { coords: FormatCoords } | { problem: string } {
  const checked = formatCoords.safeParse(value);
  if (checked.success) return { coords: checked.data as FormatCoords };
  const issue = checked.error.issues[0];
  return { problem: `${['format_coords', ...issue.path].join('.')}: ${issue.message}` };
}
