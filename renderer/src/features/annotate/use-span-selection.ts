/**
 * The text selected for a span, waiting for its label: by mouse (characters) or by keyboard (whole words, `s`
 * then the arrows), in the text or in any span target field. Enter or a move with a selection still unlabelled
 * makes the picker ask for its label (`askLabel`) instead of dropping it.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Schemes } from '../../shared/api/types.js';
import { addSpan, type Answers } from './answers.js';
import { schemeUi } from './schemes/registry.js';
import { words, type Word, type WordSelection } from './segments.js';
import type { SpanLabel } from './span-panel.js';

const NO_FIELDS: Readonly<Record<string, string>> = {};

/** a selection waiting for its label: offsets into the text, or into a span target field's text when `field` */
export interface Pending {
  start: number;
  end: number;
  field?: string;
}

export interface SpanSelection {
  pending: Pending | null;
  /** the words selected from the keyboard, when it was */
  wordSel: WordSelection | null;
  askLabel: boolean;
  /** the texts of the span target fields other than the text, by field */
  fieldTexts: Readonly<Record<string, string>>;
  /** the words of the text (no field) or of a span target field */
  wordsOf(field: string | undefined): Word[];
  /** where `s` starts a keyboard selection: the field last selected in or focused (undefined: the text) */
  keyField: string | undefined;
  setKeyField(field: string | undefined): void;
  selectWords(sel: WordSelection | null, field?: string): void;
  /** a selection made with the mouse, in characters of the text or of a span target field */
  selectText(start: number, end: number, field?: string): void;
  /** gives the selection its label: a span, or the answer of a type answered by a selection */
  label(l: SpanLabel): void;
  setAskLabel(ask: boolean): void;
  /** no selection: called in the render that shows another instance */
  reset(): void;
}

export function useSpanSelection(
  text: string,
  schemes: Schemes | null,
  setAnswers: (update: (a: Answers) => Answers) => void,
  fieldTexts: Readonly<Record<string, string>> = NO_FIELDS,
): SpanSelection {
  const [pending, setPending] = useState<Pending | null>(null);
  const [wordSel, setWordSel] = useState<WordSelection | null>(null);
  const [askLabel, setAskLabel] = useState(false);
  const [keyField, setKeyField] = useState<string | undefined>(undefined);
  const textWords = useMemo(() => words(text), [text]);
  const fieldWords = useMemo(
    () => new Map(Object.entries(fieldTexts).map(([field, t]) => [field, words(t)])),
    [fieldTexts],
  );
  const wordsOf = useCallback(
    (field: string | undefined) => (field === undefined ? textWords : (fieldWords.get(field) ?? [])),
    [textWords, fieldWords],
  );

  const selectWords = useCallback(
    (sel: WordSelection | null, field?: string) => {
      const ws = wordsOf(field);
      setWordSel(sel);
      setAskLabel(false);
      if (sel) setKeyField(field);
      setPending(
        sel && ws.length
          ? { start: ws[sel.from].start, end: ws[sel.to].end, ...(field === undefined ? {} : { field }) }
          : null,
      );
    },
    [wordsOf],
  );

  const selectText = useCallback((start: number, end: number, field?: string) => {
    setWordSel(null);
    setAskLabel(false);
    setKeyField(field);
    setPending(field === undefined ? { start, end } : { start, end, field });
  }, []);

  const reset = useCallback(() => {
    setPending(null);
    setWordSel(null);
    setAskLabel(false);
  }, []);

  const label = useCallback(
    (l: SpanLabel) => {
      if (!pending) return;
      const scheme = schemes?.[l.scheme];
      const take = scheme && schemeUi(scheme.annotation_type)?.takeSpan;
      const field = pending.field;
      const source = field === undefined ? text : (fieldTexts[field] ?? '');
      // a type answered by a selection (an answer span, an error) takes it; span schemes make a span
      if (take && field === undefined) setAnswers((ans) => take(ans, scheme, l.label, pending, text));
      else if (!take)
        setAnswers((ans) =>
          addSpan(ans, {
            schema: l.scheme,
            name: l.label,
            start: pending.start,
            end: pending.end,
            value: source.slice(pending.start, pending.end),
            ...(field === undefined ? {} : { target_field: field }),
          }),
        );
      reset();
      window.getSelection()?.removeAllRanges();
    },
    [pending, text, fieldTexts, schemes, setAnswers, reset],
  );

  return {
    pending,
    wordSel,
    askLabel,
    fieldTexts,
    wordsOf,
    keyField,
    setKeyField,
    selectWords,
    selectText,
    label,
    setAskLabel,
    reset,
  };
}
