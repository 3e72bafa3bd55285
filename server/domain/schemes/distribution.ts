/**
 * soft_label and constant_sum: a budget (`total`) spread over the scheme's labels, each label's share stored as
 * Potato stores it ("scheme:label" → "40"). The whole answer must spend the budget exactly and give each label
 * at least the minimum; a label left out counts as 0.
 */
import { z } from 'zod';
import type { Scheme } from '../task.js';
import { numberish } from './kinds.js';
import { AnswerError, type SchemeTypeModule } from './module.js';
import { asStored, fromFields, outOfRange } from './scales.js';
import { byField } from './answer-shape.js';
import { JENSEN_SHANNON } from './value-agreement.js';

interface Parts {
  type: string;
  /** Potato's key for the budget, and for the least a label may get */
  totalKey: string;
  minKey: string;
  /** shares are whole numbers (constant_sum's points); soft_label takes any number */
  whole: boolean;
  /** further keys of the type, passed on to the renderer with their defaults */
  more: Record<string, z.ZodType>;
  defaults: Record<string, unknown>;
}

/** Sums within a millionth of the total count as the total (shares given as decimals do not add up exactly). */
const EPSILON = 1e-6;

export function distributionType({ type, totalKey, minKey, whole, more, defaults }: Parts): SchemeTypeModule {
  const config = z.looseObject({
    [totalKey]: numberish.pipe(z.number().positive()).optional(),
    [minKey]: numberish.pipe(z.number().min(0)).optional(),
    ...more,
  });
  const total = (scheme: Scheme) => scheme.max!;
  const least = (scheme: Scheme) => scheme.min!;

  const accept: SchemeTypeModule['accept'] = (scheme, _label, value) => {
    if (value === '') return null;
    // a share leaves at least the minimum for each other label
    const problem = outOfRange(value, least(scheme), total(scheme) - least(scheme) * (scheme.labels.length - 1));
    if (problem) return problem;
    return whole && !Number.isInteger(Number(value))
      ? new AnswerError(`"${value.slice(0, 40)}" is not a whole number of points`)
      : value;
  };

  const check = (scheme: Scheme, chosen: Readonly<Record<string, string>>): AnswerError | null => {
    let sum = 0;
    for (const label of scheme.labels) {
      const v = chosen[label.name];
      if (v === undefined && least(scheme) > 0)
        return new AnswerError(`"${label.name}" has no share; each label takes at least ${least(scheme)}`);
      if (v !== undefined) sum += Number(v);
    }
    if (Math.abs(sum - total(scheme)) > EPSILON)
      return new AnswerError(`the shares sum to ${+sum.toFixed(6)}; they must sum to ${total(scheme)}`);
    return null;
  };

  return {
    type,
    config,
    keys: [totalKey, minKey, ...Object.keys(more)],
    normalize(scheme, keys, fail) {
      const k = keys as Record<string, unknown>;
      if (scheme.labels.length < 2) fail('labels', `a ${type} scheme spreads its ${totalKey} over at least two labels`);
      const budget = (k[totalKey] as number | undefined) ?? 100;
      const min = (k[minKey] as number | undefined) ?? 0;
      if (whole && !Number.isInteger(budget)) fail(totalKey, `${budget} is not a whole number of points`);
      if (min * scheme.labels.length > budget)
        fail(minKey, `${min} for each of ${scheme.labels.length} labels is more than the ${totalKey} (${budget})`);
      // the budget and the minimum travel as the scheme's max and min, which /api/schemas gives the renderer
      Object.assign(scheme, { min, max: budget, step: whole ? 1 : undefined });
      Object.assign(scheme.extra, {
        [totalKey]: budget,
        [minKey]: min,
        ...Object.fromEntries(Object.entries(defaults).map(([key, d]) => [key, k[key] ?? d])),
      });
    },
    storage: 'labels',
    accept,
    check,
    answer: asStored,
    fromAnswer: (scheme, answer) => fromFields(scheme, answer, accept, check),
    spacy: 'values',
    agreement: JENSEN_SHANNON,
    suggestable: false,
    shape: {
      stored: `"<scheme>:<label>" → that label's share as text, one key per label; the shares sum to ${totalKey}`,
      answer: byField.describe('label → share'),
    },
    example(scheme) {
      // the minimum everywhere, the rest to the first label
      const rest = total(scheme) - least(scheme) * scheme.labels.length;
      return Object.fromEntries(scheme.labels.map((l, i) => [l.name, String(least(scheme) + (i === 0 ? rest : 0))]));
    },
  };
}
