/**
 * multirate: a matrix of options, each rated on the scheme's scale (option_randomization shuffles the rows per item).
 * With options_from_data the rows are the item's own list under that field (a trace's step summaries, say), each
 * stored under its text, as Potato stores them.
 */
import { Legend } from './parts.js';
import { ScaleGrid, gridKeys } from './scale-grid.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface MultirateKeys {
  scale: string[];
  options: { name: string; label: string }[];
  option_randomization: boolean;
  options_from_data?: string;
}

/** The item's own options, as the server reads them: strings, or objects by their label (or name). */
function itemRows(data: Record<string, unknown> | undefined, key: string): { field: string; text: string }[] {
  const list = data?.[key];
  if (!Array.isArray(list)) return [];
  return list.map((o: unknown, i) => {
    const r = typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : {};
    const text =
      typeof o === 'string'
        ? o
        : typeof r.label === 'string' && r.label
          ? r.label
          : typeof r.name === 'string' && r.name
            ? r.name
            : String(i);
    return { field: text, text };
  });
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
  const rows = k.options_from_data
    ? itemRows(p.instance?.data, k.options_from_data)
    : k.options.map((o) => ({ field: o.name, text: o.label, tooltip: tooltips.get(o.name) }));
  if (k.options_from_data && !rows.length)
    return (
      <fieldset className="scheme" data-scheme={p.scheme.name}>
        <Legend scheme={p.scheme} />
        <p className="muted">This item has nothing to rate: its “{k.options_from_data}” list is empty or missing.</p>
      </fieldset>
    );
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
