/** soft_label: a probability distribution over the labels, as shares of `total` (100) of at least `min_per_label`. */
import { flag } from '../scales.js';
import { distributionType } from '../distribution.js';

export const softLabel = distributionType({
  type: 'soft_label',
  totalKey: 'total',
  minKey: 'min_per_label',
  whole: false,
  more: { show_distribution_chart: flag.optional() },
  defaults: { show_distribution_chart: true },
});
