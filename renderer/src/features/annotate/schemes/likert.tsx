/** likert: one point of the scale, between its end labels. */
import { ChoiceField } from './choice-field.js';
import type { SchemeUi } from './scheme-ui.js';

export const likert: SchemeUi = {
  kind: 'choice',
  ownAnswerOnly: true,
  single: true,
  Field: (p) => <ChoiceField {...p} multiple={false} ends />,
};
