/** What the annotate screen needs to know about a scheme type: its field, and how its answers behave. */
import type { ReactElement } from 'react';
import type { Scheme } from '../../../shared/api/types.js';
import type { Answers } from '../answers.js';
import type { Command } from '../../../shared/keymap/keymap.js';

export interface FieldProps {
  scheme: Scheme;
  colors: Record<string, string>;
  answers: Answers;
  keyOf: (schema: string, label: string) => string | undefined;
  update: (f: (a: Answers) => Answers) => void;
}

export interface SchemeUi {
  type: string;
  /** `choice`: labels picked by their keys; `value`: free values under field labels; `span`: listed by SpanPanel */
  kind: 'choice' | 'value' | 'span';
  /** at most one label is answered: picking another replaces it */
  single?: boolean;
  /** the form group; none for types shown elsewhere (spans) */
  Field?: (props: FieldProps) => ReactElement | null;
  /** keys of the type's own controls, listed in the `?` overlay when a scheme of the type is on screen */
  keys?: Command[];
}
