/**
 * One annotation scheme as a form group: choice schemes as native radio buttons / checkboxes / a select (with
 * their key shown), value schemes as text, number and range inputs. Span schemes are listed by SpanPanel.
 */
import type { Scheme } from '../../shared/api/types.js';
import { choose, setValue, type Answers } from './answers.js';

interface Props {
  scheme: Scheme;
  colors: Record<string, string>;
  answers: Answers;
  keyOf: (schema: string, label: string) => string | undefined;
  update: (f: (a: Answers) => Answers) => void;
}

function Key({ k }: { k?: string }) {
  return k ? <kbd className="label-key" aria-hidden="true">{k}</kbd> : null;
}

export function SchemeField({ scheme, colors, answers, keyOf, update }: Props) {
  const chosen = answers.labels[scheme.name] ?? {};
  const id = `scheme-${scheme.name}`;
  const title = (
    <legend>
      <span className="scheme-name">{scheme.name}</span>
      {scheme.description && <span className="scheme-description"> — {scheme.description}</span>}
    </legend>
  );

  switch (scheme.annotation_type) {
    case 'radio':
    case 'multiselect':
    case 'likert': {
      const multiple = scheme.annotation_type === 'multiselect';
      return (
        <fieldset className={`scheme scheme-${scheme.annotation_type}`} data-schema={scheme.name}>
          {title}
          <div className="choices">
            {scheme.annotation_type === 'likert' && scheme.min_label && <span className="likert-end">{scheme.min_label}</span>}
            {scheme.labels.map((l) => {
              const k = keyOf(scheme.name, l.name);
              return (
                <label key={l.name} className={`choice${chosen[l.name] ? ' chosen' : ''}`} title={l.tooltip} style={{ ['--label-color' as string]: colors[l.name] ?? '#666' }}>
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={id}
                    value={l.name}
                    checked={!!chosen[l.name]}
                    aria-keyshortcuts={k}
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
            {scheme.annotation_type === 'likert' && scheme.max_label && <span className="likert-end">{scheme.max_label}</span>}
          </div>
        </fieldset>
      );
    }
    case 'select': {
      const value = Object.keys(chosen)[0] ?? '';
      return (
        <fieldset className="scheme scheme-select" data-schema={scheme.name}>
          {title}
          <select
            aria-label={scheme.name}
            value={value}
            onChange={(e) => update((a) => ({ ...a, labels: { ...a.labels, [scheme.name]: e.target.value ? { [e.target.value]: 'true' } : {} } }))}
          >
            <option value="">— choose —</option>
            {scheme.labels.map((l) => {
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
    case 'text':
    case 'number':
    case 'slider':
      return (
        <fieldset className={`scheme scheme-${scheme.annotation_type}`} data-schema={scheme.name}>
          {title}
          {scheme.labels.map((l) => {
            const inputId = `${id}-${l.name}`;
            const value = chosen[l.name] ?? '';
            const set = (v: string) => update((a) => setValue(a, scheme.name, l.name, v));
            const labelText = scheme.labels.length > 1 ? l.name : scheme.annotation_type === 'text' ? 'Your answer' : 'Value';
            return (
              <div key={l.name} className="value-field">
                <label htmlFor={inputId}>{labelText}</label>
                {scheme.annotation_type === 'text' && <textarea id={inputId} rows={2} value={value} onChange={(e) => set(e.target.value)} />}
                {scheme.annotation_type === 'number' && (
                  <input id={inputId} type="number" min={scheme.min} max={scheme.max} step={scheme.step ?? 'any'} value={value} onChange={(e) => set(e.target.value)} />
                )}
                {scheme.annotation_type === 'slider' && (
                  <>
                    <input
                      id={inputId}
                      type="range"
                      min={scheme.min ?? 0}
                      max={scheme.max ?? 100}
                      step={scheme.step ?? 1}
                      value={value || String(scheme.starting_value ?? scheme.min ?? 0)}
                      aria-valuetext={value ? value : 'not set'}
                      onChange={(e) => set(e.target.value)}
                    />
                    <output htmlFor={inputId}>{value || 'not set'}</output>
                    {value && (
                      <button type="button" className="link" onClick={() => set('')}>
                        Clear
                      </button>
                    )}
                  </>
                )}
              </div>
            );
          })}
        </fieldset>
      );
    default:
      return null;
  }
}
