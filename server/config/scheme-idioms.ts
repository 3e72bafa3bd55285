/**
 * Scheme-level idioms of real Potato configs, read before the schema checks a scheme: variants of our types
 * rewritten into them (scheme-variants.ts), `labels` given as a map,
 * a scheme-level `tooltips:` map, `displayed_name`, `horizontal` and `label_requirement` / `required`. Each is
 * acted on; a scheme key nothing here acts on is warned about by the loader (see `schemeKeyWarnings`).
 */

import { adaptSchemeVariant } from './scheme-variants.js';
import { looseBoolean } from './loose-values.js';

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** The scheme keys read here; the loader does not pass them on as unread `extra` keys. */
export const SCHEME_IDIOM_KEYS = ['displayed_name', 'horizontal', 'tooltips', 'label_requirement', 'required'];

/**
 * `labels: {1: "Very weak", 2: "Weak"}`: a number (or one-character) key is the label's key and the value its name;
 * `labels: {positive: "Says something good"}`: a word key is the name and the value its tooltip;
 * `labels: {positive: {tooltip: …, key_value: …}}`: the key is the name, the object the rest of the label.
 */
function labelsFromMap(labels: Mapping): unknown[] {
  return Object.entries(labels).map(([key, value]) => {
    if (isMapping(value)) return { ...value, name: value.name ?? key };
    if (value === null || value === undefined) return { name: key };
    const numbered = /^-?\d+$/.test(key);
    if (numbered) return [...key].length === 1 ? { name: String(value), key_value: key } : { name: String(value) };
    return { name: key, tooltip: String(value) };
  });
}

/** A scheme with its map-shaped idioms turned into what the schema reads; warnings name the scheme and key. */
export function adaptSchemeIdioms(
  given: unknown,
  index: number | string,
  warn: (message: string) => void,
  typeReadsTooltips = false,
): unknown {
  if (!isMapping(given)) return given;
  const at = typeof index === 'number' ? `annotation_schemes[${index}]` : index;
  const where = `${at}${typeof given.name === 'string' ? ` (${given.name})` : ''}`;
  const scheme = adaptSchemeVariant(given, where, warn);
  const out: Mapping = { ...scheme };
  if (isMapping(scheme.labels)) out.labels = labelsFromMap(scheme.labels);
  if (typeReadsTooltips) {
    // the scheme's type attaches them (to the nodes of a label tree)
  } else if (isMapping(scheme.tooltips) && Array.isArray(out.labels)) {
    const tips = scheme.tooltips;
    const named = new Set<string>();
    out.labels = out.labels.map((label) => {
      const name = isMapping(label) ? label.name : label;
      if (typeof name !== 'string' && typeof name !== 'number') return label;
      named.add(String(name));
      const tip = tips[String(name)];
      if (tip === undefined || tip === null) return label;
      return isMapping(label) ? { tooltip: String(tip), ...label } : { name: String(name), tooltip: String(tip) };
    });
    for (const key of Object.keys(tips))
      if (!named.has(key))
        warn(`${where}.tooltips: "${key}" is not one of the scheme's labels; its tooltip is not shown`);
  } else if (scheme.tooltips !== undefined && scheme.tooltips !== null) {
    warn(`${where}.tooltips: give a map of label name to tooltip text; it is not shown`);
  }
  return out;
}

/** What a scheme's presentation keys say, read after the schema: its title, layout and whether it must be answered. */
export interface SchemePresentation {
  displayed_name?: string;
  horizontal?: boolean;
  /** true: the scheme needs an answer; a list: these labels must be among the answer */
  required?: true | string[];
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 'True' || v === 'yes';

/** A yes/no key: a value that is neither is refused rather than read as "no". */
function flag(value: unknown, key: string, fail: (key: string, reason: string) => never): boolean {
  const parsed = looseBoolean.safeParse(value);
  return parsed.success ? parsed.data : fail(key, `expected true or false, not ${JSON.stringify(value)}`);
}

export function schemePresentation(
  raw: Mapping,
  labels: readonly string[],
  fail: (key: string, reason: string) => never,
): SchemePresentation {
  const out: SchemePresentation = {};
  if (raw.displayed_name !== undefined && raw.displayed_name !== null) {
    if (typeof raw.displayed_name !== 'string' && typeof raw.displayed_name !== 'number')
      fail('displayed_name', 'give the title as text');
    out.displayed_name = String(raw.displayed_name);
  }
  if (raw.horizontal !== undefined && raw.horizontal !== null)
    out.horizontal = flag(raw.horizontal, 'horizontal', fail);
  const requirement = raw.label_requirement;
  if (raw.required !== undefined && raw.required !== null && flag(raw.required, 'required', fail)) out.required = true;
  if (isMapping(requirement)) {
    if (
      requirement.required !== undefined &&
      requirement.required !== null &&
      flag(requirement.required, 'label_requirement.required', fail)
    )
      out.required = true;
    const listed = requirement.required_label;
    if (listed !== undefined && listed !== null) {
      const names = (Array.isArray(listed) ? listed : [listed]).map(String);
      for (const name of names)
        if (!labels.includes(name))
          fail('label_requirement.required_label', `"${name}" is not one of the scheme's labels`);
      out.required = names;
    }
  } else if (requirement !== undefined && requirement !== null) {
    if (truthy(requirement)) out.required = true;
    else if (requirement !== false && requirement !== 'false' && requirement !== 'False')
      fail('label_requirement', 'give {required: true} or {required_label: [labels]}');
  }
  return out;
}
