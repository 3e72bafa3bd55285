/** multiselect: any set of labels; compared by Jaccard distance between the chosen sets. */
import { choiceType } from '../kinds.js';

export const multiselect = choiceType({
  type: 'multiselect',
  single: false,
  dynamic: true,
  agreement: { level: 'jaccard', column: 'set' },
});
