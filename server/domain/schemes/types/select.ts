/** select: one label from a drop-down; the same answer as radio, for long label lists. */
import { choiceType } from '../kinds.js';

export const select = choiceType({
  type: 'select',
  single: true,
  dynamic: true,
  agreement: { level: 'nominal', column: 'position' },
});
