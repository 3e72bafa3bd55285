/** slider: a number on a range (0..100 by 1 unless configured); unset until moved. */
import { valueType } from '../kinds.js';
import { boundsConfig, BOUNDS_KEYS, normalizeBounds } from '../bounds.js';

export const slider = valueType({
  type: 'slider',
  numeric: true,
  fieldLabel: 'value',
  potatoField: 'slider', // the name Potato's page gives its input
  agreement: { level: 'interval', column: 'number' },
  config: boundsConfig,
  keys: BOUNDS_KEYS,
  normalize: (scheme, keys, fail) => normalizeBounds(scheme, keys, { min: 0, max: 100, step: 1 }, fail, 'value'),
});
