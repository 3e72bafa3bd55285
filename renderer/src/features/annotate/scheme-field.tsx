/**
 * One annotation scheme as a form group, drawn by its type's module (schemes/registry.ts), with the key that
 * focuses it. Span schemes are listed by SpanPanel.
 */
import { FieldKeyContext } from './schemes/parts.js';
import { schemeUi, type FieldProps } from './schemes/registry.js';

export function SchemeField({ fieldKey, ...props }: FieldProps & { fieldKey?: string }) {
  const Field = schemeUi(props.scheme.annotation_type)?.Field;
  return Field ? (
    <FieldKeyContext.Provider value={fieldKey}>
      <Field {...props} />
    </FieldKeyContext.Provider>
  ) : null;
}
