/** A labelled choice of one of the codebook's codes, with a first option for none. */
import type { CodebookCode } from '../../shared/api/types.js';

export function CodeSelect({
  label,
  none,
  codes,
  value,
  onChange,
}: {
  label: string;
  /** the text of the empty choice */
  none: string;
  codes: CodebookCode[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {codes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
