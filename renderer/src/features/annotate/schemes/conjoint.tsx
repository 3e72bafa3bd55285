/**
 * conjoint: the profiles side by side (from the item's `profiles_field`, or made from the attributes, the same
 * for everyone on an instance), one picked by its key, or "None of these". The profiles shown are stored with
 * the choice.
 */
import type { CurrentInstance, Scheme } from '../../../shared/api/types.js';
import { Legend } from './parts.js';
import { extraOf, fieldOf, Options, setField } from './options.js';
import type { Answers } from '../answers.js';
import type { FieldProps, KeyBinding, SchemeUi } from './scheme-ui.js';

interface ConjointKeys {
  profiles_per_set: number;
  attributes: { name: string; levels: string[] }[];
  show_none_option: boolean;
  profiles_field?: string;
}

type Profile = Record<string, string>;

/** A small string hash (FNV-1a): the same instance and scheme give the same profiles. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function profilesOf(scheme: Scheme, instance: CurrentInstance | undefined): Profile[] {
  const k = extraOf<ConjointKeys>(scheme);
  const given = k.profiles_field ? instance?.data[k.profiles_field] : undefined;
  if (Array.isArray(given))
    return given
      .slice(0, k.profiles_per_set)
      .map((p) => Object.fromEntries(Object.entries((p ?? {}) as object).map(([a, v]) => [a, String(v)])));
  const id = instance?.instance_id ?? '';
  return Array.from({ length: k.profiles_per_set }, (_, p) =>
    Object.fromEntries(
      k.attributes.map((a) => [
        a.name,
        a.levels[hash(`${id}\u0000${scheme.name}\u0000${p}\u0000${a.name}`) % a.levels.length],
      ]),
    ),
  );
}

const choices = (scheme: Scheme) => [
  ...Array.from({ length: extraOf<ConjointKeys>(scheme).profiles_per_set }, (_, i) => String(i + 1)),
  ...(extraOf<ConjointKeys>(scheme).show_none_option ? ['none'] : []),
];
const nameOf = (choice: string) => (choice === 'none' ? 'None of these' : `Option ${choice}`);

function chosenOf(a: Answers, scheme: Scheme): string {
  const raw = fieldOf(a, scheme.name, scheme.labels[0].name);
  return raw.startsWith('{') ? String((JSON.parse(raw) as { chosen_profile: unknown }).chosen_profile) : raw;
}

/** Picks `choice` with the profiles on screen (again: clears it). */
function pick(a: Answers, scheme: Scheme, choice: string, profiles: Profile[]): Answers {
  const value =
    !choice || chosenOf(a, scheme) === choice
      ? ''
      : JSON.stringify({ chosen_profile: choice === 'none' ? 'none' : Number(choice), profiles });
  return setField(a, scheme.name, scheme.labels[0].name, value);
}

// the key handler knows no instance: the field keeps the profiles it shows here for it
const shown = new Map<string, Profile[]>();

function keys(scheme: Scheme): KeyBinding[] {
  return choices(scheme).map((c) => ({
    label: nameOf(c),
    apply: (a) => pick(a, scheme, c, shown.get(scheme.name) ?? []),
  }));
}

function ConjointField({ scheme, answers, keyOf, update, instance }: FieldProps) {
  const k = extraOf<ConjointKeys>(scheme);
  const profiles = profilesOf(scheme, instance);
  shown.set(scheme.name, profiles);
  const attributes = k.attributes.length
    ? k.attributes.map((a) => a.name)
    : [...new Set(profiles.flatMap((p) => Object.keys(p)))];
  const chosen = chosenOf(answers, scheme);
  return (
    <fieldset className="scheme scheme-conjoint" data-scheme={scheme.name}>
      <Legend scheme={scheme} />
      <table className="conjoint-profiles">
        <thead>
          <tr>
            <th scope="col">Attribute</th>
            {profiles.map((_, i) => (
              <th key={i} scope="col" className={chosen === String(i + 1) ? 'chosen' : ''}>
                Option {i + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {attributes.map((a) => (
            <tr key={a}>
              <th scope="row">{a}</th>
              {profiles.map((p, i) => (
                <td key={i}>{p[a] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Options
        name={`scheme-${scheme.name}`}
        label={scheme.name}
        chosen={chosen}
        keyOf={(b) => keyOf(scheme.name, b)}
        options={choices(scheme).map((c) => ({ value: c, text: nameOf(c), binding: nameOf(c) }))}
        onPick={(v) => update((a) => pick(a, scheme, v, profiles))}
      />
    </fieldset>
  );
}

export const conjoint: SchemeUi = { kind: 'structured', Field: ConjointField, bindings: keys };
