/**
 * One annotation scheme as a form group, drawn by its type's module (schemes/registry.ts), with the key that
 * focuses it. Span schemes are listed by SpanPanel.
 */
import { memo } from 'react';
import { FieldKeyContext } from './schemes/parts.js';
import { schemeUi, type FieldProps } from './schemes/registry.js';
import { offersPerItem } from './schemes/offered-labels.js';

type Props = FieldProps & { fieldKey?: string };

function Field({ fieldKey, ...props }: Props) {
  const Drawn = schemeUi(props.scheme.annotation_type)?.Field;
  return Drawn ? (
    <FieldKeyContext.Provider value={fieldKey}>
      <Drawn {...props} />
    </FieldKeyContext.Provider>
  ) : null;
}

/**
 * A new item brings new answers and a new instance, so every field would be drawn again on each press before the
 * item can be painted; one that reads only its own answer (`ownAnswerOnly`, unless the item picks its labels) is
 * skipped while that answer and its other props stay the same.
 */
function same(p: Props, n: Props): boolean {
  if (
    p.scheme !== n.scheme ||
    p.colors !== n.colors ||
    p.keyOf !== n.keyOf ||
    p.update !== n.update ||
    p.fieldKey !== n.fieldKey ||
    p.advance !== n.advance
  )
    return false;
  if (schemeUi(n.scheme.annotation_type)?.ownAnswerOnly && !offersPerItem(n.scheme))
    return p.answers.labels[n.scheme.name] === n.answers.labels[n.scheme.name];
  return p.answers === n.answers && p.instance === n.instance;
}

export const SchemeField = memo(Field, same);
