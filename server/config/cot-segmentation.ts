/**
 * Potato's `cot_segmentation`: each item's long chain of thought (`source_key`) split into a list of steps written
 * to `target_key` as the items are read, so a process_reward scheme and the page see the same steps. Items already
 * holding a list there keep it. A bad value stops start-up naming the key.
 */
import { z } from 'zod';
import { COT_STRATEGIES, DEFAULT_MARKERS, segmentCot, type CotOptions } from '../domain/data/cot-segments.js';

export class CotSegmentationError extends Error {}

export const COT_KEYS = new Set(['cot_segmentation']);

const positive = z.coerce.number().int().min(1);
const schema = z.lazy(() =>
  z.object({
    source_key: z.string().min(1),
    target_key: z.string().min(1).default('cot_steps'),
    strategy: z.enum([...COT_STRATEGIES, 'llm']).default('auto'),
    min_step_chars: z.coerce.number().int().min(0).default(0),
    max_steps: positive.default(200),
    markers: z.array(z.string().min(1)).min(1).optional(),
    sentences_per_step: positive.default(1),
  }),
);

/** Adds the steps to one item's fields (in place), or leaves it when it has no text to split. */
export type Derive = (fields: Record<string, unknown>) => void;

export function readCotSegmentation(
  value: unknown,
  keys: { idKey: string; textKey: string },
  warn: (m: string) => void,
): Derive | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue.path.length ? `.${issue.path.join('.')}` : '';
    throw new CotSegmentationError(`cot_segmentation${at}: ${issue.message}`);
  }
  const c = parsed.data;
  for (const taken of [keys.idKey, keys.textKey])
    if (c.target_key === taken)
      throw new CotSegmentationError(
        `cot_segmentation.target_key: "${taken}" is the item's id or text field; name a field of its own for the steps`,
      );
  let strategy = c.strategy;
  if (strategy === 'llm') {
    warn(
      'cot_segmentation.strategy: "llm" asks a model for the step boundaries, which is not done here; the text is split with "auto" (markers, numbered lines, blank lines, then sentences)',
    );
    strategy = 'auto';
  }
  const options: CotOptions = {
    strategy,
    markers: c.markers ?? DEFAULT_MARKERS,
    min_step_chars: c.min_step_chars,
    max_steps: c.max_steps,
    sentences_per_step: c.sentences_per_step,
  };
  return (fields) => {
    if (Array.isArray(fields[c.target_key])) return;
    const text = fields[c.source_key];
    if (typeof text === 'string') fields[c.target_key] = segmentCot(text, options);
  };
}
