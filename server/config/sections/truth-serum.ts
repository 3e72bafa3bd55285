/**
 * Potato's `truth_serum` section: `enabled`, the `schema` whose labels get popularity predictions (default: the
 * first radio scheme), `min_annotators` before an item gets a verdict (at least 2) and the `question` asked.
 * A scheme that does not exist or is not single-choice stops start-up naming the key.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { TRUTH_SERUM_QUESTION, type TruthSerumSettings } from '../../domain/truth-serum/truth-serum.js';

export const truthSerumSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schema: z.string().min(1).optional(),
    min_annotators: looseUnsignedNumber.pipe(z.number().int('a whole number')).optional(),
    question: z.string().min(1).optional(),
  }),
);

/** Scheme types whose answer is one label, the only kind a popularity prediction is about. */
const SINGLE_CHOICE = new Set(['radio', 'likert', 'select']);

export function readTruthSerum(
  raw: z.output<typeof truthSerumSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string; turn_level?: unknown }[],
  warn: (m: string) => void,
  fail: (m: string) => never,
): TruthSerumSettings {
  const off: TruthSerumSettings = { enabled: false, schema: '', question: TRUTH_SERUM_QUESTION, minAnnotators: 3 };
  if (raw?.enabled !== true) return off;
  const schema = singleChoiceScheme('truth_serum', raw.schema, schemes, fail);
  let minAnnotators = raw.min_annotators ?? 3;
  if (minAnnotators < 2) {
    warn(`truth_serum.min_annotators: ${minAnnotators} is below the floor of 2; 2 is used`);
    minAnnotators = 2;
  }
  return { enabled: true, schema, question: raw.question ?? TRUTH_SERUM_QUESTION, minAnnotators };
}

/** The named single-choice scheme, or the first radio scheme when none is named. */
export function singleChoiceScheme(
  section: string,
  named: string | undefined,
  schemes: readonly { name: string; annotation_type: string; turn_level?: unknown }[],
  fail: (m: string) => never,
): string {
  if (named === undefined) {
    const first = schemes.find((s) => s.annotation_type === 'radio' && !s.turn_level);
    if (!first) return fail(`${section}.schema: not given, and the project has no radio scheme to default to`);
    return first.name;
  }
  const scheme = schemes.find((s) => s.name === named);
  if (!scheme) return fail(`${section}.schema: no annotation scheme is named "${named}"`);
  if (scheme.turn_level)
    return fail(`${section}.schema: "${named}" is asked per turn (turn_level); name a question asked once per item`);
  if (!SINGLE_CHOICE.has(scheme.annotation_type))
    return fail(
      `${section}.schema: "${named}" is a ${scheme.annotation_type} scheme; it must be radio, likert or select`,
    );
  return named;
}
