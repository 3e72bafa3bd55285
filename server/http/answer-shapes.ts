/**
 * Each scheme type's answer shape in the OpenAPI description, from the type modules themselves: a component
 * `Answer.<type>` per type (its export and import shape, with `x-stored` saying how it travels in
 * `annotations`), and `Answers`, the map of scheme name → answer that exports, webhooks and imports carry.
 */
import { z } from 'zod';
import { schemeTypeOf, SCHEME_TYPE_NAMES } from '../domain/schemes/registry.js';

const ANSWERS_REF = '#/components/schemas/Answers';

/** A map of scheme name → answer, described as the `Answers` component. */
export const answersByScheme = () => z.record(z.string(), z.unknown()).meta({ $ref: ANSWERS_REF });

/** How `annotations` is read: one line pointing at the per-type shapes. */
export const ANNOTATIONS_NOTE =
  '"<scheme>:<label>" → value as text; what the keys and values are for each scheme type is in components.schemas Answer.<type> (x-stored)';

export function answerComponents(toJson: (schema: z.ZodType) => Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const refs: { $ref: string }[] = [];
  for (const type of SCHEME_TYPE_NAMES) {
    const { shape, storage } = schemeTypeOf(type);
    const body = shape.answer ? toJson(shape.answer) : { type: 'null' };
    const said = typeof body.description === 'string' ? ` (${body.description})` : '';
    out[`Answer.${type}`] = {
      ...body,
      description: `${type}: the answer in exports and imports${said}. In annotations: ${shape.stored}.`,
      'x-stored': shape.stored,
    };
    // spans travel beside the answers (JSONL spans), and pure_display is never answered
    if (storage !== 'spans' && storage !== 'none') refs.push({ $ref: `#/components/schemas/Answer.${type}` });
  }
  out.Answers = {
    type: 'object',
    description:
      "scheme name → its answer, shaped by the scheme's type (one of the Answer.<type> schemas); schemes without an answer are left out",
    additionalProperties: { anyOf: refs },
  };
  return out;
}
