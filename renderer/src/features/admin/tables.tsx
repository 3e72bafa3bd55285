/** Dashboard tables: annotators, instances (status filter and paging) and quality control. */
import { useMemo, useState, type ReactNode } from 'react';
import type { AnnotatorRow, InstancePage, InstanceStatus, QualityReport } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { percent, when } from './section.js';
import { ItemAnswers } from './item-answers.js';
import { FilterBox, SortHeader, useSortedRows, type Column } from './sortable.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { UiText } from '../../../../shared/ui-language.js';

const annotatorColumns = (words: UiText): Column<AnnotatorRow>[] => [
  { id: 'annotator', title: words.admin_th_annotator, value: (r) => r.username },
  { id: 'annotated', title: words.admin_th_annotated, value: (r) => r.annotated },
  { id: 'assigned', title: words.admin_th_assigned, value: (r) => r.assigned },
  { id: 'done', title: words.admin_th_done, value: (r) => r.completion_rate },
  { id: 'attention', title: words.admin_th_attention, value: (r) => r.attention_checks?.failed },
  { id: 'gold', title: words.admin_th_gold_accuracy, value: (r) => r.gold_accuracy },
  { id: 'activity', title: words.admin_th_last_activity, value: (r) => r.last_activity },
  {
    id: 'status',
    title: words.admin_th_status,
    value: (r) => (r.blocked ? words.admin_state_blocked : words.admin_state_active),
  },
];

export function AnnotatorsTable({ rows }: { rows: AnnotatorRow[] }) {
  const words = useUiText();
  const columns = useMemo(() => annotatorColumns(words), [words]);
  const table = useSortedRows(rows, columns);
  if (!rows.length) return <p className="muted">{words.admin_no_annotators}</p>;
  return (
    <>
      <div className="toolbar">
        <FilterBox
          id="annotators-filter"
          label={words.admin_filter_annotators}
          value={table.filter}
          onChange={table.setFilter}
        />
      </div>
      <div className="table-wrap">
        <table data-testid="annotators-table">
          <thead>
            <tr>
              {columns.map((c) => (
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
                <td>{r.attention_checks ? fill(words.admin_passed_failed, r.attention_checks) : '—'}</td>
                <td>{percent(r.gold_accuracy)}</td>
                <td>{when(r.last_activity)}</td>
                <td>
                  {r.blocked ? <strong className="bad">{words.admin_state_blocked}</strong> : words.admin_state_active}
                </td>
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
/** A status's word; the server's status itself is the option's value and the row's class. */
const statusWord = (words: UiText, s: InstanceStatus | ''): string =>
  s === '' ? words.admin_status_all : words[`admin_status_${s}`];

export function InstancesTable() {
  const words = useUiText();
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
        <label htmlFor="status-filter">{words.admin_show_status}</label>
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
              {statusWord(words, s)}
            </option>
          ))}
        </select>
        <FilterBox
          id="instances-filter"
          label={words.admin_filter_id_text}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setOffset(0);
          }}
        />
        {page.data && (
          <span className="muted" data-testid="instances-range">
            {page.data.total === 0
              ? words.admin_range_none
              : fill(words.admin_range, {
                  from: offset + 1,
                  to: Math.min(offset + PAGE, page.data.total),
                  total: page.data.total,
                })}
          </span>
        )}
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          {words.admin_previous_page}
        </button>
        <button
          type="button"
          disabled={!page.data || offset + PAGE >= page.data.total}
          onClick={() => setOffset(offset + PAGE)}
        >
          {words.admin_next_page}
        </button>
      </div>
      <ErrorNote onRetry={() => void page.reload()} retry={words.admin_retry}>
        {page.error}
      </ErrorNote>
      {!page.data ? (
        !page.error && <Loading what="instances" label={words.admin_loading} />
      ) : (
        <div className="table-wrap">
          <table data-testid="instances-table" aria-busy={page.loading}>
            <thead>
              <tr>
                <SortHeader column={{ id: 'id', title: words.admin_th_instance }} sort={sort} onSort={sortBy} />
                <th scope="col">{words.admin_th_text}</th>
                <SortHeader
                  column={{ id: 'annotations', title: words.admin_th_annotations }}
                  sort={sort}
                  onSort={sortBy}
                />
                <th scope="col">{words.admin_th_status}</th>
                <th scope="col">{words.admin_th_annotators}</th>
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
                    <span className={`status status-${i.status}`}>{statusWord(words, i.status)}</span>
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
  const words = useUiText();
  const att = qc.attention_checks;
  const gold = qc.gold_standards;
  const standing = (s: { blocked?: boolean; warning?: boolean }) =>
    s.blocked ? (
      <strong className="bad">{words.admin_state_blocked}</strong>
    ) : s.warning ? (
      words.admin_standing_warned
    ) : (
      words.admin_standing_fine
    );
  return (
    <div className="two-columns">
      <div>
        <h3>{words.admin_th_attention}</h3>
        {!att.enabled ? (
          <p className="muted">{words.admin_not_configured}</p>
        ) : (
          <>
            <p>{fill(words.admin_passed_failed, { passed: att.passed, failed: att.failed })}</p>
            <RowTable
              label={words.admin_attention_per_annotator}
              head={[words.admin_th_annotator, words.admin_th_passed, words.admin_th_failed, words.admin_th_standing]}
              rows={Object.entries(att.by_annotator).map(([name, s]) => [name, s.passed, s.failed, standing(s)])}
            />
          </>
        )}
      </div>
      <div>
        <h3>{words.admin_gold_standards}</h3>
        {!gold.enabled ? (
          <p className="muted">{words.admin_not_configured}</p>
        ) : (
          <>
            <p>
              {fill(words.admin_gold_correct, {
                correct: gold.correct,
                answered: gold.answered,
                accuracy: percent(gold.accuracy),
              })}
            </p>
            <RowTable
              label={words.admin_gold_per_annotator}
              head={[
                words.admin_th_annotator,
                words.admin_th_answered,
                words.admin_th_correct,
                words.admin_th_accuracy,
              ]}
              rows={Object.entries(gold.by_annotator).map(([name, s]) => [
                name,
                s.answered,
                s.correct,
                percent(s.accuracy),
              ])}
            />
            <RowTable
              label={words.admin_gold_per_item}
              head={[
                words.admin_th_gold_item,
                words.admin_th_answered,
                words.admin_th_correct,
                words.admin_th_accuracy,
              ]}
              rows={Object.entries(gold.by_instance).map(([id, s]) => [id, s.answered, s.correct, percent(s.accuracy)])}
            />
          </>
        )}
      </div>
    </div>
  );
}
