/**
 * What the instance text shows over its words: keyword highlights, the answers' spans and arcs, the selection; and
 * what each span target field other than the text shows (its own spans, arcs and selection), with the arcs that
 * join spans of different fields apart.
 */
import { useMemo } from 'react';
import type { Colors, Scheme } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import { isBox } from '../bounding-box/boxes.js';
import type { Arc } from './link-arcs.js';
import type { Loaded } from './loaded.js';
import { schemeUi } from './schemes/registry.js';
import type { Mark } from './segments.js';
import type { Pending } from './use-span-selection.js';

export interface FieldMarks {
  marks: Mark[];
  arcs: Arc[];
}

const fieldOf = (arc: Arc): string | undefined | null => {
  const fields = new Set(arc.spans.map((s) => s.field));
  return fields.size === 1 ? [...fields][0] : null;
};

export function useMarks(
  loaded: Loaded | null,
  schemes: Scheme[],
  answers: Answers,
  colors: Colors,
  pending: Pending | null,
): { marks: Mark[]; arcs: Arc[]; fields: Map<string, FieldMarks>; crossArcs: Arc[] } {
  const marks = useMemo<Mark[]>(() => {
    const out: Mark[] = (loaded?.keywords ?? []).map((k) => ({
      start: k.start,
      end: k.end,
      color: k.color,
      label: k.label,
      kind: 'keyword',
    }));
    for (const s of answers.spans)
      if (s.target_field === undefined && !isBox(s))
        out.push({
          start: s.start,
          end: s.end,
          color: colors[s.schema]?.[s.name] ?? '#888888',
          label: s.name,
          kind: 'span',
        });
    for (const scheme of schemes)
      for (const m of schemeUi(scheme.annotation_type)?.marks?.(scheme, answers) ?? [])
        out.push({ ...m, kind: 'span' });
    if (pending && pending.field === undefined) out.push({ ...pending, color: '#1a73e8', kind: 'selection' });
    return out;
  }, [loaded, answers, colors, pending, schemes]);

  const allArcs = useMemo<Arc[]>(
    () =>
      schemes.flatMap(
        (scheme) => schemeUi(scheme.annotation_type)?.arcs?.(scheme, answers, colors[scheme.name] ?? {}) ?? [],
      ),
    [schemes, answers, colors],
  );

  const split = useMemo(() => {
    const fields = new Map<string, FieldMarks>();
    const of = (field: string) => fields.get(field) ?? fields.set(field, { marks: [], arcs: [] }).get(field)!;
    for (const s of answers.spans)
      if (s.target_field !== undefined)
        of(s.target_field).marks.push({
          start: s.start,
          end: s.end,
          color: colors[s.schema]?.[s.name] ?? '#888888',
          label: s.name,
          kind: 'span',
        });
    if (pending?.field !== undefined)
      of(pending.field).marks.push({ start: pending.start, end: pending.end, color: '#1a73e8', kind: 'selection' });
    const arcs: Arc[] = [];
    const crossArcs: Arc[] = [];
    for (const arc of allArcs) {
      const field = fieldOf(arc);
      if (field === undefined) arcs.push(arc);
      else if (field === null) crossArcs.push(arc);
      else of(field).arcs.push(arc);
    }
    return { fields, arcs, crossArcs };
  }, [answers, colors, pending, allArcs]);
  return { marks, ...split };
}
