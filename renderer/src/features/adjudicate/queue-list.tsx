/** The adjudication queue with its filters: disagreements or every multiply-annotated item, by scheme and agreement. */
import type { AdjudicationItem, Scheme } from '../../shared/api/types.js';

export interface QueueFilters {
  scope: 'disagreements' | 'all';
  schema: string;
  /** '' for no limit, else a share from 0 to 1 */
  maxAgreement: string;
  status: '' | 'pending' | 'completed' | 'skipped';
}

export function queuePath(f: QueueFilters): string {
  const q = new URLSearchParams({ scope: f.scope });
  if (f.schema) q.set('schema', f.schema);
  if (f.maxAgreement !== '') q.set('max_agreement', f.maxAgreement);
  if (f.status) q.set('status', f.status);
  return `/adjudicate/api/queue?${q}`;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;
const STATUS: Record<AdjudicationItem['status'], string> = {
  pending: 'to decide',
  completed: 'decided',
  skipped: 'set aside',
};

interface Props {
  filters: QueueFilters;
  setFilters: (f: QueueFilters) => void;
  schemes: Scheme[];
  items: AdjudicationItem[] | null;
  selected: string | null;
  onSelect: (id: string) => void;
  showAgreement: boolean;
}

export function QueueList({ filters, setFilters, schemes, items, selected, onSelect, showAgreement }: Props) {
  return (
    <section className="adjudicate-queue" aria-label="Adjudication queue">
      <div className="toolbar adjudicate-filters">
        <label>
          Items{' '}
          <select
            value={filters.scope}
            onChange={(e) => setFilters({ ...filters, scope: e.target.value as QueueFilters['scope'] })}
          >
            <option value="disagreements">Disagreements</option>
            <option value="all">All multiply-annotated</option>
          </select>
        </label>
        <label>
          Scheme{' '}
          <select value={filters.schema} onChange={(e) => setFilters({ ...filters, schema: e.target.value })}>
            <option value="">Any</option>
            {schemes.map((s) => (
              <option key={s.name} value={s.name}>
                {s.displayed_name ?? s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Agreement at most{' '}
          <select
            value={filters.maxAgreement}
            onChange={(e) => setFilters({ ...filters, maxAgreement: e.target.value })}
          >
            <option value="">any</option>
            {['0', '0.25', '0.5', '0.75'].map((v) => (
              <option key={v} value={v}>
                {percent(Number(v))}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status{' '}
          <select
            value={filters.status}
            onChange={(e) => setFilters({ ...filters, status: e.target.value as QueueFilters['status'] })}
          >
            <option value="">Any</option>
            <option value="pending">To decide</option>
            <option value="completed">Decided</option>
            <option value="skipped">Set aside</option>
          </select>
        </label>
      </div>
      {items && !items.length && <p className="muted">No item matches: nothing to adjudicate here.</p>}
      <ol className="adjudicate-items" data-testid="adjudication-queue">
        {items?.map((item) => (
          <li key={item.instance_id}>
            <button
              type="button"
              className={`link${item.instance_id === selected ? ' current' : ''}`}
              aria-current={item.instance_id === selected ? 'true' : undefined}
              onClick={() => onSelect(item.instance_id)}
            >
              {item.instance_id}
            </button>{' '}
            <span className={`badge${item.status === 'completed' ? ' badge-done' : ''}`}>{STATUS[item.status]}</span>{' '}
            <span className="muted small">
              {item.num_annotators} annotators{showAgreement ? ` · agreement ${percent(item.overall_agreement)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
