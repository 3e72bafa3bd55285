/** vas: a plain line between two end labels, no ticks; unset until moved (arrows, Home/End, PageUp/Down). */
import { setValue } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';

interface VasKeys {
  left_label: string;
  right_label: string;
  show_value: boolean;
}

export function LineField({
  scheme,
  answers,
  update,
  field,
  left,
  right,
  show,
  label,
}: FieldProps & { field: string; left: string; right: string; show: boolean; label: string }) {
  const value = answers.labels[scheme.name]?.[field] ?? '';
  const min = scheme.min ?? 0;
  const max = scheme.max ?? 100;
  const id = `scheme-${scheme.name}-${field}`;
  return (
    <fieldset className={`scheme scheme-${scheme.annotation_type}`} data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <div className="line-field">
        <span className="line-end">{left}</span>
        <input
          id={id}
          type="range"
          className="line"
          min={min}
          max={max}
          step={scheme.step ?? 'any'}
          value={value || String((min + max) / 2)}
          aria-label={label}
          aria-valuetext={value ? value : 'not set'}
          onChange={(e) => update((a) => setValue(a, scheme.name, field, e.target.value))}
        />
        <span className="line-end">{right}</span>
        <output htmlFor={id}>{value ? (show ? value : 'set') : 'not set'}</output>
        {value && (
          <button type="button" className="link" onClick={() => update((a) => setValue(a, scheme.name, field, ''))}>
            Clear
          </button>
        )}
      </div>
    </fieldset>
  );
}

function VasField(p: FieldProps) {
  const k = p.scheme as unknown as VasKeys;
  return (
    <LineField
      {...p}
      field={p.scheme.name}
      left={k.left_label}
      right={k.right_label}
      show={k.show_value}
      label={p.scheme.description || p.scheme.name}
    />
  );
}

const lineKeys = (scheme: string) => [
  { keys: ['←', '→', 'Home', 'End'], label: `${scheme}: move along the line (PageUp/PageDown in big steps)` },
];

export const vas: SchemeUi = { kind: 'value', Field: VasField, fieldKeys: (s) => lineKeys(s.name) };
