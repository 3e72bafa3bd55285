/** span: no form group; SpanPanel lists the spans and the text view makes them. */
import type { SchemeUi } from './scheme-ui.js';

export const span: SchemeUi = { kind: 'span' };
