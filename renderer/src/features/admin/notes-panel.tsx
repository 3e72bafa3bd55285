/** Annotators' notes and flags on items: filtered by flag on the server, by text and sorted here. */
import { useState } from 'react';
import { FLAG_NAMES, ITEM_FLAGS, type ItemFlag, type ItemNote } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { when } from './section.js';
import { FilterBox, SortHeader, useSortedRows, type Column } from './sortable.js';

const COLUMNS: Column<ItemNote>[] = [
  { id: 'instance', title: 'Instance', value: (n) => n.instance_id },
  { id: 'annotator', title: 'Annotator', value: (n) => n.annotator },
  { id: 'flags', title: 'Flags', value: (n) => n.flags.map((f) => FLAG_NAMES[f]).join(', ') },
  { id: 'note', title: 'Note', value: (n) => n.note },
  { id: 'updated', title: 'Updated', value: (n) => n.updated_at },
];

interface Notes {
  count: number;
  counts: Record<ItemFlag, number>;
  notes: ItemNote[];
}

export function NotesPanel() {
  const [flag, setFlag] = useState<ItemFlag | ''>('');
  const notes = useAdminResource<Notes>(`/admin/api/item_notes${flag ? `?flag=${flag}` : ''}`, true);
  const table = useSortedRows(notes.data?.notes ?? [], COLUMNS);
  return (
    <>
      <div className="toolbar">
        <label htmlFor="flag-filter">Show flag</label>
        <select id="flag-filter" value={flag} onChange={(e) => setFlag(e.target.value as ItemFlag | '')}>
          <option value="">all notes and flags</option>
          {ITEM_FLAGS.map((f) => (
            <option key={f} value={f}>
              {FLAG_NAMES[f]}
              {notes.data ? ` (${notes.data.counts[f]})` : ''}
            </option>
          ))}
        </select>
        <FilterBox id="notes-filter" label="Filter" value={table.filter} onChange={table.setFilter} />
      </div>
      <ErrorNote onRetry={() => void notes.reload()}>{notes.error}</ErrorNote>
      {!notes.data ? (
        !notes.error && <Loading what="notes" />
      ) : !notes.data.count ? (
        <p className="muted">No notes or flags{flag ? ` marked ${FLAG_NAMES[flag].toLowerCase()}` : ''} yet.</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="notes-table" aria-busy={notes.loading}>
            <caption className="visually-hidden">Notes and flags on items</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <SortHeader key={c.id} column={c} sort={table.sort} onSort={table.sortBy} />
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((n) => (
                <tr key={`${n.instance_id}\u0000${n.annotator}`}>
                  <th scope="row">{n.instance_id}</th>
                  <td>{n.annotator}</td>
                  <td>
                    {n.flags.map((f) => (
                      <span key={f} className={`status flag-${f}`}>
                        {FLAG_NAMES[f]}
                      </span>
                    ))}
                  </td>
                  <td className="preview">{n.note}</td>
                  <td>{when(n.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
