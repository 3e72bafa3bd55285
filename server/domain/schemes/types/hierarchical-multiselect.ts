/**
 * hierarchical_multiselect: any set of nodes of a label tree (`taxonomy`: nested mappings, lists of leaves).
 * Stored as Potato stores it, one field `selected_labels` holding the names joined by commas in the order
 * chosen; names may hold commas themselves, so a stored value is read back against the tree's names. The
 * answer is the list of names. The renderer gets the tree as `tree` ({name, children, tooltip}). `taxonomy_preset`
 * names a ready-made tree (taxonomy-presets.ts).
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { numberish } from '../kinds.js';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { flag } from '../scales.js';
import { jaccardDistance } from '../../agreement/alpha.js';
import { TAXONOMY_PRESET_NAMES, taxonomyPreset } from '../taxonomy-presets.js';
import {
  readSelected,
  SELECTED_FIELD,
  treeNames,
  type TreeKeys,
  type TreeNode,
} from '../../../../shared/schemes/hierarchical-multiselect.js';

const config = z.looseObject({
  taxonomy: z
    .unknown()
    .refine(
      (v) => v === undefined || v === null || typeof v === 'object',
      'expected a mapping of parent → children, or a list of labels',
    )
    .optional(),
  taxonomy_preset: z.string().min(1).optional(),
  tooltips: z
    .record(z.string(), z.union([z.string(), z.number()]).transform(String))
    .nullable()
    .optional(),
  auto_select_children: flag.optional(),
  auto_select_parent: flag.optional(),
  show_search: flag.optional(),
  max_selections: numberish.pipe(z.number().int().min(1)).nullable().optional(),
  expand_depth: numberish.pipe(z.number().int().min(0)).optional(),
});

/** The tree of a taxonomy value; `fail` names the path to what is wrong. */
function treeOf(value: unknown, path: string, fail: (path: string, reason: string) => never): TreeNode[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string' || typeof value === 'number') return [{ name: String(value), children: [] }];
  if (Array.isArray(value)) return value.flatMap((v, i) => treeOf(v, `${path}[${i}]`, fail));
  if (typeof value === 'object')
    return Object.entries(value).map(([name, sub]) => ({ name, children: treeOf(sub, `${path}.${name}`, fail) }));
  return fail(path, `expected a label, a list or a mapping, got ${typeof value}`);
}

/** Node names per scheme, for reading stored values; built once from the scheme's tree. */
const nameSets = new WeakMap<Scheme, Set<string>>();
function namesOf(scheme: Scheme): Set<string> {
  let names = nameSets.get(scheme);
  if (!names) {
    names = treeNames(scheme.extra.tree as TreeNode[]);
    nameSets.set(scheme, names);
  }
  return names;
}

/** The names a stored or submitted value holds: comma-split parts joined back where they make a name. */
function parse(scheme: Scheme, value: string): string[] | AnswerError {
  const read = readSelected(value, namesOf(scheme));
  if (read.unknown !== undefined)
    return new AnswerError(`"${read.unknown.slice(0, 60)}" is not a label of the taxonomy`);
  return read.names;
}

function stored(scheme: Scheme, names: string[]): string | null | AnswerError {
  const max = (scheme.extra as unknown as TreeKeys).max_selections;
  if (max !== null && names.length > max)
    return new AnswerError(`${names.length} labels chosen; at most ${max} may be`);
  return names.length ? names.join(',') : null;
}

