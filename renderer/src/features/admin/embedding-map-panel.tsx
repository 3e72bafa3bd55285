/**
 * The dashboard's embedding map (Potato's admin embedding visualization): the items placed by their words and
 * coloured by diversity cluster, the stats, and the admin's pick of items to put first in later diversity plans.
 * The stats are read first: they say whether the map is on without making the server cluster anything.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type {
  EmbeddingMap,
  EmbeddingPoint,
  EmbeddingRefresh,
  EmbeddingReorder,
  EmbeddingStats,
} from '../../shared/api/types.js';
import { queryClient, useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useAdminResource } from './admin-resource.js';
import { EmbeddingItemList } from './embedding-item-list.js';
import { ClusterLegend, EmbeddingScatter, clusterName } from './embedding-scatter.js';
import './embedding-map.css';
import { fill, useUiText } from '../../shared/ui-text.js';

const STATS = '/admin/api/embedding_viz/stats';
const DATA = '/admin/api/embedding_viz/data';
/** Fewer items than this make no map worth reading: two clusters of one item each at best. */
const MIN_ITEMS = 3;

const reread = () =>
  queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'admin' && (q.queryKey[1] === STATS || q.queryKey[1] === DATA),
  });

export function EmbeddingMapPanel() {
  const words = useUiText();
  const stats = useAdminResource<EmbeddingStats>(STATS);
  return (
    <section className="card-section" aria-labelledby="embedding-map-title" data-testid="section-embedding-map">
      <h2 id="embedding-map-title">{words.admin_tab_embeddings}</h2>
      {stats.data === null ? (
        !stats.error && <Loading what="the embedding map" label={words.admin_loading} />
      ) : stats.data.enabled ? (
        <MapView stats={stats.data} />
      ) : (
        <p className="notice" data-testid="embedding-off">
          The embedding map is off for this project. It shows the clusters of diversity ordering: turn that on in the
          project&apos;s config with <code>diversity_ordering: enabled: true</code> or{' '}
          <code>assignment_strategy: diversity_clustering</code> (and leave{' '}
          <code>embedding_visualization: enabled</code> unset or true).
        </p>
      )}
      <ErrorNote onRetry={() => void stats.reload()} retry={words.admin_retry}>
        {stats.error}
      </ErrorNote>
    </section>
  );
}

function MapView({ stats }: { stats: EmbeddingStats }) {
  const words = useUiText();
  // not re-read on a timer: the map changes only with a recompute or an import, and the dashboard's Refresh
  const map = useResource<EmbeddingMap>(['admin', DATA], () => api.adminGet<EmbeddingMap>(DATA));
  // the first read of the map clusters the items, so the stats read before it are out of date
  const mapData = map.data;
  useEffect(() => {
    if (mapData) void queryClient.invalidateQueries({ queryKey: ['admin', STATS] });
  }, [mapData]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState<'reorder' | 'refresh' | null>(null);
  const [outcome, setOutcome] = useState<{ message?: string; error?: string }>({});

  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const setMany = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );

  const act = async (what: 'reorder' | 'refresh') => {
    setBusy(what);
    setOutcome({});
    try {
      if (what === 'reorder') {
        // in the map's order, so the first picked on screen is not favoured over the task's order
        const ids = (map.data?.points ?? []).map((p) => p.instance_id).filter((id) => selected.has(id));
        const r = await api.adminPost<EmbeddingReorder>('/admin/api/embedding_viz/reorder', {
          selections: [{ instance_ids: ids, priority: 1 }],
          interleave: true,
        });
        setOutcome({
          message: `${r.reordered_count} ${r.reordered_count === 1 ? 'item comes' : 'items come'} first in the lists of annotators who start from now on, and in lists that grow. Lists already made keep their order.`,
        });
        setSelected(new Set());
      } else {
        const r = await api.adminPost<EmbeddingRefresh>('/admin/api/embedding_viz/refresh', {});
        setOutcome({ message: `Map recomputed: ${r.embedding_count} items in ${r.cluster_count} clusters.` });
      }
      await reread();
    } catch (e) {
      setOutcome({ error: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  const points = map.data?.points;
  const tooFew = points !== undefined && points.length < MIN_ITEMS;
  return (
    <div className="embedding-map" aria-busy={map.loading || busy !== null}>
      <p data-testid="embedding-stats">
        {map.data
          ? `${map.data.stats.visualized_instances} of ${map.data.stats.total_instances} items shown (${map.data.stats.annotated_instances} annotated)`
          : `${stats.embedding_count} items with vectors`}{' '}
        · {stats.cluster_count} clusters · placed by PCA of the items&apos; words
      </p>
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!selected.size || busy !== null}
          onClick={() => void act('reorder')}
        >
          {fill(words.admin_put_first, { n: selected.size })}
        </button>
        <button type="button" disabled={!selected.size} onClick={() => setSelected(new Set())}>
          {words.admin_clear_selection}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void act('refresh')}>
          {busy === 'refresh' ? words.admin_recomputing : words.admin_recompute}
        </button>
      </div>
      <p role="status" className="small">
        {outcome.message}
      </p>
      <ErrorNote>{outcome.error}</ErrorNote>
      {points === undefined ? (
        !map.error && <Loading what="the map (the first read clusters the items)" />
      ) : tooFew ? (
        <p className="notice" data-testid="embedding-too-few">
          Too few items to map: the task has {points.length}, and the map needs at least {MIN_ITEMS}.
        </p>
      ) : (
        <div className="embedding-layout">
          <div className="embedding-figure">
            <EmbeddingScatter
              points={points}
              clusters={stats.cluster_count}
              selected={selected}
              shown={shown}
              onToggle={toggle}
              onShow={setShown}
            />
            <ShownItem point={points.find((p) => p.instance_id === shown)} />
            <ClusterLegend points={points} selected={selected} onSet={setMany} />
          </div>
          <EmbeddingItemList points={points} selected={selected} onToggle={toggle} onShow={setShown} />
        </div>
      )}
      <ErrorNote onRetry={() => void map.reload()} retry={words.admin_retry}>
        {map.error}
      </ErrorNote>
    </div>
  );
}

/** The hovered or focused item: its id, cluster and the start of its text, as text. */
function ShownItem({ point }: { point: EmbeddingPoint | undefined }) {
  return (
    <div className="shown-item" data-testid="shown-item" aria-live="polite">
      {point ? (
        <>
          <p>
            <strong>{point.instance_id}</strong> · {clusterName(point.cluster)} ·{' '}
            {point.annotated ? `${point.annotation_count} annotations` : 'not annotated'}
            {point.label !== null && ` · ${point.label}`}
          </p>
          <p className="item-text">{point.preview}</p>
        </>
      ) : (
        <p className="muted">Point at a dot, or move through the list of items, to see the item here.</p>
      )}
    </div>
  );
}
