/** triage: keep, discard or unsure, each on its own key; with auto_advance the key also submits and moves on. */
import type { Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import { extraOf, fieldOf, Options, setField } from './options.js';
import type { FieldProps, KeyBinding, SchemeUi } from './scheme-ui.js';

interface TriageKeys {
  accept_label: string;
  reject_label: string;
  skip_label: string;
  accept_key: string;
  reject_key: string;
  skip_key: string;
  auto_advance: boolean;
}

const DECISIONS = ['accept', 'reject', 'skip'] as const;

const bindingName = (scheme: Scheme, d: (typeof DECISIONS)[number]) => extraOf<TriageKeys>(scheme)[`${d}_label`];

function keys(scheme: Scheme): KeyBinding[] {
  const k = extraOf<TriageKeys>(scheme);
  // a decision key sets the decision (again: keeps it), so an auto-advancing key never clears what it submits
  return DECISIONS.map((d) => ({
    label: bindingName(scheme, d),
    key: k[`${d}_key`],
    apply: (a) => setField(a, scheme.name, 'decision', d),
    advance: k.auto_advance,
  }));
}

function TriageField({ scheme, answers, keyOf, update, advance }: FieldProps) {
  const k = extraOf<TriageKeys>(scheme);
  return (
    <fieldset className="scheme scheme-triage" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <Options
        name={`scheme-${scheme.name}`}
        label={scheme.name}
        chosen={fieldOf(answers, scheme.name, 'decision')}
        keyOf={(b) => keyOf(scheme.name, b)}
        options={DECISIONS.map((d) => ({
          value: d,
          text: bindingName(scheme, d),
          binding: bindingName(scheme, d),
          className: `triage-${d}`,
        }))}
        onPick={(v) => {
          update((a) => setField(a, scheme.name, 'decision', v));
          if (v && k.auto_advance) advance?.();
        }}
      />
    </fieldset>
  );
}

const isDecision = (v: string): v is (typeof DECISIONS)[number] => (DECISIONS as readonly string[]).includes(v);

export const triage: SchemeUi = {
  kind: 'structured',
  Field: TriageField,
  bindings: keys,
  applySuggested: (a, scheme, value) => (isDecision(value) ? setField(a, scheme.name, 'decision', value) : a),
};
