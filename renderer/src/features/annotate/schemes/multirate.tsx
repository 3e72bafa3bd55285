/**
 * multirate: a matrix of options, each rated on the scheme's scale (option_randomization shuffles the rows per item).
 */
import { ScaleGrid, gridKeys } from './scale-grid.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface MultirateKeys {
  scale: string[];
  options: { name: string; label: string }[];
  option_randomization: boolean;
}

/** A fixed shuffle per item, so the rows keep their places while the annotator is on it. */
function shuffled<T>(list: T[], seed: string): T[] {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  const out = list.slice();
  for (let i = out.length - 1; i > 0; i--) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    const j = h % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function MultirateField(p: FieldProps) {
  const k = p.scheme as unknown as MultirateKeys;
  const tooltips = new Map(p.scheme.labels.map((l) => [l.name, l.tooltip]));
  const rows = k.options.map((o) => ({ field: o.name, text: o.label, tooltip: tooltips.get(o.name) }));
  return (
    <ScaleGrid
      {...p}
      rows={k.option_randomization ? shuffled(rows, p.instance?.instance_id ?? '') : rows}
      points={k.scale.map((s) => ({ value: s, text: s }))}
    />
  );
}

export const multirate: SchemeUi = {
  kind: 'value',
  Field: MultirateField,
  fieldKeys: (s) => gridKeys(s.name),
};
