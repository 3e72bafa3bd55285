/**
 * Filling the form from the AI suggestion or a pre-annotation. The first fill leaves every scheme the annotator
 * already answered alone and names them; a second press of the same key replaces those answers too.
 */
import type { AiSchemeSuggestion, AiSuggestion, Prediction, Schemes } from '../../shared/api/types.js';
import { addSpan, answered, choose, clearLabels, setValue, type Answers } from './answers.js';
import { schemeUi } from './schemes/registry.js';

/** What the last fill did: the schemes it left alone because the annotator had answered them. */
export interface Filled {
  kept: string[];
}

export function fillFromAi(
  a: Answers,
  schemes: Schemes,
  ai: AiSuggestion,
  before: Filled | null,
): { answers: Answers; filled: Filled } {
  const suggested = Object.entries(ai.suggestions)
    .filter(([, s]) => actionable(s))
    .map(([k]) => k);
  if (before?.kept.length) {
    const replace = Object.fromEntries(Object.entries(ai.suggestions).filter(([k]) => before.kept.includes(k)));
    return { answers: applySuggestion(clearLabels(a, before.kept), schemes, replace), filled: { kept: [] } };
  }
  const kept = suggested.filter((k) => answered(a, k));
  const open = Object.fromEntries(Object.entries(ai.suggestions).filter(([k]) => !kept.includes(k)));
  return { answers: applySuggestion(a, schemes, open), filled: { kept } };
}

export function fillFromPrediction(
  a: Answers,
  schemes: Schemes,
  p: Prediction,
  before: Filled | null,
): { answers: Answers; filled: Filled } {
  if (before?.kept.length) {
    const others = predictedSchemes(p).filter((k) => !before.kept.includes(k));
    return {
      answers: applyPrediction(clearLabels(a, before.kept), schemes, withoutSchemes(p, others)),
      filled: { kept: [] },
    };
  }
  const kept = predictedSchemes(p).filter((k) => answered(a, k));
  return { answers: applyPrediction(a, schemes, withoutSchemes(p, kept)), filled: { kept } };
}

/** Whether a suggestion gives the annotator anything to accept. */
export const actionable = (s: AiSchemeSuggestion) => s.label !== null || !!s.spans?.length;

/** Applies an AI suggestion to the form (never to the server): each suggested label or span its scheme knows. */
export function applySuggestion(
  a: Answers,
  schemes: Schemes,
  suggestions: Record<string, AiSchemeSuggestion>,
): Answers {
  let next = a;
  for (const [schemeName, s] of Object.entries(suggestions)) {
    const scheme = schemes[schemeName];
    if (!scheme || !actionable(s)) continue;
    const kind = schemeUi(scheme.annotation_type)?.kind;
    if (kind === 'span') {
      for (const span of s.spans ?? [])
        next = addSpan(next, {
          schema: schemeName,
          name: span.label,
          start: span.start,
          end: span.end,
          value: span.text,
        });
      continue;
    }
    if (s.label === null) continue;
    const own = schemeUi(scheme.annotation_type)?.applySuggested;
    if (own) {
      next = own(next, scheme, s.label);
      continue;
    }
    if (kind === 'value') {
      const field = scheme.labels[0]?.name;
      if (field) next = setValue(next, schemeName, field, s.label);
      continue;
    }
    const wanted = !schemeUi(scheme.annotation_type)?.single && s.labels?.length ? s.labels : [s.label];
    for (const label of wanted) {
      if (!scheme.labels.some((l) => l.name === label)) continue;
      if (next.labels[schemeName]?.[label]) continue; // already chosen: choosing again would untick it
      next = choose(next, scheme, label);
    }
  }
  return next;
}

/** The schemes a pre-annotation has something for. */
const predictedSchemes = (p: Prediction) => [...new Set([...Object.keys(p.labels), ...p.spans.map((s) => s.schema)])];

/** The pre-annotation without what it says about the given schemes. */
const withoutSchemes = (p: Prediction, schemes: string[]): Prediction => ({
  ...p,
  labels: Object.fromEntries(Object.entries(p.labels).filter(([k]) => !schemes.includes(k))),
  spans: p.spans.filter((s) => !schemes.includes(s.schema)),
});

/**
 * Applies a pre-annotation to the form (never to the server): its labels replace a scheme's answer, its spans are
 * added.
 */
export function applyPrediction(a: Answers, schemes: Schemes, p: Prediction): Answers {
  let next = a;
  for (const [schemeName, value] of Object.entries(p.labels)) {
    const scheme = schemes[schemeName];
    if (!scheme) continue;
    const own = schemeUi(scheme.annotation_type)?.applyAnswer;
    if (own) {
      next = own(next, scheme, value);
      continue;
    }
    if (schemeUi(scheme.annotation_type)?.kind === 'value') {
      const values =
        typeof value === 'string' ? { [scheme.labels[0]?.name ?? 'value']: value } : Array.isArray(value) ? {} : value;
      for (const [label, v] of Object.entries(values)) next = setValue(next, schemeName, label, v);
      continue;
    }
    const wanted = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter((l) =>
      scheme.labels.some((x) => x.name === l),
    );
    if (!wanted.length) continue;
    next = { ...next, labels: { ...next.labels, [schemeName]: Object.fromEntries(wanted.map((l) => [l, 'true'])) } };
  }
  for (const span of p.spans) {
    if (schemes[span.schema])
      next = addSpan(next, {
        schema: span.schema,
        name: span.label,
        start: span.start,
        end: span.end,
        value: span.text,
        ...(span.target_field === undefined ? {} : { target_field: span.target_field }),
      });
  }
  return next;
}
