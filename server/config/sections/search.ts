/**
 * Potato's `search` section: `enabled: false` turns full-text search off (its endpoints answer 503).
 * `annotator_claim` (annotators pulling items found by search into their own lists) is not built: warned about.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';

export const searchSchema = z.looseObject({
  enabled: looseBoolean.default(true),
  annotator_claim: looseBoolean.default(false),
});

export function searchWarnings(raw: z.infer<typeof searchSchema> | undefined): string[] {
  return raw?.annotator_claim
    ? [
        'search.annotator_claim is not acted on: annotators search the items of their own list (GET /api/search) and cannot pull other items into it',
      ]
    : [];
}
