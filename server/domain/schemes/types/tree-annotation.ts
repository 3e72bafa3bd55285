/**
 * tree_annotation: answers per node of a conversation tree (an item field holding {id, children, …} nodes).
 * `node_scheme` is a scheme of another type (radio, likert, multiselect, text, number, …) asked of each node;
 * with `path_selection.enabled` the annotator also picks a path of nodes. Stored as Potato stores it:
 * `"<scheme>:node_annotations"` → JSON {"<node id>": <the node scheme's answer>} and
 * `"<scheme>:selected_path"` → JSON ["<node id>", …]. The answer is {"node_annotations", "selected_path"}.
 * A tree with neither (configs of published datasets have them) asks nothing: Potato shows its description and
 * the tree, and so do we. Potato's page posts both fields for every tree, empty ("{}", "[]") for what it does not
 * ask: empty values are taken as no answer.
 */
import { z } from 'zod';
import type { Scheme } from '../../task.js';
import { AnswerError, type AgreementMeasure, type AnswerValue, type SchemeTypeModule } from '../module.js';
import { nestedType } from '../nested.js';
import { isRecord, parseJson, storeUnder } from '../answer-fields.js';
import { nodeDistance, nodeKey } from '../structure-agreement.js';

const config = z.looseObject({
  node_scheme: z.looseObject({ annotation_type: z.string().optional() }).optional(),
  path_selection: z.looseObject({ enabled: z.boolean().optional(), description: z.string().optional() }).optional(),
  branch_comparison: z.looseObject({ enabled: z.boolean().optional() }).optional(),
});

interface TreeKeys {
  node_scheme: Scheme | null;
  path_selection: { enabled: boolean; description: string };
  branch_comparison: { enabled: boolean };
}
const keysOf = (scheme: Scheme) => scheme.extra as unknown as TreeKeys;

/** The node scheme's stored answer for one node, from its answer as exports show it. */
function nodeAnswer(scheme: Scheme, node: string, answer: unknown): AnswerError | null {
  const nodeScheme = keysOf(scheme).node_scheme;
  if (!nodeScheme) return new AnswerError('this tree has no node_scheme, so its nodes take no answers');
  const chosen = nestedType(nodeScheme.annotation_type)!.fromAnswer(nodeScheme, answer);
  return chosen instanceof AnswerError ? new AnswerError(`node "${node.slice(0, 40)}": ${chosen.message}`) : null;
}

function checkNodes(scheme: Scheme, given: unknown): AnswerError | null {
  if (!isRecord(given)) return new AnswerError('node_annotations is an object of node id → answer');
  for (const [node, answer] of Object.entries(given)) {
    const problem = nodeAnswer(scheme, node, answer);
    if (problem) return problem;
  }
  return null;
}

function checkPath(scheme: Scheme, given: unknown): AnswerError | null {
  if (!keysOf(scheme).path_selection.enabled && !(Array.isArray(given) && given.length === 0))
    return new AnswerError('this tree has no path selection (path_selection.enabled)');
  if (!Array.isArray(given) || given.some((n) => typeof n !== 'string'))
    return new AnswerError('selected_path is a list of node ids');
  if (new Set(given).size !== given.length) return new AnswerError('selected_path names a node twice');
  return null;
}

const asksNothing = (scheme: Scheme) => !keysOf(scheme).node_scheme && !keysOf(scheme).path_selection.enabled;

const PER_NODE: AgreementMeasure = {
  level: 'per_node',
  column: 'value',
  value: (_scheme, chosen) =>
    nodeKey(
      chosen.node_annotations === undefined ? undefined : JSON.parse(chosen.node_annotations),
      chosen.selected_path === undefined ? undefined : JSON.parse(chosen.selected_path),
    ),
  distance: nodeDistance,
};
const ASKS_NOTHING: AgreementMeasure = {
  level: null,
  column: null,
  reason: 'this tree has no node_scheme and no path selection, so it takes no answers',
};

const check = (scheme: Scheme, field: string, given: unknown) =>
  field === 'node_annotations' ? checkNodes(scheme, given) : checkPath(scheme, given);