export const hierarchicalMultiselect: SchemeTypeModule = {
  type: 'hierarchical_multiselect',
  config,
  keys: [
    'taxonomy',
    'taxonomy_preset',
    'tooltips',
    'auto_select_children',
    'auto_select_parent',
    'show_search',
    'max_selections',
    'expand_depth',
  ],
  normalize(scheme, keys, fail, warn) {
    const k = keys as z.infer<typeof config>;
    if (scheme.labels.length)
      fail(
        'labels',
        `a hierarchical_multiselect scheme has no labels: its choices are the taxonomy's, stored under ${SELECTED_FIELD}`,
      );
    // as in Potato, a taxonomy given outright wins over the preset, and tooltips given outright over the preset's
    let taxonomy = k.taxonomy;
    let tooltips: Record<string, string> = { ...k.tooltips };
    if (k.taxonomy_preset !== undefined) {
      const preset = taxonomyPreset(k.taxonomy_preset);
      if (!preset)
        return fail(
          'taxonomy_preset',
          `"${k.taxonomy_preset}" is not a known preset (${TAXONOMY_PRESET_NAMES.join(', ')})`,
        );
      if (taxonomy === undefined || taxonomy === null) {
        taxonomy = preset.taxonomy;
        tooltips = { ...preset.tooltips, ...tooltips };
      } else warn?.(`taxonomy_preset is not used: the scheme's own taxonomy is`);
    }
    if (taxonomy === undefined || taxonomy === null)
      fail('taxonomy', 'give a taxonomy (a mapping of parent → children, or a list of labels) or a taxonomy_preset');
    const tree = treeOf(taxonomy, 'taxonomy', (path, reason) => fail(path, reason));
    const named = new Set<string>();
    const walk = (nodes: TreeNode[]) =>
      nodes.forEach((n) => {
        if (!n.name.trim()) fail('taxonomy', 'a label is empty');
        named.add(n.name);
        if (tooltips[n.name] !== undefined) n.tooltip = tooltips[n.name];
        walk(n.children);
      });
    walk(tree);
    if (!tree.length) fail('taxonomy', 'the taxonomy has no labels');
    for (const name of Object.keys(tooltips))
      if (!named.has(name))
        warn?.(`tooltips: "${name.slice(0, 60)}" is not a label of the taxonomy; its tooltip is not shown`);
    scheme.labels = [{ name: SELECTED_FIELD }];
    Object.assign(scheme.extra, {
      tree,
      auto_select_children: k.auto_select_children ?? false,
      auto_select_parent: k.auto_select_parent ?? false,
      show_search: k.show_search ?? false,
      max_selections: k.max_selections ?? null,
      expand_depth: k.expand_depth ?? 1,
    } satisfies TreeKeys);
  },
  storage: 'labels',
  accept(scheme, _label, value) {
    if (value === '') return null;
    const names = parse(scheme, value);
    return names instanceof AnswerError ? names : stored(scheme, names);
  },
  answer(scheme, chosen) {
    const names = parse(scheme, chosen[SELECTED_FIELD] ?? '');
    return names instanceof AnswerError ? [] : names;
  },
  fromAnswer(scheme, answer): Record<string, string> | AnswerError {
    if (!Array.isArray(answer) || answer.some((a) => typeof a !== 'string'))
      return new AnswerError('expected a list of taxonomy labels');
    const names = namesOf(scheme);
    const unknown = answer.find((a) => !names.has(a));
    if (unknown !== undefined) return new AnswerError(`"${unknown.slice(0, 60)}" is not a label of the taxonomy`);
    const value = stored(scheme, [...new Set(answer as string[])]);
    if (value instanceof AnswerError) return value;
    return value === null ? {} : { [SELECTED_FIELD]: value };
  },
  spacy: 'values',
  // the chosen names one per line (names may hold commas, never line breaks), compared as sets
  agreement: {
    level: 'jaccard',
    column: 'value',
    value: (scheme, chosen) => {
      const names = parse(scheme, chosen[SELECTED_FIELD] ?? '');
      return names instanceof AnswerError || !names.length ? undefined : names.sort().join('\n');
    },
    distance: (a, b) => jaccardDistance(new Set(a.split('\n')), new Set(b.split('\n'))),
  },
  suggestable: false,
  shape: {
    stored: '"<scheme>:selected_labels" → the taxonomy labels chosen, joined by ","',
    answer: z.array(z.string()).describe('taxonomy labels, in the order chosen'),
  },
  example: (scheme) => ({ [SELECTED_FIELD]: (scheme.extra.tree as TreeNode[])[0].name }),
};
