/**
 * The embedding map's drawing: one dot per item at its 2D position, coloured by cluster, with the clusters'
 * legend. Plain SVG rather than recharts: a few thousand dots are drawn as one memoised list with one set of
 * pointer handlers on the drawing, where recharts would give each dot its own component and handlers.
 */
import { memo, useMemo, type MouseEvent } from 'react';
import type { EmbeddingPoint } from '../../shared/api/types.js';
import { useUiText } from '../../shared/ui-text.js';

const WIDTH = 640;
const HEIGHT = 400;
const PAD = 10;
const TABLEAU = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

/** A cluster's colour: ten distinct ones, then hues spread by the golden angle. */
export const clusterColour = (cluster: number) =>
  cluster < TABLEAU.length ? TABLEAU[cluster] : `hsl(${Math.round((cluster * 137.508) % 360)} 65% 42%)`;
/** Clusters are numbered from 1 on screen; the API counts from 0. */
export const clusterName = (cluster: number) => `Cluster ${cluster + 1}`;

interface Placed {
  cx: number;
  cy: number;
}

function place(points: readonly EmbeddingPoint[]): Placed[] {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  const sx = (WIDTH - 2 * PAD) / (x1 - x0 || 1);
  const sy = (HEIGHT - 2 * PAD) / (y1 - y0 || 1);
  return points.map((p) => ({ cx: PAD + (p.x - x0) * sx, cy: HEIGHT - PAD - (p.y - y0) * sy }));
}

const Dots = memo(function Dots({
  points,
  placed,
  selected,
}: {
  points: readonly EmbeddingPoint[];
  placed: readonly Placed[];
  selected: ReadonlySet<string>;
}) {
  return (
    <g>
      {points.map((p, i) => (
        <circle
          key={p.instance_id}
          data-index={i}
          className={selected.has(p.instance_id) ? 'map-dot picked' : 'map-dot'}
          cx={placed[i].cx}
          cy={placed[i].cy}
          r={selected.has(p.instance_id) ? 5 : 3.5}
          fill={clusterColour(p.cluster)}
        />
      ))}
    </g>
  );
});

export function EmbeddingScatter({
  points,
  clusters,
  selected,
  shown,
  onToggle,
  onShow,
}: {
  points: readonly EmbeddingPoint[];
  clusters: number;
  selected: ReadonlySet<string>;
  /** the item whose details are shown (hovered here, or focused in the list) */
  shown: string | null;
  onToggle: (id: string) => void;
  onShow: (id: string | null) => void;
}) {
  const placed = useMemo(() => place(points), [points]);
  const indexOf = (e: MouseEvent) => {
    const dot = (e.target as Element).closest('circle[data-index]');
    return dot ? Number(dot.getAttribute('data-index')) : null;
  };
  const shownAt = shown === null ? -1 : points.findIndex((p) => p.instance_id === shown);
  return (
    <svg
      className="embedding-scatter"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Map of ${points.length} items in ${clusters} clusters; select items in the list of items`}
      data-testid="embedding-scatter"
      onMouseOver={(e) => {
        const i = indexOf(e);
        if (i !== null) onShow(points[i].instance_id);
      }}
      onClick={(e) => {
        const i = indexOf(e);
        if (i !== null) onToggle(points[i].instance_id);
      }}
    >
      <rect className="map-frame" x={0.5} y={0.5} width={WIDTH - 1} height={HEIGHT - 1} />
      <Dots points={points} placed={placed} selected={selected} />
      {shownAt >= 0 && (
        <circle className="map-ring" cx={placed[shownAt].cx} cy={placed[shownAt].cy} r={9} data-testid="map-ring" />
      )}
    </svg>
  );
}

/**
 * The clusters with their colour and size. Each is a checkbox that selects or clears its whole cluster, so a
 * region of the map can be picked from the keyboard.
 */
export function ClusterLegend({
  points,
  selected,
  onSet,
}: {
  points: readonly EmbeddingPoint[];
  selected: ReadonlySet<string>;
  onSet: (ids: string[], on: boolean) => void;
}) {
  const words = useUiText();
  const members = useMemo(() => {
    const by = new Map<number, string[]>();
    for (const p of points) by.set(p.cluster, [...(by.get(p.cluster) ?? []), p.instance_id]);
    return [...by.entries()].sort(([a], [b]) => a - b);
  }, [points]);
  return (
    <fieldset className="cluster-legend" data-testid="cluster-legend">
      <legend>{words.admin_legend_clusters}</legend>
      <ul>
        {members.map(([cluster, ids]) => {
          const picked = ids.filter((id) => selected.has(id)).length;
          return (
            <li key={cluster}>
              <label>
                <input
                  type="checkbox"
                  checked={picked === ids.length}
                  ref={(el) => {
                    if (el) el.indeterminate = picked > 0 && picked < ids.length;
                  }}
                  onChange={(e) => onSet(ids, e.target.checked)}
                />
                <span className="swatch" style={{ background: clusterColour(cluster) }} aria-hidden="true" />
                {clusterName(cluster)} <span className="muted">({ids.length} items)</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
