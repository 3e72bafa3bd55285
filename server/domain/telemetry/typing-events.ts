/**
 * What a page sends about typing in a free-text field: content-blind input events (when a character was inserted or
 * removed, by which kind of key or by paste, never which character). The summaries are computed from these on the
 * server (`typing.ts`), so a modified page cannot send flattering figures.
 */

/** The kinds of key an event may name; the key itself is never sent. */
export const KEY_CLASSES = [
  'unknown',
  'letter',
  'digit',
  'punct',
  'space',
  'enter',
  'bksp',
  'del',
  'nav',
  'mod',
  'func',
] as const;

/** The browser's InputEvent types told apart, and the page's own focus, blur and keydown; others read as `other`. */
export const INPUT_TYPES = [
  'other',
  'insertText',
  'insertReplacementText',
  'insertFromPaste',
  'insertFromDrop',
  'insertCompositionText',
  'insertLineBreak',
  'insertParagraph',
  'deleteContentBackward',
  'deleteContentForward',
  'deleteWordBackward',
  'deleteWordForward',
  'deleteByCut',
  'deleteByDrag',
  'historyUndo',
  'historyRedo',
  'focus',
  'blur',
  'keydown',
] as const;

export type InputType = (typeof INPUT_TYPES)[number];
type KeyClass = (typeof KEY_CLASSES)[number];

/** Where pasted text came from, as the page classified it: the annotator's own draft and the passage are innocent. */
type PasteSource = 'self' | 'instance_text' | 'ai_suggestion' | 'external' | 'unknown';

export interface TypingEvent {
  t_ms: number;
  input_type: InputType;
  key_class: KeyClass;
  /** caret position */
  pos: number;
  /** change in the field's length */
  delta: number;
  paste_source?: PasteSource;
  /** on a blur: how long the page was left */
  blur_ms?: number;
  /** the browser said the event was not made by a person (isTrusted false) */
  untrusted?: boolean;
}
