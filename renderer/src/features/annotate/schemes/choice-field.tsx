/** Radio buttons or checkboxes, one per label, with the label's key shown (radio, multiselect, likert). */
import { choose } from '../answers.js';
import { Key, Legend, NoChoices } from './parts.js';
import type { FieldProps } from './scheme-ui.js';
import { offeredLabels } from './offered-labels.js';

export function ChoiceField({
  scheme,
  colors,
  answers,
  keyOf,
  update,
  instance,
  multiple,
  ends,
}: FieldProps & { multiple: boolean; ends?: boolean }) {
  const chosen = answers.labels[scheme.name] ?? {};
  const id = `scheme-${scheme.name}`;
  const offered = offeredLabels(scheme, instance?.data);
  return (
    <fieldset className={`scheme scheme-${scheme.annotation_type}`} data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <div
        className={`choices${scheme.horizontal === true ? ' choices-row' : scheme.horizontal === false ? ' choices-column' : ''}`}
      >
        {ends && scheme.min_label && <span className="likert-end">{scheme.min_label}</span>}
        {offered.map((l) => {
          const k = keyOf(scheme.name, l.name);
          return (
            <label
              key={l.name}
              className={`choice${chosen[l.name] ? ' chosen' : ''}`}
              title={l.tooltip}
              style={{ ['--label-color' as string]: colors[l.name] ?? '#666' }}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                value={l.name}
                checked={!!chosen[l.name]}
                aria-keyshortcuts={k}
                aria-description={l.tooltip}
                onChange={() => update((a) => choose(a, scheme, l.name))}
                onClick={(e) => {
                  // a second click on the chosen radio clears it, as its key does
                  if (!multiple && chosen[l.name]) {
                    e.preventDefault();
                    update((a) => choose(a, scheme, l.name));
                  }
                }}
              />
              <span className="swatch" aria-hidden="true" />
              {l.name}
              <Key k={k} />
            </label>
          );
        })}
        {ends && scheme.max_label && <span className="likert-end">{scheme.max_label}</span>}
      </div>
      {offered.length === 0 && <NoChoices />}
    </fieldset>
  );
}
