/** radio: exactly one label of several, picked by its key. */
import { choiceType } from '../kinds.js';

export const radio = choiceType({
  type: 'radio',
  single: true,
  dynamic: true,
  agreement: { level: 'nominal', column: 'position' },
});
