/** Dashboard tables: annotators, instances (status filter and paging) and quality control. */
import { useState, type ReactNode } from 'react';
import type { AnnotatorRow, InstancePage, InstanceStatus, QualityReport } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { percent, when } from './section.js';
import { ItemAnswers } from './item-answers.js';
import { FilterBox, SortHeader, useSortedRows, type Column } from './sortable.js';

const ANNOTATOR_COLUMNS: Column<AnnotatorRow>[] = [
  { id: 'annotator', title: 'Annotator', value: (r) => r.username },
  { id: 'annotated', title: 'Annotated', value: (r) => r.annotated },
  { id: 'assigned', title: 'Assigned', value: (r) => r.assigned },
  { id: 'done', title: 'Done', value: (r) => r.completion_rate },
  { id: 'attention', title: 'Attention checks', value: (r) => r.attention_checks?.failed },
  { id: 'gold', title: 'Gold accuracy', value: (r) => r.gold_accuracy },
  { id: 'activity', title: 'Last activity', value: (r) => r.last_activity },
  { id: 'status', title: 'Status', value: (r) => (r.blocked ? 'blocked' : 'active') },
];

export function AnnotatorsTable({ rows }: { rows: AnnotatorRow[] }) {
  const table = useSortedRows(rows, ANNOTATOR_COLUMNS);
  if (!rows.length) return <p className="muted">No annotators yet.</p>;
  return (
    <>
      <div className="toolbar">
        <FilterBox id="annotators-filter" label="Filter annotators" value={table.filter} onChange={table.setFilter} />
      </div>
      <div className="table-wrap">
        <table data-testid="annotators-table">
          <thead>
            <tr>
              {ANNOTATOR_COLUMNS.map((c) => (
                <SortHeader key={c.id} column={c} sort={table.sort} onSort={table.sortBy} />
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.username}>
                <th scope="row">{r.username}</th>
                <td>{r.annotated}</td>
                <td>{r.assigned}</td>
                <td>{percent(r.completion_rate)}</td>
                <td>
                  {r.attention_checks
                    ? `${r.attention_checks.passed} passed, ${r.attention_checks.failed} failed`
                    : '—'}
                </td>
                <td>{percent(r.gold_accuracy)}</td>
                <td>{when(r.last_activity)}</td>
                <td>{r.blocked ? <strong className="bad">blocked</strong> : 'active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const PAGE = 20;
const STATUSES: (InstanceStatus | '')[] = ['', 'unannotated', 'in_progress', 'completed'];

export function InstancesTable() {
  const [status, setStatus] = useState<InstanceStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [opened, setOpened] = useState<string | null>(null);
  // sorted and filtered by the server: the table shows one page of many
  const [sort, setSort] = useState<{ id: string; direction: 'ascending' | 'descending' } | null>(null);
  const [filter, setFilter] = useState('');
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (status) query.set('status', status);
  if (filter.trim()) query.set('q', filter.trim());
  if (sort) query.set('order', `${sort.direction === 'descending' ? '-' : ''}${sort.id}`);
  const page = useAdminResource<InstancePage>(`/admin/api/instances?${query}`, true);
  const sortBy = (id: string) => {
    setSort((s) => ({ id, direction: s?.id === id && s.direction === 'ascending' ? 'descending' : 'ascending' }));
    setOffset(0);
  };
  return (
    <>
      <div className="toolbar">
        <label htmlFor="status-filter">Show status</label>
        <select
          id="status-filter"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as InstanceStatus | '');
            setOffset(0);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? s.replace('_', ' ') : 'all'}
            </option>
          ))}
        </select>
        <FilterBox
          id="instances-filter"
          label="Filter by id or text"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setOffset(0);
          }}
        />
        {page.data && (
          <span className="muted" data-testid="instances-range">
            {page.data.total === 0
              ? 'none'
              : `${offset + 1}–${Math.min(offset + PAGE, page.data.total)} of ${page.data.total}`}
          </span>
        )}
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Previous page
        </button>
        <button
          type="button"
          disabled={!page.data || offset + PAGE >= page.data.total}
          onClick={() => setOffset(offset + PAGE)}
        >
          Next page
        </button>
      </div>
      <ErrorNote onRetry={() => void page.reload()}>{page.error}</ErrorNote>
      {!page.data ? (
        !page.error && <Loading what="instances" />
      ) : (
        <div className="table-wrap">
          <table data-testid="instances-table" aria-busy={page.loading}>
            <thead>
              <tr>
                <SortHeader column={{ id: 'id', title: 'Instance' }} sort={sort} onSort={sortBy} />
                <th scope="col">Text</th>
                <SortHeader column={{ id: 'annotations', title: 'Annotations' }} sort={sort} onSort={sortBy} />
                <th scope="col">Status</th>
                <th scope="col">Annotators</th>
              </tr>
            </thead>
            <tbody>
              {page.data.instances.map((i) => (
                <tr key={i.instance_id}>
                  <th scope="row">
                    <button
                      type="button"
                      className="link"
                      onClick={() => setOpened(i.instance_id)}
                      aria-haspopup="dialog"
                    >
                      {i.instance_id}
                    </button>
                  </th>
                  <td className="preview">{i.text_preview}</td>
                  <td>
                    {i.annotation_count} / {i.required_count}
                  </td>
                  <td>
                    <span className={`status status-${i.status}`}>{i.status.replace('_', ' ')}</span>
                  </td>
                  <td>{i.annotators.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened && <ItemAnswers id={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

/** A table whose first column names each row (an annotator, an item). */
export function RowTable({ label, head, rows }: { label: string; head: string[]; rows: [string, ...ReactNode[]][] }) {
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...cells]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function QualityTables({ qc }: { qc: QualityReport }) {
  const att = qc.attention_checks;
  const gold = qc.gold_standards;
  const standing = (s: { blocked?: boolean; warning?: boolean }) =>
    s.blocked ? <strong className="bad">blocked</strong> : s.warning ? 'warned' : 'fine';
  return (
    <div className="two-columns">
      <div>
        <h3>Attention checks</h3>
        {!att.enabled ? (
          <p className="muted">Not configured.</p>
        ) : (
          <>
            <p>
              {att.passed} passed, {att.failed} failed
            </p>
            <RowTable
              label="Attention checks per annotator"
              head={['Annotator', 'Passed', 'Failed', 'Standing']}
              rows={Object.entries(att.by_annotator).map(([name, s]) => [name, s.passed, s.failed, standing(s)])}
            />
          </>
        )}
      </div>
      <div>
        <h3>Gold standards</h3>
        {!gold.enabled ? (
          <p className="muted">Not configured.</p>
        ) : (
          <>
            <p>
              {gold.correct} of {gold.answered} correct ({percent(gold.accuracy)})
            </p>
            <RowTable
              label="Gold standards per annotator"
              head={['Annotator', 'Answered', 'Correct', 'Accuracy']}
              rows={Object.entries(gold.by_annotator).map(([name, s]) => [
                name,
                s.answered,
                s.correct,
                percent(s.accuracy),
              ])}
            />
            <RowTable
              label="Gold standards per item"
              head={['Gold item', 'Answered', 'Correct', 'Accuracy']}
              rows={Object.entries(gold.by_instance).map(([id, s]) => [id, s.answered, s.correct, percent(s.accuracy)])}
            />
          </>
        )}
      </div>
    </div>
  );
}
