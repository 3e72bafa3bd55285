/**
 * The embedding map's items as a list beside the drawing: the keyboard's way to pick single items (a checkbox
 * each), narrowed by a filter on id or text. Focusing an item shows it on the map. Only the first rows are drawn,
 * so a map of thousands stays quick; the filter reaches the rest.
 */
import { useMemo, useState } from 'react';
import type { EmbeddingPoint } from '../../shared/api/types.js';
import { clusterColour, clusterName } from './embedding-scatter.js';
import { useUiText } from '../../shared/ui-text.js';

const ROWS = 100;
const SNIPPET = 60;

export function EmbeddingItemList({
  points,
  selected,
  onToggle,
  onShow,
}: {
  points: readonly EmbeddingPoint[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onShow: (id: string | null) => void;
}) {
  const words = useUiText();
  const [filter, setFilter] = useState('');
  const matching = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q
      ? points.filter((p) => p.instance_id.toLowerCase().includes(q) || p.preview.toLowerCase().includes(q))
      : points;
  }, [points, filter]);
  return (
    <fieldset className="embedding-items" data-testid="embedding-items">
      <legend>{words.admin_stat_items}</legend>
      <label htmlFor="embedding-filter">{words.admin_filter_items}</label>
      <input id="embedding-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <p className="muted small" aria-live="polite">
        {matching.length > ROWS
          ? `The first ${ROWS} of ${matching.length} items; the filter finds the others.`
          : `${matching.length} ${matching.length === 1 ? 'item' : 'items'}`}
      </p>
      <ul>
        {matching.slice(0, ROWS).map((p) => (
          <li key={p.instance_id}>
            <label>
              <input
                type="checkbox"
                checked={selected.has(p.instance_id)}
                onChange={() => onToggle(p.instance_id)}
                onFocus={() => onShow(p.instance_id)}
              />
              <span className="swatch" style={{ background: clusterColour(p.cluster) }} aria-hidden="true" />
              <span>
                <span className="item-id">{p.instance_id}</span>{' '}
                <span className="muted">
                  {clusterName(p.cluster)} · {p.preview.slice(0, SNIPPET)}
                  {p.preview.length > SNIPPET ? '…' : ''}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
