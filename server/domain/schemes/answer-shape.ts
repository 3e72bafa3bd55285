/**
 * How a type's answer looks on the wire, for the OpenAPI description and the docs: how it travels in
 * `annotations` of POST /updateinstance and GET /get_annotations (`stored`), and the answer as JSONL exports,
 * webhooks and pre-annotation imports give it (`answer`, a zod schema turned into JSON Schema). Pieces several
 * types share are here.
 */
import { z } from 'zod';

export interface AnswerShape {
  /** one sentence: the keys and values the answer travels as in `annotations` (or the list it travels in) */
  readonly stored: string;
  /** the answer per scheme in exports and imports; null for types that are never answered */
  readonly answer: z.ZodType | null;
}

/** field label → value text, as the rating and several-field types store and export it */
export const byField = z.lazy(() => z.record(z.string(), z.string()).describe('field label → value'));

/** a text-or-number value, as a one-field value type exports it */
export const oneValue = z.string().describe('the value, as text');

export const linkEntry = z.lazy(() =>
  z
    .looseObject({
      id: z.string(),
      link_type: z.string(),
      span_ids: z
        .array(z.string())
        .describe(
          "the spans linked, in Potato's span id form <scheme>_<label>_<start>_<end>; source first when directed",
        ),
      direction: z.enum(['directed', 'undirected']),
      properties: z.record(z.string(), z.unknown()).optional(),
    })
    .describe('a link between spans'),
);

export const eventEntry = z.lazy(() =>
  z
    .looseObject({
      id: z.string(),
      event_type: z.string(),
      trigger_span_id: z.string(),
      arguments: z.array(z.object({ role: z.string(), span_id: z.string() })),
      properties: z.record(z.string(), z.unknown()).optional(),
    })
    .describe('an event: a trigger span and argument spans by role'),
);

export const spanEntry = z.lazy(() =>
  z
    .object({ schema: z.string(), label: z.string(), start: z.number().int(), end: z.number().int(), text: z.string() })
    .describe('a labelled character range of the item text (UTF-16 offsets)'),
);
