/** How a place in an instance's text travels in answers: keyword highlights, the caller's spans, predictions. */
import { z } from 'zod';

/** A span: the scheme and label it marks and its characters, `start` to `end` (exclusive) with their text. */
export const textSpan = z.object({
  schema: z.string(),
  label: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
});

/** A span as the page paints it, in its label's colour (a keyword highlight). */
export const paintedSpan = textSpan.extend({ color: z.string() });
