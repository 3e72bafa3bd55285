/** What the instance text shows over its words: keyword highlights, the answers' spans and arcs, the selection. */
import { useMemo } from 'react';
import type { Colors, Scheme } from '../../shared/api/types.js';
import type { Answers } from './answers.js';
import type { Arc } from './link-arcs.js';
import type { Loaded } from './loaded.js';
import { schemeUi } from './schemes/registry.js';
import type { Mark } from './segments.js';

export function useMarks(
  loaded: Loaded | null,
  schemes: Scheme[],
  answers: Answers,
  colors: Colors,
  pending: { start: number; end: number } | null,
): { marks: Mark[]; arcs: Arc[] } {
  const marks = useMemo<Mark[]>(() => {
    const out: Mark[] = (loaded?.keywords ?? []).map((k) => ({
      start: k.start,
      end: k.end,
      color: k.color,
      label: k.label,
      kind: 'keyword',
    }));
    for (const s of answers.spans)
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
    if (pending) out.push({ ...pending, color: '#1a73e8', kind: 'selection' });
    return out;
  }, [loaded, answers, colors, pending, schemes]);

  const arcs = useMemo<Arc[]>(
    () =>
      schemes.flatMap(
        (scheme) => schemeUi(scheme.annotation_type)?.arcs?.(scheme, answers, colors[scheme.name] ?? {}) ?? [],
      ),
    [schemes, answers, colors],
  );
  return { marks, arcs };
}
