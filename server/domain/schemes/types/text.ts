/** text (Potato's textbox): a free text answer per field; no agreement measure fits free text. */
import { valueType } from '../kinds.js';

export const text = valueType({
  type: 'text',
  aliases: ['textbox'],
  numeric: false,
  fieldLabel: 'text',
  potatoField: 'text_box', // the name Potato's page gives its input
  agreement: { level: null, column: null, reason: 'free text has no level of measurement to compare answers by' },
});
