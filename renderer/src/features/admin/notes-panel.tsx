/** Annotators' notes and flags on items: filtered by flag on the server, by text and sorted here. */
import { useMemo, useState } from 'react';
import { ITEM_FLAGS, type ItemFlag, type ItemNote } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { when } from './section.js';
import { FilterBox, SortHeader, useSortedRows, type Column } from './sortable.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { UiText } from '../../../../shared/ui-language.js';

const flagName = (words: UiText, f: ItemFlag) => words[`admin_flag_${f}`];

const columns = (words: UiText): Column<ItemNote>[] => [
  { id: 'instance', title: words.admin_th_instance, value: (n) => n.instance_id },
  { id: 'annotator', title: words.admin_th_annotator, value: (n) => n.annotator },
  { id: 'flags', title: words.admin_th_flags, value: (n) => n.flags.map((f) => flagName(words, f)).join(', ') },
  { id: 'note', title: words.admin_th_note, value: (n) => n.note },
  { id: 'updated', title: words.admin_th_updated, value: (n) => n.updated_at },
];

interface Notes {
  count: number;
  counts: Record<ItemFlag, number>;
  notes: ItemNote[];
}

export function NotesPanel() {
  const words = useUiText();
  const COLUMNS = useMemo(() => columns(words), [words]);
  const [flag, setFlag] = useState<ItemFlag | ''>('');
  const notes = useAdminResource<Notes>(`/admin/api/item_notes${flag ? `?flag=${flag}` : ''}`, true);
  const table = useSortedRows(notes.data?.notes ?? [], COLUMNS);
  return (
    <>
      <div className="toolbar">
        <label htmlFor="flag-filter">{words.admin_show_flag}</label>
        <select id="flag-filter" value={flag} onChange={(e) => setFlag(e.target.value as ItemFlag | '')}>
          <option value="">{words.admin_all_notes}</option>
          {ITEM_FLAGS.map((f) => (
            <option key={f} value={f}>
              {flagName(words, f)}
              {notes.data ? ` (${notes.data.counts[f]})` : ''}
            </option>
          ))}
        </select>
        <FilterBox id="notes-filter" label={words.admin_filter} value={table.filter} onChange={table.setFilter} />
      </div>
      <ErrorNote onRetry={() => void notes.reload()} retry={words.admin_retry}>
        {notes.error}
      </ErrorNote>
      {!notes.data ? (
        !notes.error && <Loading what="notes" label={words.admin_loading} />
      ) : !notes.data.count ? (
        <p className="muted">
          {flag ? fill(words.admin_no_notes_flag, { flag: flagName(words, flag) }) : words.admin_no_notes}
        </p>
      ) : (
        <div className="table-wrap">
          <table data-testid="notes-table" aria-busy={notes.loading}>
            <caption className="visually-hidden">{words.admin_notes_caption}</caption>
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
                        {flagName(words, f)}
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
