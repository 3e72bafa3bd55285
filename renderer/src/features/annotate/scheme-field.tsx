/**
 * One annotation scheme as a form group, drawn by its type's module (schemes/registry.ts). Span schemes are
 * listed by SpanPanel.
 */
import { schemeUi, type FieldProps } from './schemes/registry.js';

export function SchemeField(props: FieldProps) {
  const Field = schemeUi(props.scheme.annotation_type)?.Field;
  return Field ? <Field {...props} /> : null;
}
