/** What the annotate screen needs to know about a scheme type: its field, and how its answers behave. */
import type { Arc } from '../link-arcs.js';
import type { ReactElement } from 'react';
import type { CurrentInstance, Scheme } from '../../../shared/api/types.js';
import type { Command } from '../../../shared/keymap/keymap.js';
import type { Answers } from '../answers.js';

export interface FieldProps {
  scheme: Scheme;
  colors: Record<string, string>;
  answers: Answers;
  keyOf: (scheme: string, label: string) => string | undefined;
  update: (f: (a: Answers) => Answers) => void;
  /** the item on screen, for types that show parts of it (the pair, the tuple, the list to rank, the text to edit) */
  instance?: CurrentInstance;
  /** submits and moves on once the change just made is in (triage's auto_advance) */
  advance?: () => void;
}

/** A key a structured type binds on the annotate screen, listed in the keymap with its scheme. */
export interface KeyBinding {
  /** what the overlay says, and the name `keyOf` finds it by */
  label: string;
  /** the type's own key (Potato's, or the config's); taken keys fall back to the next free sequential key */
  key?: string;
  apply: (a: Answers) => Answers;
  /** submit and move on after it (triage with auto_advance) */
  advance?: boolean;
}

/** A highlight a type draws on the item text (an answer span, an error). */
interface TypeMark {
  start: number;
  end: number;
  label: string;
  color: string;
}

/** A type's module; the registry says which `annotation_type` it draws. */
export interface SchemeUi {
  /**
   * `choice`: labels picked by their keys; `value`: values under field labels, the field reached by its own key;
   * `span`: listed by SpanPanel; `structured`: the type's own answer (pairs, tuples, orders, edits), its keys given
   * by `bindings`; `display`: shown, never answered
   */
  kind: 'choice' | 'value' | 'span' | 'structured' | 'display';
  /** at most one label is answered: picking another replaces it */
  single?: boolean;
  /** the form group; none for types shown elsewhere (spans) */
  Field?: (props: FieldProps) => ReactElement | null;
  /**
   * The field draws nothing but its scheme, its keys and its own answer (`answers.labels[scheme.name]`): it is
   * drawn again only when those change, not for every other answer or a new item with the same (empty) answer.
   */
  ownAnswerOnly?: true;
  /** keys of the type's own controls, listed in the `?` overlay when a scheme of the type is on screen */
  keys?: Command[];
  /** structured types: keys they bind while no field has the focus, assigned with the label keys */
  bindings?: (scheme: Scheme) => KeyBinding[];
  /**
   * Types answered by selecting text (not span schemes): the entries they add to the span picker, and what
   * picking one does with the selection.
   */
  spanTargets?: (scheme: Scheme) => { label: string; color?: string }[];
  takeSpan?: (
    a: Answers,
    scheme: Scheme,
    label: string,
    range: { start: number; end: number },
    text: string,
  ) => Answers;
  /** Puts an answer in the export's shape (a pre-annotation) into the form, for types with structured answers. */
  applyAnswer?: (a: Answers, scheme: Scheme, value: unknown) => Answers;
  /** Types the AI assistant suggests one fixed value for (triage, binary pairwise): accepting it fills the form. */
  applySuggested?: (a: Answers, scheme: Scheme, value: string) => Answers;
  /** highlights of the scheme's answer on the text */
  marks?: (scheme: Scheme, a: Answers) => TypeMark[];
  /** links of the scheme's answer between spans, drawn as arcs over the text */
  arcs?: (scheme: Scheme, a: Answers, colors: Record<string, string>) => Arc[];
  /** keys that act inside a scheme's field while it has the focus, listed in the `?` overlay with the type's `keys` */
  fieldKeys?: (scheme: Scheme) => Command[];
}
