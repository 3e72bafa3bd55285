/**
 * Potato's `boundary_probing` section: `enabled`, the probed `schema` (default: the first radio scheme),
 * `probes_per_item`, `include_invariance`, the probe `sources` in order, `precomputed_key` and
 * `rationale_on_flip`, and `debounce_ms` (how long the annotate page waits after a label is chosen before asking for
 * probes, 900 as in Potato). The `llm` source and `ai_support` are warned about (probes here are curated or made
 * by rule, with no model).
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { PROBE_SOURCES } from '../../domain/boundary/probe-plan.js';
import type { BoundarySettings } from '../../domain/boundary/boundary-lab.js';
import { singleChoiceScheme } from './truth-serum.js';

export const boundaryProbingSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schema: z.string().min(1).optional(),
    probes_per_item: looseUnsignedNumber.pipe(z.number().int('a whole number').min(1, 'at least 1')).optional(),
    include_invariance: looseBoolean.optional(),
    sources: z.array(z.enum(PROBE_SOURCES, { message: `each must be ${PROBE_SOURCES.join(', ')}` })).optional(),
    precomputed_key: z.string().min(1).optional(),
    rationale_on_flip: looseBoolean.optional(),
    debounce_ms: looseUnsignedNumber.optional(),
    ai_support: z.unknown().optional(),
  }),
);

export function readBoundaryProbing(
  raw: z.output<typeof boundaryProbingSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string }[],
  warn: (m: string) => void,
  fail: (m: string) => never,
): BoundarySettings {
  const base = {
    probesPerItem: raw?.probes_per_item ?? 3,
    includeInvariance: raw?.include_invariance ?? true,
    precomputedKey: raw?.precomputed_key ?? 'counterfactuals',
    rationaleOnFlip: raw?.rationale_on_flip ?? true,
    debounceMs: raw?.debounce_ms ?? 900,
  };
  if (raw?.enabled !== true) return { ...base, enabled: false, schema: '', sources: [] };
  const schema = singleChoiceScheme('boundary_probing', raw.schema, schemes, fail);
  const sources = raw.sources ?? [...PROBE_SOURCES];
  if (sources.includes('llm') || raw.ai_support !== undefined)
    warn(
      'boundary_probing: the llm source (and boundary_probing.ai_support) is not acted on: probes are the precomputed ones and those made by rule',
    );
  if (!sources.some((s) => s !== 'llm'))
    fail('boundary_probing.sources: with llm alone no probe is made here; add precomputed or rules');
  return { ...base, enabled: true, schema, sources: sources.filter((s) => s !== 'llm') };
}
