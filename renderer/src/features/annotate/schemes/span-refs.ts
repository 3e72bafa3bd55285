/** What the fields over spans (links, chains, events) share: the spans of their span scheme and how to name one. */
import type { LinkAnnotation, SpanAnnotation } from '../../../shared/api/types.js';
import { spanRef, type Answers } from '../answers.js';
import type { Arc } from '../link-arcs.js';

/** The spans of a span scheme (or of several), by the reference links and events use. */
export function spansOf(
  answers: Answers,
  spanScheme: string | readonly string[] | undefined,
): Map<string, SpanAnnotation> {
  const wanted = (scheme: string) =>
    typeof spanScheme === 'string' ? scheme === spanScheme : !!spanScheme?.includes(scheme);
  return new Map(answers.spans.filter((s) => wanted(s.schema)).map((s) => [spanRef(s), s]));
}

/** A link scheme's span schemes: its `span_schema`, or a source and a target scheme that differ. */
export function linkedSchemes(scheme: Readonly<Record<string, unknown>>): string[] {
  if (typeof scheme.span_schema === 'string') return [scheme.span_schema];
  return [scheme.source_scheme, scheme.target_scheme].filter((s): s is string => typeof s === 'string');
}

export const spanText = (s: SpanAnnotation | undefined) => (s ? `${s.value ?? ''} (${s.name})` : 'a removed span');

/** Replaces the links of one scheme, keeping the others'. */
export function setLinks(a: Answers, scheme: string, links: LinkAnnotation[]): Answers {
  return { ...a, links: [...(a.links ?? []).filter((l) => l.schema !== scheme), ...links] };
}

/** A scheme's stored JSON answer (extractive_qa, error_span) from its export shape. */
export const jsonAnswer = (a: Answers, scheme: { name: string }, value: unknown): Answers =>
  typeof value === 'object' && value !== null
    ? { ...a, labels: { ...a.labels, [scheme.name]: { [scheme.name]: JSON.stringify(value) } } }
    : a;

/** A link scheme's links from their export shape (span references in the form's own naming). */
export const linksAnswer = (a: Answers, scheme: { name: string }, value: unknown): Answers =>
  Array.isArray(value)
    ? setLinks(
        a,
        scheme.name,
        value.map((l: Omit<LinkAnnotation, 'schema'>) => ({ ...l, schema: scheme.name })),
      )
    : a;

/**
 * A link scheme's links as arcs between their spans (in order), coloured by link type; links to removed spans are left
 * out.
 */
export function linkArcs(
  scheme: {
    name: string;
    span_schema?: unknown;
    source_scheme?: unknown;
    target_scheme?: unknown;
    link_types?: unknown;
  },
  a: Answers,
  colors: Record<string, string>,
  label: (linkType: string) => string,
): Arc[] {
  const spans = spansOf(a, linkedSchemes(scheme));
  const typeColor = new Map(
    ((scheme.link_types as { name: string; color?: string }[] | undefined) ?? []).map((t) => [t.name, t.color]),
  );
  return (a.links ?? [])
    .filter((l) => l.schema === scheme.name)
    .flatMap((l) => {
      const joined = l.span_ids.map((r) => spans.get(r));
      if (joined.some((s) => !s) || joined.length < 2) return [];
      return [
        {
          spans: joined.map((s) =>
            s!.target_field === undefined
              ? { start: s!.start, end: s!.end }
              : { start: s!.start, end: s!.end, field: s!.target_field },
          ),
          label: label(l.link_type),
          color: typeColor.get(l.link_type) ?? colors[l.link_type] ?? '#555555',
          directed: l.direction === 'directed',
        },
      ];
    });
}
