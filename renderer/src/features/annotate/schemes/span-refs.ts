/** What the fields over spans (links, chains, events) share: the spans of their span scheme and how to name one. */
import type { LinkAnnotation, SpanAnnotation } from '../../../shared/api/types.js';
import { spanRef, type Answers } from '../answers.js';

/** The spans of a span scheme, by the reference links and events use. */
export function spansOf(answers: Answers, spanSchema: string | undefined): Map<string, SpanAnnotation> {
  return new Map(answers.spans.filter((s) => s.schema === spanSchema).map((s) => [spanRef(s), s]));
}

export const spanText = (s: SpanAnnotation | undefined) => (s ? `${s.value ?? ''} (${s.name})` : 'a removed span');

/** Replaces the links of one scheme, keeping the others'. */
export function setLinks(a: Answers, schema: string, links: LinkAnnotation[]): Answers {
  return { ...a, links: [...(a.links ?? []).filter((l) => l.schema !== schema), ...links] };
}

/** A scheme's stored JSON answer (extractive_qa, error_span) from its export shape. */
export const jsonAnswer = (a: Answers, scheme: { name: string }, value: unknown): Answers =>
  typeof value === 'object' && value !== null ? { ...a, labels: { ...a.labels, [scheme.name]: { [scheme.name]: JSON.stringify(value) } } } : a;

/** A link scheme's links from their export shape (span references in the form's own naming). */
export const linksAnswer = (a: Answers, scheme: { name: string }, value: unknown): Answers =>
  Array.isArray(value) ? setLinks(a, scheme.name, value.map((l: Omit<LinkAnnotation, 'schema'>) => ({ ...l, schema: scheme.name }))) : a;
