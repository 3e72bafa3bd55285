/** select: a drop-down of the labels, each option showing its key. */
import { Legend, NoChoices } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import { offeredLabels } from './offered-labels.js';

function SelectField({ scheme, colors, answers, keyOf, update, instance }: FieldProps) {
  const value = Object.keys(answers.labels[scheme.name] ?? {})[0] ?? '';
  const offered = offeredLabels(scheme, instance?.data);
  if (offered.length === 0)
    return (
      <fieldset className="scheme scheme-select" data-scheme={scheme.name}>
        <Legend scheme={scheme} />
        <NoChoices />
      </fieldset>
    );
  return (
    <fieldset className="scheme scheme-select" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <select
        aria-label={scheme.name}
        value={value}
        onChange={(e) =>
          update((a) => ({
            ...a,
            labels: { ...a.labels, [scheme.name]: e.target.value ? { [e.target.value]: 'true' } : {} },
          }))
        }
      >
        <option value="">— choose —</option>
        {offered.map((l) => {
          const k = keyOf(scheme.name, l.name);
          return (
            <option key={l.name} value={l.name}>
              {l.name}
              {k ? `  [${k}]` : ''}
            </option>
          );
        })}
      </select>
      {value && <span className="swatch inline" style={{ background: colors[value] ?? '#666' }} aria-hidden="true" />}
    </fieldset>
  );
}

export const select: SchemeUi = {
  kind: 'choice',
  single: true,
  ownAnswerOnly: true,
  Field: SelectField,
};
