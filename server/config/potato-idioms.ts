/**
 * Top-level idioms of real Potato configs, mapped onto the keys this server reads before the schema checks them:
 * `data_files` entries given as objects, `num_annotators_per_item` in object form, `instances_per_annotator` and
 * `annotation_per_instance`, and Potato 2's assignment strategy names (mapped to the nearest one here, with a
 * warning naming both). Also finds duplicate YAML keys, which PyYAML lets the last one win.
 */
import { isMap, isPair, isScalar, visit, type Document, type LineCounter } from 'yaml';
import { ASSIGNMENT_STRATEGIES } from '../domain/task.js';

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** Potato 2 strategies without an equal here, and the nearest one we have. */
const NEAREST_STRATEGY: Record<string, string> = {
  ordered: 'fixed_order',
  sequential: 'fixed_order',
  shuffle: 'random',
  shuffled: 'random',
  llm_confidence: 'random', // Potato itself falls back to random selection for it
  max_diversity: 'least_annotated', // Potato's: the items its annotators disagree on most, not clusters
  category_based: 'least_annotated',
  uncertainty: 'least_annotated',
  balanced: 'least_annotated',
};
const OURS = new Set<string>(ASSIGNMENT_STRATEGIES);

/** Top-level keys read here under another name. */
export const IDIOM_KEYS = new Set(['annotation_per_instance', 'instances_per_annotator']);

export function adaptIdioms(config: Mapping, file: string): { config: Mapping; warnings: string[] } {
  const out: Mapping = { ...config };
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(`${file}: ${m}`);

  if (Array.isArray(config.data_files)) {
    out.data_files = config.data_files.map((entry, i) => {
      if (!isMapping(entry)) return entry;
      const path = entry.path ?? entry.file ?? entry.filename;
      if (typeof path !== 'string') return entry; // left for the schema to refuse, naming data_files[i]
      const rest = Object.keys(entry).filter(
        (k) => !['path', 'file', 'filename', 'type', 'format', 'encoding'].includes(k),
      );
      if (rest.length) warn(`data_files[${i}]: ${rest.join(', ')} ignored; the file is read by its extension`);
      // an encoding stays with its file (the schema refuses one that is not a name)
      return entry.encoding === undefined ? path : { path, encoding: entry.encoding };
    });
  }

  if (isMapping(config.num_annotators_per_item)) {
    const value = config.num_annotators_per_item;
    const base = value.default ?? value.count ?? value.value;
    const others = Object.keys(value).filter((k) => !['default', 'count', 'value'].includes(k));
    if (base !== undefined) out.num_annotators_per_item = base;
    else delete out.num_annotators_per_item;
    warn(
      `num_annotators_per_item: ${base !== undefined ? `every item gets ${String(base)} annotators` : 'no default given: no overlap limit'}${others.length ? `; ${others.join(', ')} not acted on` : ''}`,
    );
  }

  const alias = (from: string, to: string) => {
    if (config[from] === undefined) return;
    if (config[to] === undefined) out[to] = config[from];
    else warn(`${from}: ${to} is given too and is used`);
    delete out[from];
  };
  alias('annotation_per_instance', 'num_annotators_per_item');
  alias('instances_per_annotator', 'max_annotations_per_user');

  const strategy = config.assignment_strategy;
  const name =
    typeof strategy === 'string'
      ? strategy
      : isMapping(strategy) && typeof strategy.name === 'string'
        ? strategy.name
        : undefined;
  if (name !== undefined && !OURS.has(name)) {
    const nearest = NEAREST_STRATEGY[name] ?? 'least_annotated';
    warn(`assignment_strategy: "${name}" is not available here; items are assigned by "${nearest}" instead`);
    out.assignment_strategy = nearest;
  } else if (name !== undefined) out.assignment_strategy = name;
  return { config: out, warnings };
}

/** Keys given twice in one mapping, each with both lines; the later value is the one used, as PyYAML does. */
export function duplicateKeys(doc: Document, lines: LineCounter): string[] {
  const found: string[] = [];
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return;
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        const line = pair.key.range ? lines.linePos(pair.key.range[0]).line : 0;
        const first = seen.get(key);
        if (first !== undefined)
          found.push(`key "${key}" is given twice (lines ${first} and ${line}); the one on line ${line} is used`);
        seen.set(key, line);
      }
    },
  });
  return found;
}
