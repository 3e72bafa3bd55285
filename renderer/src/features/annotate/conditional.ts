/**
 * Which schemes the annotator's answers hide (display_logic), read from the form's answers as the server reads stored
 * ones.
 */
import type { Scheme } from '../../shared/api/types.js';
import { hiddenBy, type Comparable, type DisplayLogic } from '../../../../shared/display-logic.js';
import type { Answers } from './answers.js';
import { schemeUi } from './schemes/registry.js';

const NONE: ReadonlySet<string> = new Set();

/**
 * A scheme's answer: the chosen label(s) of a choice, a one-field value, the labels of its spans, else its stored
 * values.
 */
function comparable(scheme: Scheme, a: Answers): Comparable {
  const ui = schemeUi(scheme.annotation_type);
  const many = (list: string[]): Comparable => (list.length === 0 ? undefined : list.length === 1 ? list[0] : list);
  if (ui?.kind === 'span') return many(a.spans.filter((s) => s.schema === scheme.name).map((s) => s.name));
  const chosen = Object.entries(a.labels[scheme.name] ?? {}).filter(([, v]) => v !== '');
  if (ui?.kind === 'choice') return many(chosen.map(([label]) => label));
  return many(chosen.map(([, v]) => v));
}

export function hiddenSchemes(schemes: readonly Scheme[], a: Answers): ReadonlySet<string> {
  const rules = new Map<string, DisplayLogic>();
  for (const s of schemes) if (s.display_logic) rules.set(s.name, s.display_logic as DisplayLogic);
  if (!rules.size) return NONE;
  const byName = new Map(schemes.map((s) => [s.name, s]));
  return hiddenBy(rules, (name) => {
    const scheme = byName.get(name);
    return scheme ? comparable(scheme, a) : undefined;
  });
}
