/**
 * The span targets of the item shown, as the annotate screen mounts them: the text, each other text field and each
 * dialogue, with their marks and the selection. Where the item has several, each is a tab stop named for its field
 * and the one `s` selects in is marked, so an annotator on the keyboard can see and choose where it acts.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { Display } from '../../shared/api/types.js';
import { AnnotatedText, type KeyTarget } from './annotated-text.js';
import { dialogueText, type DialogueSpans } from './dialogue-spans.js';
import type { FieldMarks } from './use-marks.js';
import type { Mark } from './segments.js';
import type { Arc } from './link-arcs.js';
import type { SpanSelection } from './use-span-selection.js';

const NO_MARKS: Mark[] = [];

/** The texts of the span target fields other than the text: a text field's own, a dialogue's turns joined. */
export function spanFieldTexts(display: Display | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const block of display?.blocks ?? []) {
    if (block.key === undefined) continue;
    if (block.type === 'surface' && block.text !== undefined) out[block.key] = block.text;
    if (block.type === 'dialogue' && block.span_target) out[block.key] = dialogueText(block.turns);
  }
  return out;
}

/** The names the span targets go by: their display label, else their key; the text's label, else "the text". */
function targetNames(display: Display | undefined): Map<string | undefined, string> {
  const names = new Map<string | undefined, string>([[undefined, 'the text']]);
  for (const block of display?.blocks ?? []) {
    if (block.type === 'surface' && block.text === undefined && block.label) names.set(undefined, block.label);
    else if (block.key !== undefined) names.set(block.key, block.label ?? block.key);
  }
  return names;
}

interface Shown {
  text: string;
  display: Display | undefined;
  marks: Mark[];
  arcs: Arc[];
  fields: Map<string, FieldMarks>;
}

export function useSpanSurfaces({ text, display, marks, arcs, fields }: Shown, selection: SpanSelection) {
  const { selectText, setKeyField, pending, keyField, fieldTexts } = selection;
  const names = useMemo(() => targetNames(display), [display]);
  const several = Object.keys(fieldTexts).length > 0;
  const active = pending ? pending.field : keyField;
  const keyTarget = useCallback(
    (field: string | undefined): KeyTarget | undefined =>
      several
        ? { name: names.get(field) ?? field ?? '', active: active === field, onFocus: () => setKeyField(field) }
        : undefined,
    [several, names, active, setKeyField],
  );
  const surface: ReactNode = (
    <AnnotatedText text={text} marks={marks} arcs={arcs} onSelect={selectText} keyTarget={keyTarget(undefined)} />
  );
  const fieldSurface = useCallback(
    (field: string, fieldText: string) => (
      <AnnotatedText
        field={field}
        text={fieldText}
        marks={fields.get(field)?.marks ?? NO_MARKS}
        arcs={fields.get(field)?.arcs}
        onSelect={(start, end) => selectText(start, end, field)}
        keyTarget={keyTarget(field)}
      />
    ),
    [fields, selectText, keyTarget],
  );
  const dialogueSpans = useCallback(
    (field: string): DialogueSpans => ({
      field,
      marks: fields.get(field)?.marks ?? NO_MARKS,
      arcs: fields.get(field)?.arcs,
      onSelect: (start, end) => selectText(start, end, field),
      keyTarget: keyTarget(field),
    }),
    [fields, selectText, keyTarget],
  );
  return { surface, fieldSurface, dialogueSpans, keyboardField: several ? names.get(active) : undefined };
}
