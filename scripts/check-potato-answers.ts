/**
 * For the Potato config check: the answers it sends, one valid answer per scheme (from the type module's example
 * where it gives one), the links and events with the spans they need, and an answer to every phase question.
 */
import { schemeModuleOf } from '../server/domain/schemes/registry.js';
import type { Scheme } from '../server/domain/task.js';
import type { PhaseDefinition } from '../server/domain/phases/phases.js';

/**
 * Where a scheme's spans go: its `target_field` when the config names a field other than the text (the server
 * refuses such a scheme's spans anywhere else), with that field's text length; else the text.
 */
export type SpanPlace = (scheme: Scheme | undefined) => { target_field?: string; length: number };

/** One answer for a scheme, in /updateinstance's shape. */
export function answerFor(
  scheme: Scheme,
  place: SpanPlace,
  item: Readonly<Record<string, unknown>>,
): { annotations?: Record<string, string>; span_annotations?: unknown[] } {
  const label = scheme.labels?.[0]?.name ?? 'value';
  // types whose labels are not choices say what a valid answer looks like; a turn-level question or a speaker
  // assignment answers through its own module, not its nominal type's
  const module = schemeModuleOf(scheme);
  if (module.storage === 'links' || module.storage === 'events') return {}; // structuresFor answers these
  if (module.storage === 'none') return {}; // shown, never answered (pure_display)
  const example = module.example?.(scheme, item);
  if (example)
    return { annotations: Object.fromEntries(Object.entries(example).map(([l, v]) => [`${scheme.name}:${l}`, v])) };
  switch (scheme.annotation_type) {
    case 'span': {
      const { length, ...where } = place(scheme);
      const end = Math.max(1, Math.min(length, 4));
      return { span_annotations: [{ schema: scheme.name, name: label, start: 0, end, ...where }] };
    }
    case 'text':
      return { annotations: { [`${scheme.name}:${label}`]: 'checked' } };
    case 'number':
    case 'slider':
      return { annotations: { [`${scheme.name}:${label}`]: String(scheme.min ?? scheme.starting_value ?? 1) } };
    default:
      return { annotations: { [`${scheme.name}:${label}`]: 'true' } };
  }
}

/**
 * Links and events for the schemes answered by them, from their modules' examples; the spans they need are added
 * to `spans`, one character each after the span schemes' own, and named by Potato's default span id.
 */
export function structuresFor(
  schemes: readonly Scheme[],
  byName: ReadonlyMap<string, Scheme>,
  place: SpanPlace,
  spans: unknown[],
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  let next = 4;
  const span = (schemeName: string, label: string | undefined) => {
    const name = label ?? byName.get(schemeName)?.labels[0]?.name ?? 'span';
    const { length, ...where } = place(byName.get(schemeName));
    const start = Math.min(next++, Math.max(0, length - 1));
    spans.push({ schema: schemeName, name, start, end: start + 1, ...where });
    return `${schemeName}_${name}_${start}_${start + 1}`;
  };
  for (const scheme of schemes) {
    const module = schemeModuleOf(scheme);
    if ((module.storage !== 'links' && module.storage !== 'events') || !module.exampleEntries) continue;
    const field = module.storage === 'links' ? 'link_annotations' : 'event_annotations';
    (out[field] ??= []).push(...module.exampleEntries(scheme, span).map((e) => ({ schema: scheme.name, ...e })));
  }
  return out;
}

/** One answer per phase question: training from its configured correct answer, others the first option or a value. */
export function phaseAnswers(
  questions: { id: string; type: string; options?: string[] }[],
  definition: PhaseDefinition | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const q of questions) {
    const correct = definition?.questions.find((d) => d.id === q.id)?.correct;
    if (correct !== undefined) out[q.id] = correct;
    else if (q.options?.length) out[q.id] = q.type === 'multiselect' ? [q.options[0]] : q.options[0];
    else out[q.id] = q.type === 'number' ? '1' : 'checked';
  }
  return out;
}
