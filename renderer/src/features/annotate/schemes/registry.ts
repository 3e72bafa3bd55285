/**
 * The renderer's scheme-type registry: a module for each `annotation_type` of the shared list
 * (`shared/schemes/scheme-types.ts`), exported under the type's name by `type-modules.ts`. The form, the answer
 * conversions and the keymap ask it instead of switching on type names.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { KeyedLabel } from '../../../shared/keymap/keymap.js';
import type { SchemeType } from '../../../../../shared/schemes/scheme-types.js';
import type { SchemeUi } from './scheme-ui.js';
import * as modules from './type-modules.js';

export type { FieldProps, SchemeUi } from './scheme-ui.js';

type Unlisted = Exclude<keyof typeof modules, SchemeType>;
/**
 * Each type's module by the type's name: a type of the shared list without a module, or a module under a name the
 * list does not have, does not compile.
 */
const byType = new Map<string, SchemeUi>(
  Object.entries(modules satisfies Record<SchemeType, SchemeUi> & Record<Unlisted, never>),
);

/** The type's module; undefined for a type this renderer does not know (the server refuses those at load). */
export const schemeUi = (type: string): SchemeUi | undefined => byType.get(type);

/** The labels of a scheme picked by keys: a choice type's labels, or the keys a structured type binds. */
export function keyedLabels(scheme: Scheme): readonly KeyedLabel[] | undefined {
  const ui = byType.get(scheme.annotation_type);
  if (ui?.kind === 'choice') return scheme.labels;
  return ui?.bindings?.(scheme).map((b) => ({ name: b.label, key_value: b.key }));
}

/** Types whose labels are picked by a key. */
export const isChoice = (type: string) => byType.get(type)?.kind === 'choice';
