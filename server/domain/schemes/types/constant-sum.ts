/** constant_sum: `total_points` (100) whole points spread over the labels, each at least `min_per_item`. */
import { z } from 'zod';
import { distributionType } from '../distribution.js';

export const constantSum = distributionType({
  type: 'constant_sum',
  totalKey: 'total_points',
  minKey: 'min_per_item',
  whole: true,
  more: { input_type: z.enum(['number', 'slider']).optional() },
  defaults: { input_type: 'number' },
});
