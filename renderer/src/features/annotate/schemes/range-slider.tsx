/** range_slider: a low and a high end on one scale; moving one end sets both, and neither passes the other. */
import { setValue } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface RangeKeys {
  default_low: number;
  default_high: number;
  show_values: boolean;
  left_label: string;
  right_label: string;
}

function RangeField({ scheme, answers, update }: FieldProps) {
  const k = scheme as unknown as RangeKeys;
  const chosen = answers.labels[scheme.name] ?? {};
  const set = chosen.range_low !== undefined && chosen.range_high !== undefined;
  const low = Number(chosen.range_low ?? k.default_low);
  const high = Number(chosen.range_high ?? k.default_high);
  const put = (nextLow: number, nextHigh: number) =>
    update((a) =>
      setValue(setValue(a, scheme.name, 'range_low', String(nextLow)), scheme.name, 'range_high', String(nextHigh)),
    );
  const input = (end: 'low' | 'high') => (
    <input
      type="range"
      min={scheme.min ?? 0}
      max={scheme.max ?? 100}
      step={scheme.step ?? 1}
      value={end === 'low' ? low : high}
      aria-label={`${scheme.name}: ${end} end`}
      aria-valuetext={set ? String(end === 'low' ? low : high) : 'not set'}
      onChange={(e) => {
        const v = Number(e.target.value);
        if (end === 'low') put(Math.min(v, high), high);
        else put(low, Math.max(v, low));
      }}
    />
  );
  return (
    <fieldset className="scheme scheme-range_slider" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <div className="line-field">
        <span className="line-end">{k.left_label}</span>
        <span className="range-ends">
          {input('low')}
          {input('high')}
        </span>
        <span className="line-end">{k.right_label}</span>
        <output data-testid={`${scheme.name}-range`}>
          {set ? (k.show_values ? `${low} – ${high}` : 'set') : 'not set'}
        </output>
        {set && (
          <button
            type="button"
            className="link"
            onClick={() =>
              update((a) => setValue(setValue(a, scheme.name, 'range_low', ''), scheme.name, 'range_high', ''))
            }
          >
            Clear
          </button>
        )}
      </div>
    </fieldset>
  );
}

export const rangeSlider: SchemeUi = {
  kind: 'value',
  Field: RangeField,
  fieldKeys: (s) => [{ keys: ['←', '→', 'Tab'], label: `${s.name}: move the focused end; Tab goes to the other end` }],
};
