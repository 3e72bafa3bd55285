/**
 * Potato's `use_predefined_labels` on a select scheme: a built-in list in place of `labels`. The lists are our
 * own: countries are ISO 3166-1's codes named by the runtime's Unicode CLDR data, languages ISO 639-1's, and the
 * ethnicity and religion lists are short, broad categories written here. Their wording differs from Potato's
 * lists; a study that needs exact strings lists them in `labels`.
 */
export class PredefinedLabelsError extends Error {}

const ISO_3166_1 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK
FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE
JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO
RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW
TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`;

const ETHNICITY = [
  'American Indian or Alaska Native',
  'Asian',
  'Black or African',
  'Hispanic or Latino',
  'Middle Eastern or North African',
  'Native Hawaiian or Pacific Islander',
  'White',
  'More than one of these',
  'Another ethnicity',
  'Prefer not to say',
];

const RELIGION = [
  'Buddhism',
  'Christianity',
  'Hinduism',
  'Islam',
  'Judaism',
  'Sikhism',
  'Folk or traditional religion',
  'Another religion',
  'Agnostic',
  'Atheist',
  'No religion',
  'Prefer not to say',
];

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

function countries(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return ISO_3166_1.split(/\s+/)
    .map((code) => names.of(code) ?? code)
    .sort(byName);
}

/** ISO 639-1's two-letter codes the runtime names, each language once (retired codes share a current one's name). */
function languages(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const out = new Set<string>();
  for (let a = 97; a <= 122; a++)
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code) out.add(name);
    }
  return [...out].sort(byName);
}

const LISTS: Record<string, () => string[]> = {
  country: countries,
  language: languages,
  ethnicity: () => ETHNICITY,
  religion: () => RELIGION,
};

/** The built-in list a name stands for; undefined for a name that is not one. */
export const predefinedLabels = (name: string): string[] | undefined =>
  Object.hasOwn(LISTS, name) ? LISTS[name]() : undefined;

/**
 * A select scheme with `use_predefined_labels`, as the scheme with that list as its labels (the key acted on and
 * gone). The list wins over `labels`, as in Potato, with a warning when both are given.
 */
export function readPredefinedLabels(scheme: unknown, where: string, warn: (m: string) => void): unknown {
  if (!scheme || typeof scheme !== 'object' || Array.isArray(scheme)) return scheme;
  const { use_predefined_labels: name, ...rest } = scheme as Record<string, unknown>;
  if (name === undefined) return scheme;
  const list = typeof name === 'string' ? predefinedLabels(name) : undefined;
  if (!list)
    throw new PredefinedLabelsError(`${where}.use_predefined_labels: expected one of ${Object.keys(LISTS).join(', ')}`);
  if (rest.annotation_type !== 'select') {
    warn(
      `${where}.use_predefined_labels: not acted on, as in Potato: its lists are for select schemes; labels are used`,
    );
    return rest;
  }
  if (Array.isArray(rest.labels) && rest.labels.length)
    warn(`${where}.labels: replaced by use_predefined_labels "${name as string}" (${list.length} labels)`);
  return { ...rest, labels: list };
}
