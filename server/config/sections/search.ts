/**
 * Potato's `search` section: `enabled: false` turns full-text search off (its endpoints answer 503);
 * `annotator_claim: true` lets annotators search the whole task and pull items into their own lists, refused at
 * start-up together with a design that needs the server to choose the items (`claimConflicts`).
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { claimConflicts, type ClaimDesign } from '../../domain/annotation/claim.js';

export const searchSchema = z.looseObject({
  enabled: looseBoolean.default(true),
  annotator_claim: looseBoolean.default(false),
});

/** Why the section cannot be used as written, or null. */
export function searchProblem(raw: z.infer<typeof searchSchema> | undefined, design: ClaimDesign): string | null {
  if (!raw?.annotator_claim) return null;
  if (raw.enabled === false) return 'search.annotator_claim: needs search, which search.enabled: false turns off';
  const conflicts = claimConflicts(design);
  return conflicts.length
    ? `search.annotator_claim: annotators choosing their own items cannot be used with ${conflicts.join(', ')}`
    : null;
}
