/** multiselect: any set of labels, each key toggles its label. */
import { ChoiceField } from './choice-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const multiselect: SchemeUi = {
  kind: 'choice',
  ownAnswerOnly: true,
  Field: (p) => <ChoiceField {...p} multiple />,
};
