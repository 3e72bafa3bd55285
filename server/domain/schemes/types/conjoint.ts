/**
 * conjoint: side-by-side profiles (one level of each attribute per profile), and the annotator picks one, or
 * "none" when `show_none_option`. Profiles come from the item's `profiles_field` (a list of attribute → level
 * objects), else from `attributes`, the same ones for everyone on an instance. Stored under
 * `"<scheme>:<scheme>"`: Potato's plain choice "2" | "none", or JSON {"chosen_profile": 2 | "none", "profiles":
 * [...]} keeping the profiles shown. The answer is that object ({"chosen_profile"} alone for a plain choice).
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { numberish } from '../kinds.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { isRecord, storeUnder } from '../answer-fields.js';

const config = z.looseObject({
  profiles_per_set: numberish
    .pipe(z.number().int().min(2, 'must be at least 2').max(10, 'must be at most 10'))
    .optional(),
  attributes: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        levels: z.array(z.union([z.string(), z.number()]).transform(String)).min(1, 'needs at least one level'),
      }),
    )
    .optional(),
  show_none_option: z.boolean().optional(),
  profiles_field: z.string().min(1).nullable().optional(),
});

interface ConjointKeys {
  profiles_per_set: number;
  attributes: { name: string; levels: string[] }[];
  show_none_option: boolean;
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as ConjointKeys;
const fieldOf = (scheme: Scheme) => scheme.labels[0].name;

function choice(scheme: Scheme, v: unknown): string | AnswerError {
  const k = keysOf(scheme);
  if (v === 'none' && k.show_none_option) return 'none';
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (Number.isInteger(n) && n >= 1 && n <= k.profiles_per_set) return String(n);
  return new AnswerError(
    `"${String(v).slice(0, 40)}" is not a profile: give 1–${k.profiles_per_set}${k.show_none_option ? ' or none' : ''}`,
  );
}

/** The value to store from a plain choice or a {chosen_profile, profiles} object. */
function stored(scheme: Scheme, given: unknown): string | AnswerError {
  if (!isRecord(given)) return choice(scheme, given);
  const picked = choice(scheme, given.chosen_profile);
  if (picked instanceof AnswerError) return picked;
  if (given.profiles === undefined) return picked;
  const k = keysOf(scheme);
  if (!Array.isArray(given.profiles) || given.profiles.length !== k.profiles_per_set || !given.profiles.every(isRecord))
    return new AnswerError(`profiles must be a list of ${k.profiles_per_set} attribute → level objects`);
  for (const profile of given.profiles as Record<string, unknown>[]) {
    for (const [name, level] of Object.entries(profile)) {
      const attr = k.attributes.find((a) => a.name === name);
      if (k.attributes.length && (!attr || !attr.levels.includes(String(level))))
        return new AnswerError(`"${name}: ${String(level).slice(0, 40)}" is not an attribute level of this scheme`);
    }
  }
  return JSON.stringify({ chosen_profile: picked === 'none' ? 'none' : Number(picked), profiles: given.profiles });
}

function parse(value: string): unknown {
  if (!value.startsWith('{')) return value;
  try {
    return JSON.parse(value);
  } catch {
    return new AnswerError('expected a profile number, "none", or {"chosen_profile": …, "profiles": […]} as JSON');
  }
}

export const conjoint: SchemeTypeModule = {
  type: 'conjoint',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    if (scheme.labels.length)
      fail('labels', 'a conjoint scheme has no labels: its profiles come from attributes or profiles_field');
    if (!k.attributes?.length && !k.profiles_field)
      fail('attributes', 'give the attributes (each a name and its levels) or a profiles_field');
    storeUnder(scheme, [scheme.name]);
    Object.assign(scheme.extra, {
      profiles_per_set: k.profiles_per_set ?? 3,
      attributes: k.attributes ?? [],
      show_none_option: k.show_none_option ?? true,
      ...(k.profiles_field ? { profiles_field: k.profiles_field } : {}),
    });
  },
  storage: 'labels',
  accept(scheme, _label, value) {
    if (value === '') return null;
    const given = parse(value);
    return given instanceof AnswerError ? given : stored(scheme, given);
  },
  answer(scheme, chosen) {
    const value = chosen[fieldOf(scheme)];
    if (value.startsWith('{')) return JSON.parse(value);
    return { chosen_profile: value === 'none' ? 'none' : Number(value) };
  },
  fromAnswer(scheme, answer) {
    const value = stored(scheme, answer);
    return value instanceof AnswerError ? value : { [fieldOf(scheme)]: value };
  },
  spacy: 'values',
  agreement: {
    level: 'nominal',
    column: 'value',
    value: (s, chosen) => {
      const v = chosen[fieldOf(s)];
      return v === undefined
        ? undefined
        : v.startsWith('{')
          ? String((JSON.parse(v) as { chosen_profile: unknown }).chosen_profile)
          : v;
    },
  },
  suggestable: false,
  shape: {
    stored: '"<scheme>:<scheme>" → the profile number ("2") or "none", or JSON text of {"chosen_profile", "profiles"}',
    answer: z.object({
      chosen_profile: z.union([z.number().int(), z.literal('none')]),
      profiles: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  },
  example: (scheme) => ({ [fieldOf(scheme)]: '1' }),
};
