/** Which required schemes (label_requirement / required) the form leaves unanswered; the server holds the same rule. */
import type { Scheme } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import { hiddenSchemes } from './conditional.js';
import { offeredLabels, offersPerItem } from './schemes/offered-labels.js';

/**
 * Schemes not asked are never missing: those the answers hide (display_logic), and those whose labels the item
 * (its `data`) offers none of (dynamic_options).
 */
export function unansweredRequired(
  schemes: readonly Scheme[],
  answers: Answers,
  data: Record<string, unknown> | undefined,
): Scheme[] {
  const hidden = hiddenSchemes(schemes, answers);
  return schemes.filter((s) => {
    if (!s.required || hidden.has(s.name)) return false;
    if (offersPerItem(s) && offeredLabels(s, data).length === 0) return false;
    if (s.annotation_type === 'span') return !answers.spans.some((span) => span.schema === s.name);
    const chosen = answers.labels[s.name] ?? {};
    const given = (label: string) => chosen[label] !== undefined && chosen[label] !== '';
    return s.required === true ? !Object.keys(chosen).some(given) : !s.required.every(given);
  });
}

/** The sentence the annotator reads when moving on is refused. */
export function requiredNotice(missing: readonly Scheme[], canSkip: boolean): string {
  const names = missing.map((s) => `“${s.displayed_name ?? s.name}”`).join(', ');
  return `Answer the required question${missing.length > 1 ? 's' : ''} ${names} before moving on${canSkip ? ', or skip this instance' : ''}.`;
}
