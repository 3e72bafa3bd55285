/**
 * Best–worst scaling tuples (Potato's `bws_config`): the data files hold a pool of single items, and the task's
 * instances become tuples of `tuple_size` of them, sampled without repeats inside a tuple and with repeats across
 * tuples, from a seeded generator so a project gets the same tuples on every start. Each tuple instance keeps
 * its items in `_bws_items` ({source_id, text, position}) and lists them, lettered, as its text.
 */
import { z } from 'zod';
import type { Instance } from '../domain/task.js';
import { looseUnsignedNumber } from './loose-values.js';
import { seededRandom } from '../domain/seeded-random.js';
import { bwsTupleInstance } from '../domain/data/bws-tuple.js';

const intish = looseUnsignedNumber.pipe(z.number().int('a whole number'));

export const bwsConfigSchema = z.lazy(() =>
  z.looseObject({
    tuple_size: intish
      .pipe(z.number().min(2, 'must be at least 2').max(26, 'must be at most 26 (positions A–Z)'))
      .optional(),
    num_tuples: intish.pipe(z.number().min(1)).nullable().optional(),
    seed: intish.optional(),
    min_item_appearances: intish.pipe(z.number().min(1)).nullable().optional(),
    scoring: z.looseObject({ method: z.enum(['counting', 'bradley_terry', 'plackett_luce']).optional() }).optional(),
  }),
);
export type BwsConfig = z.infer<typeof bwsConfigSchema>;

/** Potato's iterative BWS: its first round is tupled like bws_config (see config loading). */
export const ibwsConfigSchema = z.lazy(() =>
  z.looseObject({
    tuple_size: intish
      .pipe(z.number().min(2, 'must be at least 2').max(26, 'must be at most 26 (positions A–Z)'))
      .optional(),
    max_rounds: intish.pipe(z.number().min(1)).nullable().optional(),
    seed: intish.optional(),
    scoring_method: z.enum(['counting', 'bradley_terry', 'plackett_luce']).optional(),
    tuples_per_item_per_round: intish.pipe(z.number().min(1)).optional(),
  }),
);

export class BwsConfigError extends Error {}

export function bwsTuples(pool: readonly Instance[], config: BwsConfig): Instance[] {
  const size = config.tuple_size ?? 4;
  if (size > pool.length)
    throw new BwsConfigError(`tuple_size (${size}) is larger than the pool of ${pool.length} items`);
  const appearances = config.min_item_appearances ?? 2 * size;
  const count = config.num_tuples ?? Math.ceil((pool.length * appearances) / size);
  const random = seededRandom(config.seed ?? 42);
  const width = Math.max(4, String(count).length);
  const tuples: Instance[] = [];
  const picks = pool.map((_, i) => i);
  for (let t = 0; t < count; t++) {
    // a partial Fisher–Yates shuffle: the first `size` places are the sample
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(random() * (picks.length - i));
      [picks[i], picks[j]] = [picks[j], picks[i]];
    }
    const id = `bws_tuple_${String(t + 1).padStart(width, '0')}`;
    tuples.push(
      bwsTupleInstance(
        id,
        picks.slice(0, size).map((p) => pool[p]),
      ),
    );
  }
  return tuples;
}
