/** number: a numeric value per field, within min..max when given; compared at the interval level. */
import { valueType } from '../kinds.js';
import { boundsConfig, BOUNDS_KEYS, normalizeBounds } from '../bounds.js';

export const number = valueType({
  type: 'number',
  numeric: true,
  fieldLabel: 'value',
  potatoField: 'number', // the name Potato's page gives its input
  agreement: { level: 'interval', column: 'number' },
  config: boundsConfig,
  keys: BOUNDS_KEYS,
  normalize: (scheme, keys, fail) => normalizeBounds(scheme, keys, {}, fail, 'value'),
});
