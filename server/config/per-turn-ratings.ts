/**
 * Potato's `per_turn_ratings` option of a dialogue display field: a rating scale under each turn of the listed
 * speakers, one per `schema_name`. It is read into turn-level likert schemes bound to that field and those
 * speakers (docs/turn-level.md), so the page asks them under the turns and answers are checked and stored as
 * every turn-level answer is.
 */

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);
type RawScheme = Mapping & { annotation_type: string; name: string };

/** The display option read here; the display config warns about a dialogue field's others. */
export const PER_TURN_RATINGS_OPTION = 'per_turn_ratings';

const DEFAULT_NAME = 'per_turn_ratings';

/** One rating of the option as a raw likert scheme, or undefined (warned) when it cannot be asked. */
function ratingScheme(
  entry: Mapping,
  field: string,
  speakers: string[],
  where: string,
  warn: (m: string) => void,
): RawScheme | undefined {
  const name = typeof entry.schema_name === 'string' && entry.schema_name ? entry.schema_name : DEFAULT_NAME;
  const scale = isMapping(entry.scheme) ? entry.scheme : {};
  if (scale.type !== undefined && scale.type !== 'likert')
    warn(`${where}.scheme.type: "${String(scale.type)}" is asked as a likert scale (Potato draws every rating so)`);
  const size = scale.size ?? 5;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 2 || size > 100) {
    warn(`${where}.scheme.size: expected a whole number of points from 2 to 100; "${name}" is not asked`);
    return undefined;
  }
  const ends = Array.isArray(scale.labels) ? scale.labels.map(String) : [];
  return {
    annotation_type: 'likert',
    name,
    description: name,
    size,
    min_label: ends[0] ?? '',
    max_label: ends.length > 1 ? ends[ends.length - 1] : '',
    turn_level: true,
    turn_binding: speakers.length ? { field, speakers } : { field },
  };
}

/**
 * The raw schemes the config's dialogue fields' per_turn_ratings ask, to be checked with the configured ones. A
 * rating named like a configured scheme (or another rating) is left out with a warning; with `html_layout` there
 * is no instance display to rate.
 */
export function perTurnRatingSchemes(config: Mapping, warn: (m: string) => void): RawScheme[] {
  const display = config.instance_display;
  if (config.html_layout || !isMapping(display) || !Array.isArray(display.fields)) return [];
  const configured = Array.isArray(config.annotation_schemes) ? config.annotation_schemes : [];
  const names = new Set(configured.map((s) => (isMapping(s) ? s.name : undefined)));
  const made: RawScheme[] = [];
  display.fields.forEach((f, i) => {
    if (!isMapping(f) || typeof f.key !== 'string' || !isMapping(f.display_options)) return;
    const option = f.display_options[PER_TURN_RATINGS_OPTION];
    if (option === undefined || option === null) return;
    const where = `instance_display.fields[${i}].display_options.${PER_TURN_RATINGS_OPTION}`;
    if (!isMapping(option) || (f.type ?? 'text') !== 'dialogue') {
      warn(
        `${where}: expected {speakers, schema_name, scheme} or {speakers, schemes} on a dialogue field; no rating is asked`,
      );
      return;
    }
    const speakers = Array.isArray(option.speakers) ? option.speakers.map(String) : [];
    const entries = Array.isArray(option.schemes) ? option.schemes : [option];
    entries.forEach((entry, j) => {
      const at = Array.isArray(option.schemes) ? `${where}.schemes[${j}]` : where;
      const scheme = isMapping(entry) ? ratingScheme(entry, f.key as string, speakers, at, warn) : undefined;
      if (!scheme) return;
      if (names.has(scheme.name)) {
        warn(`${at}.schema_name: "${scheme.name}" is the name of another scheme; this rating is not asked`);
        return;
      }
      names.add(scheme.name);
      made.push(scheme);
    });
  });
  return made;
}
