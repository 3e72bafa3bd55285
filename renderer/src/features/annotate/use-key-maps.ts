/**
 * The annotate screen's key maps, derived from the task's schemes: label keys, the keys that focus a value
 * question, span label keys and the keys of scheme types. Keys are assigned over all schemes, hidden ones
 * included, so no key moves while conditional questions come and go; only the span choices offered follow them.
 */
import { useCallback, useMemo } from 'react';
import type { Colors, Scheme } from '../../shared/api/types.js';
import {
  assignFieldKeys,
  assignLabelKeys,
  assignSpanKeys,
  type Command,
  type FieldKey,
  type LabelKey,
} from '../../shared/keymap/keymap.js';
import { keyedLabels, schemeUi } from './schemes/registry.js';
import { spanLabels, type SpanLabel } from './span-panel.js';

export interface KeyMaps {
  labelKeys: LabelKey[];
  fieldKeys: FieldKey[];
  /** every key a label or a field took, which the commands give way to */
  keySet: ReadonlySet<string>;
  keyOf(scheme: string, label: string): string | undefined;
  /** the span labels of the questions shown now */
  spanChoices: SpanLabel[];
  spanKeys: LabelKey[];
  /** the keys scheme types bind themselves, for the keymap overlay */
  typeKeys: Command[];
  /** the questions hidden by the answers (conditional schemes) */
  hidden: ReadonlySet<string>;
}

export function useKeyMaps(schemes: Scheme[], colors: Colors, hidden: ReadonlySet<string>): KeyMaps {
  const labelKeys = useMemo(() => assignLabelKeys(schemes, keyedLabels), [schemes]);
  const fieldKeys = useMemo(
    () =>
      assignFieldKeys(
        schemes.filter((s) => schemeUi(s.annotation_type)?.kind === 'value').map((s) => s.name),
        labelKeys,
      ),
    [schemes, labelKeys],
  );
  const keySet = useMemo(() => new Set([...labelKeys, ...fieldKeys].map((k) => k.key)), [labelKeys, fieldKeys]);
  const keyOf = useCallback(
    (scheme: string, label: string) => labelKeys.find((k) => k.scheme === scheme && k.label === label)?.key,
    [labelKeys],
  );
  const allSpanChoices = useMemo(() => spanLabels(schemes, colors), [schemes, colors]);
  const spanKeys = useMemo(() => assignSpanKeys(allSpanChoices), [allSpanChoices]);
  const spanChoices = useMemo(
    () => (hidden.size ? allSpanChoices.filter((l) => !hidden.has(l.scheme)) : allSpanChoices),
    [allSpanChoices, hidden],
  );
  const typeKeys = useMemo(
    () => [
      ...[...new Set(schemes.map((s) => s.annotation_type))].flatMap((type) => schemeUi(type)?.keys ?? []),
      ...schemes.flatMap((s) => schemeUi(s.annotation_type)?.fieldKeys?.(s) ?? []),
    ],
    [schemes],
  );
  return useMemo(
    () => ({ labelKeys, fieldKeys, keySet, keyOf, spanChoices, spanKeys, typeKeys, hidden }),
    [labelKeys, fieldKeys, keySet, keyOf, spanChoices, spanKeys, typeKeys, hidden],
  );
}
