/**
 * An item's `run_tree` (Potato's sub-agent hierarchy: a flat list of `{id, parent_id, name, run_type, status,
 * turn_range}`) read into a forest the page draws as it is. Whatever an item holds, the result is a tree: nodes
 * without a usable id are dropped, a repeated id keeps its first node, a parent the list does not hold makes a root,
 * and a parent that would close a cycle is cut. Run types and statuses outside Potato's few are left out rather
 * than drawn as one of them.
 */

const RUN_TYPES = ['chain', 'llm', 'tool', 'retriever'] as const;
const RUN_STATUSES = ['success', 'error'] as const;

export interface RunNode {
  id: string;
  /** the run's name, else its type, else "run" */
  name: string;
  run_type?: (typeof RUN_TYPES)[number];
  status?: (typeof RUN_STATUSES)[number];
  /** the inclusive range of conversation indexes the run covers */
  turn_range?: [number, number];
  children: RunNode[];
}

/** Longer lists are cut: a sidebar of thousands of runs helps nobody and costs every page load. */
const MAX_NODES = 2000;

const idOf = (v: unknown): string | undefined =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v)) ? String(v) : undefined;

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (list as readonly string[]).includes(v.toLowerCase()) ? (v.toLowerCase() as T) : undefined;

function rangeOf(v: unknown): [number, number] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const [lo, hi] = v as unknown[];
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) return undefined;
  return [lo as number, hi as number];
}

/** The item's run tree as roots with their children, in the item's order; undefined when it holds no run. */
export function readRunTree(value: unknown): RunNode[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const nodes = new Map<string, RunNode>();
  const parentOf = new Map<string, string>();
  for (const entry of value.slice(0, MAX_NODES)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const o = entry as Record<string, unknown>;
    const id = idOf(o.id);
    if (id === undefined || nodes.has(id)) continue;
    const runType = oneOf(RUN_TYPES, o.run_type);
    const name =
      typeof o.name === 'string' && o.name.trim()
        ? o.name
        : typeof o.run_type === 'string' && o.run_type
          ? o.run_type
          : 'run';
    const node: RunNode = { id, name, children: [] };
    if (runType) node.run_type = runType;
    const status = oneOf(RUN_STATUSES, o.status);
    if (status) node.status = status;
    const range = rangeOf(o.turn_range);
    if (range) node.turn_range = range;
    nodes.set(id, node);
    const parent = idOf(o.parent_id ?? o.parent_run_id);
    if (parent !== undefined) parentOf.set(id, parent);
  }
  if (!nodes.size) return undefined;
  // a parent is kept only when it exists and walking up from it never reaches the child (no cycle)
  const kept = new Map<string, string>();
  for (const id of nodes.keys()) {
    const parent = parentOf.get(id);
    if (parent === undefined || !nodes.has(parent)) continue;
    let at: string | undefined = parent;
    while (at !== undefined && at !== id) at = kept.get(at);
    if (at === undefined) kept.set(id, parent);
  }
  const roots: RunNode[] = [];
  for (const [id, node] of nodes) {
    const parent = kept.get(id);
    if (parent === undefined) roots.push(node);
    else nodes.get(parent)!.children.push(node);
  }
  return roots;
}

/** A run as the page gets it: in depth-first order, with its parent's id (none for a root). */
export type RunRow = Omit<RunNode, 'children'> & { parent?: string };

/** The forest as rows, each after its parent, so it travels as a flat list. */
export function runRows(roots: RunNode[]): RunRow[] {
  const rows: RunRow[] = [];
  const visit = (node: RunNode, parent?: string) => {
    const { children, ...row } = node;
    rows.push(parent === undefined ? row : { ...row, parent });
    for (const child of children) visit(child, node.id);
  };
  for (const root of roots) visit(root);
  return rows;
}
