/** semantic_differential: each bipolar pair a row of 1..scale_points between its two poles. */
import { ScaleGrid, gridKeys } from './scale-grid.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface DifferentialKeys {
  pairs: [string, string][];
  scale_points: number;
}

function DifferentialField(p: FieldProps) {
  const k = p.scheme as unknown as DifferentialKeys;
  const rows = k.pairs.map(([left, right]) => ({ field: `${left}__${right}`, text: left, right }));
  const points = Array.from({ length: k.scale_points }, (_, i) => ({ value: String(i + 1), text: String(i + 1) }));
  return <ScaleGrid {...p} rows={rows} points={points} />;
}

export const semanticDifferential: SchemeUi = {
  kind: 'value',
  Field: DifferentialField,
  fieldKeys: (s) => gridKeys(s.name),
};
