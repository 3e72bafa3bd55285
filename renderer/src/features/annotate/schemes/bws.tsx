/**
 * bws: the tuple's items, lettered, with a best and a worst pick each. Keys as Potato binds them: 1, 2, … pick
 * the best, a, b, … the worst.
 */
import type { Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import { extraOf, fieldOf, Options, setField, toggleField } from './options.js';
import type { FieldProps, KeyBinding, SchemeUi } from './scheme-ui.js';

interface BwsKeys {
  tuple_size: number;
  best_description: string;
  worst_description: string;
}

const positions = (scheme: Scheme) =>
  Array.from({ length: extraOf<BwsKeys>(scheme).tuple_size }, (_, i) => String.fromCharCode(65 + i));

function keys(scheme: Scheme): KeyBinding[] {
  return (['best', 'worst'] as const).flatMap((role) =>
    positions(scheme).map((p, i) => ({
      label: `${role}: ${p}`,
      key: role === 'best' ? String((i + 1) % 10) : p.toLowerCase(),
      apply: (a) => toggleField(a, scheme.name, role, p),
    })),
  );
}

interface TupleItem {
  position: string;
  text: string;
}

function BwsField({ scheme, answers, keyOf, update, instance }: FieldProps) {
  const k = extraOf<BwsKeys>(scheme);
  const raw = instance?.data._bws_items;
  const items = Array.isArray(raw) ? (raw as TupleItem[]) : [];
  const textOf = (p: string) => items.find((i) => i.position === p)?.text ?? '';
  return (
    <fieldset className="scheme scheme-bws" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <ol className="bws-items">
        {positions(scheme).map((p) => (
          <li key={p} data-position={p}>
            <b>{p}.</b> {textOf(p)}
          </li>
        ))}
      </ol>
      {(['best', 'worst'] as const).map((role) => (
        <div key={role} className={`bws-role bws-${role}`}>
          <div>{role === 'best' ? k.best_description : k.worst_description}</div>
          <Options
            name={`scheme-${scheme.name}-${role}`}
            label={`${scheme.name}: ${role}`}
            chosen={fieldOf(answers, scheme.name, role)}
            keyOf={(b) => keyOf(scheme.name, b)}
            options={positions(scheme).map((p) => ({ value: p, text: p, binding: `${role}: ${p}` }))}
            onPick={(v) => update((a) => setField(a, scheme.name, role, v))}
          />
        </div>
      ))}
    </fieldset>
  );
}

export const bws: SchemeUi = { kind: 'structured', Field: BwsField, bindings: keys };
