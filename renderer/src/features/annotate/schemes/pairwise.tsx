/**
 * pairwise: the two items side by side (from the item's `items_key` field), and A / B (/ tie) per dimension on
 * keys, or a scale between them (Tab to it, arrows move it).
 */
import type { Scheme } from '../../../shared/api/types.js';
import { pairwiseChoices, type PairwiseDimension, type PairwiseKeys } from '../../../../../shared/schemes/pairwise.js';
import { Legend } from './parts.js';
import { extraOf, fieldOf, itemsAt, Options, setField, toggleField } from './options.js';
import type { FieldProps, KeyBinding, SchemeUi } from './scheme-ui.js';

/** The binding's name: the choice, prefixed by its dimension when there are several. */
const bindingName = (k: PairwiseKeys, d: PairwiseDimension, text: string) =>
  k.mode === 'multi_dimension' ? `${d.name}: ${text}` : text;

function keys(scheme: Scheme): KeyBinding[] {
  const k = extraOf<PairwiseKeys>(scheme);
  if (k.mode === 'scale') return [];
  // Potato's keys for one binary pair are 1, 2 and 0 for the tie; further pairs take the next free keys
  const own: Record<string, string> = k.mode === 'binary' ? { A: '1', B: '2', tie: '0' } : {};
  return k.dimensions.flatMap((d) =>
    pairwiseChoices(k, d).map((c) => ({
      label: bindingName(k, d, c.text),
      key: own[c.value],
      apply: (a) => toggleField(a, scheme.name, d.name, c.value),
    })),
  );
}

function Justification({ scheme, answers, update }: FieldProps) {
  const k = extraOf<PairwiseKeys>(scheme);
  const raw = fieldOf(answers, scheme.name, 'justification');
  const current = raw ? (JSON.parse(raw) as { reasons?: string[]; rationale?: string }) : {};
  const reasons = current.reasons ?? [];
  const save = (next: { reasons: string[]; rationale: string }) =>
    update((a) =>
      setField(a, scheme.name, 'justification', next.reasons.length || next.rationale ? JSON.stringify(next) : ''),
    );
  return (
    <div className="pairwise-justification">
      {k.justification!.reason_categories.map((r) => (
        <label key={r} className="choice">
          <input
            type="checkbox"
            checked={reasons.includes(r)}
            onChange={() =>
              save({
                reasons: reasons.includes(r) ? reasons.filter((x) => x !== r) : [...reasons, r],
                rationale: current.rationale ?? '',
              })
            }
          />
          {r}
        </label>
      ))}
      <label className="value-field">
        Why?
        <textarea
          rows={2}
          placeholder={k.justification!.rationale_placeholder}
          value={current.rationale ?? ''}
          onChange={(e) => save({ reasons, rationale: e.target.value })}
        />
      </label>
    </div>
  );
}

function PairwiseField(props: FieldProps) {
  const { scheme, answers, keyOf, update, instance } = props;
  const k = extraOf<PairwiseKeys>(scheme);
  const items = itemsAt(instance?.data, k.items_key);
  const value = fieldOf(answers, scheme.name, 'scale_value');
  return (
    <fieldset className="scheme scheme-pairwise" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      {items.length >= 2 && (
        <div className="pair">
          {items.slice(0, 2).map((text, i) => (
            <div
              key={i}
              className={`pair-item${k.mode === 'binary' && fieldOf(answers, scheme.name, 'selection') === 'AB'[i] ? ' chosen' : ''}`}
            >
              {k.show_labels && <div className="pair-label">{k.item_labels[i]}</div>}
              <div className="pair-text">{text}</div>
            </div>
          ))}
        </div>
      )}
      {k.mode === 'scale' ? (
        <div className="value-field pair-scale">
          <span>{k.scale.labels.min}</span>
          <input
            type="range"
            aria-label={`${scheme.name}: ${k.scale.labels.min} … ${k.scale.labels.max}`}
            min={k.scale.min}
            max={k.scale.max}
            step={k.scale.step}
            value={value || String(k.scale.default)}
            aria-valuetext={value || 'not set'}
            onChange={(e) => update((a) => setField(a, scheme.name, 'scale_value', e.target.value))}
          />
          <span>{k.scale.labels.max}</span>
          <output>{value || 'not set'}</output>
        </div>
      ) : (
        k.dimensions.map((d) => (
          <div key={d.name} className="pair-dimension">
            {k.mode === 'multi_dimension' && <div className="pair-dimension-name">{d.description || d.name}</div>}
            <Options
              name={`scheme-${scheme.name}-${d.name}`}
              label={k.mode === 'multi_dimension' ? `${scheme.name}: ${d.name}` : scheme.name}
              chosen={fieldOf(answers, scheme.name, d.name)}
              keyOf={(b) => keyOf(scheme.name, b)}
              options={pairwiseChoices(k, d).map((c) => ({ ...c, binding: bindingName(k, d, c.text) }))}
              onPick={(v) => update((a) => setField(a, scheme.name, d.name, v))}
            />
          </div>
        ))
      )}
      {k.justification && k.mode !== 'scale' && <Justification {...props} />}
    </fieldset>
  );
}

/** Whether the assistant's value ("A", "B", "tie") is a choice of this binary pair. */
function isChoice(scheme: Scheme, value: string) {
  const k = extraOf<PairwiseKeys>(scheme);
  return k.mode === 'binary' && pairwiseChoices(k, k.dimensions[0]).some((c) => c.value === value);
}

export const pairwise: SchemeUi = {
  kind: 'structured',
  Field: PairwiseField,
  bindings: keys,
  applySuggested: (a, scheme, value) => (isChoice(scheme, value) ? setField(a, scheme.name, 'selection', value) : a),
};