export const treeAnnotation: SchemeTypeModule = {
  type: 'tree_annotation',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail, warn) {
    const k = parsed as z.infer<typeof config>;
    if (scheme.labels.length)
      fail('labels', 'a tree_annotation scheme has no labels: give the per-node question as node_scheme');
    let nodeScheme: Scheme | null = null;
    if (k.node_scheme && Object.keys(k.node_scheme).length) {
      const { annotation_type: type, labels, description, ...rest } = k.node_scheme as Record<string, unknown>;
      const module = typeof type === 'string' ? nestedType(type) : undefined;
      if (!module || module.storage !== 'labels' || module.type === 'tree_annotation')
        return fail(
          'node_scheme.annotation_type',
          `"${String(type)}" cannot be asked of a node: use a choice or value type (radio, likert, multiselect, select, text, number, slider)`,
        );
      const parsedNode = module.config.safeParse(k.node_scheme);
      if (!parsedNode.success)
        return fail(`node_scheme.${parsedNode.error.issues[0].path.join('.')}`, parsedNode.error.issues[0].message);
      const rawLabels = Array.isArray(labels) ? labels : [];
      nodeScheme = {
        name: `${scheme.name}.node`,
        annotation_type: module.type,
        description: typeof description === 'string' ? description : '',
        labels: rawLabels.map((l) =>
          typeof l === 'object' && l !== null
            ? { ...(l as { name: string }), name: String((l as { name: unknown }).name) }
            : { name: String(l) },
        ),
        extra: Object.fromEntries(Object.entries(rest).filter(([key]) => !module.keys.includes(key))),
      };
      module.normalize(nodeScheme, parsedNode.data, (key, reason) =>
        fail(`node_scheme${key ? `.${key}` : ''}`, reason),
      );
    }
    const pathEnabled = k.path_selection?.enabled ?? false;
    const asks = !!nodeScheme || pathEnabled;
    if (!asks)
      warn?.(
        'node_scheme: none given, nor path_selection.enabled, so the tree is shown and nothing is asked of it; give node_scheme (the question asked of each node) or path_selection.enabled to collect answers',
      );
    // Potato's page posts both hidden fields whatever the tree asks ("[]" for a path it does not ask for)
    storeUnder(scheme, ['node_annotations', 'selected_path']);
    Object.assign(scheme.extra, {
      node_scheme: nodeScheme,
      path_selection: {
        enabled: pathEnabled,
        description: k.path_selection?.description ?? 'Select the best response path',
      },
      branch_comparison: { enabled: k.branch_comparison?.enabled ?? false },
    });
  },
  storage: 'labels',
  accept(scheme, field, value) {
    if (value === '' || value === '{}' || value === '[]') return null;
    const parsed = parseJson(
      value,
      field === 'node_annotations' ? 'an object of node id → answer' : 'a list of node ids',
    );
    if (parsed instanceof AnswerError) return parsed;
    return check(scheme, field, parsed) ?? value;
  },
  answer(_scheme, chosen): AnswerValue {
    const out: Record<string, unknown> = {};
    for (const field in chosen) out[field] = JSON.parse(chosen[field]);
    return out;
  },
  fromAnswer(scheme, answer) {
    if (!isRecord(answer)) return new AnswerError('a tree answer is {"node_annotations": {…}, "selected_path": […]}');
    const chosen: Record<string, string> = {};
    for (const [field, given] of Object.entries(answer)) {
      if (!scheme.labels.some((l) => l.name === field))
        return new AnswerError(`scheme "${scheme.name}" has no field "${field}"`);
      const problem = check(scheme, field, given);
      if (problem) return problem;
      // an empty value is no answer, as when it is submitted
      if (Array.isArray(given) ? given.length : Object.keys(given as object).length)
        chosen[field] = JSON.stringify(given);
    }
    return chosen;
  },
  spacy: 'values',
  agreement: (scheme) => (asksNothing(scheme) ? ASKS_NOTHING : PER_NODE),
  suggestable: false,
  shape: {
    stored:
      '"<scheme>:node_annotations" → JSON text of {"<node id>": <the node scheme\'s answer>}; "<scheme>:selected_path" → JSON text of ["<node id>", …]',
    answer: z.object({
      node_annotations: z.record(z.string(), z.unknown()).optional(),
      selected_path: z.array(z.string()).optional(),
    }),
  },
  example(scheme) {
    const k = keysOf(scheme);
    const node = k.node_scheme;
    const out: Record<string, string> = k.path_selection.enabled ? { selected_path: JSON.stringify(['root']) } : {};
    if (node) {
      const module = nestedType(node.annotation_type)!;
      const label = node.labels[0].name;
      // a ticked choice, or a value: the lowest number where text is refused
      const chosen = module.example?.(node) ?? {
        [label]: module.accept(node, label, 'true') instanceof AnswerError ? String(node.min ?? 1) : 'true',
      };
      out.node_annotations = JSON.stringify({ root: module.answer(node, chosen) });
    }
    return out;
  },
};
