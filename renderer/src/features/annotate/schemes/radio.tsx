/** radio: one label, picked by its key (again: cleared). */
import { ChoiceField } from './choice-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const radio: SchemeUi = {
  kind: 'choice',
  ownAnswerOnly: true,
  single: true,
  Field: (p) => <ChoiceField {...p} multiple={false} />,
};
