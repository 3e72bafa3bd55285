/**
 * hierarchical_multiselect: a label tree of checkboxes, stored as Potato stores it (the names joined by commas,
 * in the order ticked). Keys on a focused box: Space ticks, ↑/↓ go to the box above or below, → opens a node,
 * ← closes it (or goes to its parent); `show_search` adds a filter box.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { setValue } from '../answers.js';
import { Legend } from './parts.js';
import type { FieldProps, SchemeUi } from './scheme-ui.js';
import {
  readSelected,
  SELECTED_FIELD,
  treeNames,
  type TreeKeys,
  type TreeNode,
} from '../../../../../shared/schemes/hierarchical-multiselect.js';

const descendants = (n: TreeNode): string[] => n.children.flatMap((c) => [c.name, ...descendants(c)]);

function TreeField({ scheme, answers, update }: FieldProps) {
  const k = scheme as unknown as TreeKeys;
  const names = useMemo(() => treeNames(k.tree), [k.tree]);
  const selected = readSelected(answers.labels[scheme.name]?.[SELECTED_FIELD] ?? '', names).names;
  const [open, setOpen] = useState<Set<string>>(() => {
    const start = new Set<string>();
    const walk = (nodes: TreeNode[], depth: number, path: string) =>
      nodes.forEach((n) => {
        if (depth < k.expand_depth) start.add(`${path}/${n.name}`);
        walk(n.children, depth + 1, `${path}/${n.name}`);
      });
    walk(k.tree, 0, '');
    return start;
  });
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const matches = (n: TreeNode): boolean => !q || n.name.toLowerCase().includes(q) || n.children.some(matches);
  const full = k.max_selections !== null && selected.length >= k.max_selections;

  const toggle = (node: TreeNode) => {
    let next = selected.includes(node.name) ? selected.filter((s) => s !== node.name) : [...selected, node.name];
    if (!selected.includes(node.name) && k.auto_select_children)
      next = [...next, ...descendants(node).filter((d) => !next.includes(d))];
    if (k.auto_select_parent) {
      // a parent all of whose children are ticked is ticked too, deepest first
      const walk = (nodes: TreeNode[]) =>
        nodes.forEach((n) => {
          walk(n.children);
          if (n.children.length && n.children.every((c) => next.includes(c.name)) && !next.includes(n.name))
            next.push(n.name);
        });
      walk(k.tree);
    }
    if (k.max_selections !== null) next = next.slice(0, k.max_selections);
    update((a) => setValue(a, scheme.name, SELECTED_FIELD, next.join(',')));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const box = e.target as HTMLElement;
    if (!(box instanceof HTMLInputElement) || box.type !== 'checkbox') return;
    const path = box.dataset.path!;
    const boxes = [...e.currentTarget.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    const at = boxes.indexOf(box);
    const go = (to: HTMLInputElement | undefined) => to?.focus();
    if (e.key === 'ArrowDown') go(boxes[at + 1]);
    else if (e.key === 'ArrowUp') go(boxes[at - 1]);
    else if (e.key === 'ArrowRight' && box.dataset.parent) setOpen((o) => new Set(o).add(path));
    else if (e.key === 'ArrowLeft') {
      if (open.has(path)) setOpen((o) => (o.delete(path), new Set(o)));
      else go(boxes.find((b) => b.dataset.path === path.slice(0, path.lastIndexOf('/'))));
    } else return;
    e.preventDefault();
  };

  const render = (nodes: TreeNode[], path: string) => (
    <ul className="tree" role="group">
      {nodes.filter(matches).map((n) => {
        const here = `${path}/${n.name}`;
        const expanded = !!q || open.has(here);
        const ticked = selected.includes(n.name);
        return (
          <li key={here}>
            {n.children.length > 0 && (
              <button
                type="button"
                className="link tree-toggle"
                tabIndex={-1}
                aria-label={`${expanded ? 'Close' : 'Open'} ${n.name}`}
                onClick={() => setOpen((o) => (o.has(here) ? (o.delete(here), new Set(o)) : new Set(o).add(here)))}
              >
                {expanded ? '▾' : '▸'}
              </button>
            )}
            <label className={`choice${ticked ? ' chosen' : ''}`} title={n.tooltip}>
              <input
                type="checkbox"
                aria-description={n.tooltip}
                checked={ticked}
                disabled={!ticked && full}
                data-path={here}
                data-parent={n.children.length ? 'yes' : undefined}
                aria-expanded={n.children.length ? expanded : undefined}
                onChange={() => toggle(n)}
              />
              {n.name}
            </label>
            {n.children.length > 0 && expanded && render(n.children, here)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <fieldset className="scheme scheme-hierarchical_multiselect" data-scheme={scheme.name} onKeyDown={onKeyDown}>
      <Legend scheme={scheme} />
      {k.show_search && (
        <input
          type="search"
          className="tree-search"
          placeholder="Filter labels"
          aria-label={`Filter the labels of ${scheme.name}`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      {render(k.tree, '')}
      <p className="hint" data-testid={`${scheme.name}-selected`}>
        {selected.length ? `Chosen: ${selected.join('; ')}` : 'None chosen'}
        {k.max_selections !== null && ` (at most ${k.max_selections})`}
      </p>
    </fieldset>
  );
}

export const hierarchicalMultiselect: SchemeUi = {
  kind: 'value',
  Field: TreeField,
  applyAnswer: (a, s, answer) =>
    Array.isArray(answer) ? setValue(a, s.name, SELECTED_FIELD, answer.map(String).join(',')) : a,
  fieldKeys: (s) => [
    {
      keys: ['↑', '↓', '→', '←', 'Space'],
      label: `${s.name}: go up / down the tree, open / close a node, tick the focused label`,
    },
  ],
};
