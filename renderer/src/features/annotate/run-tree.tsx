/**
 * The run tree sidebar of an agent trace: the runs an orchestrating agent spawned, nested as a list of toggle
 * buttons. Each names its run type and status in words (the colours only repeat them) and the steps it covers.
 */
import type { DisplayBlock } from '../../shared/api/types.js';

type Trace = NonNullable<Extract<DisplayBlock, { type: 'dialogue' }>['trace']>;
export type RunRow = NonNullable<Trace['run_tree']>[number];

/** Each run's children, by parent id ('' for the roots), in the order the server sent them. */
export function childrenOf(rows: readonly RunRow[]): Map<string, RunRow[]> {
  const out = new Map<string, RunRow[]>();
  for (const row of rows) {
    const key = row.parent ?? '';
    out.set(key, [...(out.get(key) ?? []), row]);
  }
  return out;
}

/** A run's id with all its descendants' ids. */
export function subtree(children: Map<string, RunRow[]>, id: string): Set<string> {
  const out = new Set<string>([id]);
  const stack = [id];
  while (stack.length)
    for (const child of children.get(stack.pop()!) ?? [])
      if (!out.has(child.id)) {
        out.add(child.id);
        stack.push(child.id);
      }
  return out;
}

const rangeText = ([lo, hi]: [number, number]) => (lo === hi ? `step ${lo}` : `steps ${lo}–${hi}`);

interface Props {
  rows: readonly RunRow[];
  selected: string | null;
  onSelect: (id: string) => void;
}

export function RunTree({ rows, selected, onSelect }: Props) {
  const children = childrenOf(rows);
  const list = (parent: string) => (
    <ul className={parent ? 'rt-children' : 'rt-root'}>
      {(children.get(parent) ?? []).map((run) => (
        <li key={run.id}>
          <button
            type="button"
            className="rt-node"
            data-run={run.id}
            aria-pressed={selected === run.id}
            onClick={() => onSelect(run.id)}
          >
            {run.run_type && <span className={`rt-type rt-type-${run.run_type}`}>{run.run_type}</span>}
            <span className="rt-name">{run.name}</span>
            {run.status && (
              <span className={`rt-status rt-status-${run.status}`}>
                <span className="rt-dot" aria-hidden="true" />
                {run.status}
              </span>
            )}
            {run.turn_range && <span className="rt-range">{rangeText(run.turn_range)}</span>}
          </button>
          {children.has(run.id) && list(run.id)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="run-tree" aria-label="Run tree">
      <div className="rt-title">Run tree</div>
      {list('')}
    </nav>
  );
}
