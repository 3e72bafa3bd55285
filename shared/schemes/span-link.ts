/**
 * span_link's rules the server checks and the page applies while links are made: a link type as the normalized
 * scheme holds it, the span schemes its ends come from, and whether chosen spans fit a type's ends.
 */

export interface LinkType {
  name: string;
  directed: boolean;
  color?: string;
  allowed_source_labels?: string[];
  allowed_target_labels?: string[];
  max_spans: number;
}

/** The span schemes of a link's source and target when they differ; undefined when one `span_schema` serves both. */
export type LinkEnds = { source: string; target: string } | undefined;

/** What fitting a span to a link's end reads of it. */
export interface LinkedSpan {
  readonly label: string;
  readonly schema: string;
}

/** The ends of a normalized span_link scheme's keys (`source_scheme` and `target_scheme`, without `span_schema`). */
export function linkEnds(keys: Readonly<Record<string, unknown>>): LinkEnds {
  const { source_scheme: source, target_scheme: target, span_schema } = keys;
  return span_schema === undefined && typeof source === 'string' && typeof target === 'string'
    ? { source, target }
    : undefined;
}

/**
 * Whether the spans fit the type's ends: the first is the source, the last the target, one between either (an
 * undirected link has no first or last span, so either order will do). An end limits its span's label and, when
 * source and target come from different span schemes, its scheme.
 */
export function linkEndsFit(type: LinkType, spans: readonly LinkedSpan[], ends: LinkEnds): boolean {
  const ok = (span: LinkedSpan, end: 'source' | 'target') => {
    const labels = end === 'source' ? type.allowed_source_labels : type.allowed_target_labels;
    return (!labels || labels.includes(span.label)) && (!ends || span.schema === ends[end]);
  };
  const fits = (order: readonly LinkedSpan[]) =>
    order.every((span, i) => {
      if (i === 0) return ok(span, 'source');
      if (i === order.length - 1) return ok(span, 'target');
      return ok(span, 'source') || ok(span, 'target');
    });
  return fits(spans) || (!type.directed && fits(spans.slice().reverse()));
}
