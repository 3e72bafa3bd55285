/**
 * hierarchical_multiselect's normalized keys and its stored value: the chosen names joined by commas under one
 * field, as Potato stores it. Names may hold commas themselves, so the server (checking a submission) and the page
 * (showing the ticks) read a value back against the tree's names the same way.
 */

export interface TreeNode {
  name: string;
  children: TreeNode[];
  tooltip?: string;
}

export interface TreeKeys {
  tree: TreeNode[];
  auto_select_children: boolean;
  auto_select_parent: boolean;
  show_search: boolean;
  max_selections: number | null;
  expand_depth: number;
}

/** The one field the chosen names are stored under. */
export const SELECTED_FIELD = 'selected_labels';

/** Every name in the tree, as stored values are read against them. */
export function treeNames(tree: readonly TreeNode[]): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: readonly TreeNode[]) => nodes.forEach((n) => (names.add(n.name.trim()), walk(n.children)));
  walk(tree);
  return names;
}

/**
 * The names a stored value holds, each once, in its order: comma-split parts joined back where they make a name.
 * `unknown` is the first part (not blank) that makes no name; it is left out of `names`.
 */
export function readSelected(value: string, names: ReadonlySet<string>): { names: string[]; unknown?: string } {
  const parts = value.split(',');
  const out: string[] = [];
  let unknown: string | undefined;
  for (let i = 0; i < parts.length;) {
    let j = parts.length;
    while (j > i && !names.has(parts.slice(i, j).join(',').trim())) j--;
    if (j === i) {
      if (unknown === undefined && parts[i].trim() !== '') unknown = parts[i].trim();
      i++;
      continue;
    }
    const name = parts.slice(i, j).join(',').trim();
    if (!out.includes(name)) out.push(name);
    i = j;
  }
  return unknown === undefined ? { names: out } : { names: out, unknown };
}
