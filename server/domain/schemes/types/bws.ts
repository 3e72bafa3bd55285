/**
 * bws (best–worst scaling): each item is a tuple of `tuple_size` items (made from the data by `bws_config`, or
 * given in an item's `_bws_items`), and the annotator picks the best and the worst of it. Stored as Potato stores
 * it: `"<scheme>:best"` and `"<scheme>:worst"` → a position letter "A".."Z". The answer is {"best": "B",
 * "worst": "D"}. Per-item scores are counted over all answers (best − worst) / appearances, in bws-scores.ts.
 * Agreement: nominal alpha on the (best, worst) pair of each tuple.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { numberish } from '../kinds.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { isRecord, storeUnder } from '../answer-fields.js';

const config = z.looseObject({
  best_description: z.string().optional(),
  worst_description: z.string().optional(),
  tuple_size: numberish
    .pipe(z.number().int().min(2, 'must be at least 2').max(26, 'must be at most 26 (positions A–Z)'))
    .optional(),
});

const POSITIONS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const sizeOf = (scheme: Scheme) => (scheme.extra as { tuple_size: number }).tuple_size;

function position(scheme: Scheme, value: string): string | AnswerError {
  const size = sizeOf(scheme);
  if (value.length === 1 && POSITIONS.indexOf(value) >= 0 && POSITIONS.indexOf(value) < size) return value;
  return new AnswerError(
    `"${value.slice(0, 40)}" is not a position of the tuple: give a letter A–${POSITIONS[size - 1]}`,
  );
}

const sameTwice = (chosen: Readonly<Record<string, string>>) =>
  chosen.best !== undefined && chosen.best === chosen.worst
    ? new AnswerError(`best and worst are both ${chosen.best}; pick two different items`)
    : null;

export const bws: SchemeTypeModule = {
  type: 'bws',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    if (scheme.labels.length)
      fail(
        'labels',
        'a bws scheme has no labels: its tuples come from the data (bws_config) and are picked by position',
      );
    storeUnder(scheme, ['best', 'worst']);
    Object.assign(scheme.extra, {
      best_description: k.best_description ?? 'Which is BEST?',
      worst_description: k.worst_description ?? 'Which is WORST?',
      // unset: bws_config's tuple size, or 4 (config loading fills it in)
      tuple_size: k.tuple_size,
    });
  },
  storage: 'labels',
  accept: (scheme, _label, value) => (value === '' ? null : position(scheme, value)),
  check: (_scheme, chosen) => sameTwice(chosen),
  answer: (_scheme, chosen) => ({ ...chosen }),
  fromAnswer(scheme, answer) {
    if (!isRecord(answer)) return new AnswerError('a bws answer is {"best": "<letter>", "worst": "<letter>"}');
    const chosen: Record<string, string> = {};
    for (const [field, v] of Object.entries(answer)) {
      if (field !== 'best' && field !== 'worst')
        return new AnswerError(`a bws answer has best and worst, not "${field}"`);
      const p = typeof v === 'string' ? position(scheme, v) : new AnswerError(`${field} must be a position letter`);
      if (p instanceof AnswerError) return p;
      chosen[field] = p;
    }
    return sameTwice(chosen) ?? chosen;
  },
  spacy: 'values',
  agreement: {
    level: 'nominal',
    column: 'value',
    value: (_s, chosen) =>
      chosen.best === undefined && chosen.worst === undefined
        ? undefined
        : `${chosen.best ?? ''}/${chosen.worst ?? ''}`,
  },
  suggestable: false,
  shape: {
    stored: '"<scheme>:best" and "<scheme>:worst" → a position letter A.. of the tuple (the two differ)',
    answer: z
      .object({ best: z.string().optional(), worst: z.string().optional() })
      .describe('position letters of the tuple'),
  },
  example: () => ({ best: 'A', worst: 'B' }),
};
