/**
 * Potato scheme types that are plain variants of a type we have, rewritten into it before the scheme is checked,
 * with a warning saying what the annotator gets instead. Answers keep Potato's stored shape, so its scripts and
 * exports read them unchanged.
 *
 * - `rubric_eval` (criteria × a 1..N scale, one radio per row) is a `multirate` grid: the criteria are its rows
 *   (their descriptions as tooltips, `show_overall` adds Potato's `overall` row), the scale points `1`..`N` its
 *   columns, stored as Potato stores them (`"<scheme>:<criterion>"` → `"4"`). The scale's words
 *   (`scale_labels`) head the columns in Potato; here they are spelt out in the scheme's description.
 * - `pairwise` (binary) with more than two labels, as real configs write it: three are A, B and a tie
 *   (`allow_tie`, the third label the tie's name); four or more are one choice among them, a `radio` scheme.
 *   Potato's tiles show only the first two labels, so this asks what the config lists.
 */

export class SchemeVariantError extends Error {}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

const RUBRIC_DEFAULT_WORDS = ['Poor', 'Below Average', 'Average', 'Good', 'Excellent'];

function rubricToMultirate(scheme: Mapping, where: string, warn: (message: string) => void): Mapping {
  const { scale_points: points = 5, scale_labels: words, criteria, show_overall: overall, ...rest } = scheme;
  const fail = (key: string, reason: string): never => {
    throw new SchemeVariantError(`${where}.${key}: ${reason}`);
  };
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 2 || points > 20)
    fail('scale_points', 'give a whole number of scale points from 2 to 20');
  const scale = Array.from({ length: points as number }, (_, i) => String(i + 1));
  const given = Array.isArray(words) ? words.map(String) : RUBRIC_DEFAULT_WORDS;
  const named = scale.map((n, i) => (given[i] !== undefined && given[i] !== n ? `${n} = ${given[i]}` : n));
  if (!Array.isArray(criteria) || !criteria.length)
    fail('criteria', 'a rubric_eval scheme needs criteria, each {name, description}');
  const rows = (criteria as unknown[]).map((c, i) => {
    const name = isMapping(c) ? c.name : c;
    if ((typeof name !== 'string' || !name) && typeof name !== 'number')
      fail(`criteria[${i}]`, 'give each criterion a name');
    const tooltip = isMapping(c) && typeof c.description === 'string' && c.description ? c.description : undefined;
    return tooltip ? { name, tooltip } : { name };
  });
  if (overall === true || overall === 'true' || overall === 'True')
    rows.push({ name: 'overall', tooltip: 'Overall quality' });
  const description = typeof scheme.description === 'string' ? scheme.description : '';
  warn(
    `${where}: rubric_eval is shown as a multirate grid: each criterion a row rated ${scale[0]}–${scale[scale.length - 1]}, answers stored as Potato stores them; the scale's words (${named.join(', ')}) are given in the description rather than above the columns`,
  );
  return {
    ...rest,
    annotation_type: 'multirate',
    description: `${description}${description ? ' ' : ''}(${named.join(', ')})`,
    labels: scale,
    options: rows,
  };
}

const labelName = (label: unknown) => String(isMapping(label) ? label.name : label);

function pairwiseChoices(scheme: Mapping, where: string, warn: (message: string) => void): Mapping {
  const { labels } = scheme;
  const mode = scheme.mode ?? 'binary';
  if (!Array.isArray(labels) || labels.length <= 2 || mode !== 'binary') return scheme;
  if (labels.length === 3 && scheme.allow_tie === undefined) {
    warn(
      `${where}.labels: a pairwise scheme compares two items: "${labelName(labels[0])}" and "${labelName(labels[1])}" are its choices and "${labelName(labels[2])}" its tie (stored as A, B and tie)`,
    );
    return { ...scheme, labels: labels.slice(0, 2), allow_tie: true, tie_label: labelName(labels[2]) };
  }
  warn(
    `${where}.labels: a pairwise scheme with ${labels.length} labels is asked as one choice among them (a radio scheme, stored as "${String(scheme.name)}:<label>"); Potato's pairwise tiles show only the first two`,
  );
  const { mode: _mode, ...rest } = scheme;
  return { ...rest, annotation_type: 'radio' };
}

/** The scheme rewritten into the type it is a variant of, or as it was. */
export function adaptSchemeVariant(scheme: Mapping, where: string, warn: (message: string) => void): Mapping {
  if (scheme.annotation_type === 'rubric_eval') return rubricToMultirate(scheme, where, warn);
  if (scheme.annotation_type === 'pairwise') return pairwiseChoices(scheme, where, warn);
  return scheme;
}
