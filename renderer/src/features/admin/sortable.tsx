/**
 * Sorting and filtering for the dashboard's client-side tables: a column header is a button that sorts by it
 * (again: the other way), announced through aria-sort; a text box keeps the rows whose text matches.
 */
import { useMemo, useState } from 'react';

type SortValue = string | number | null | undefined;

export interface Column<T> {
  id: string;
  title: string;
  value: (row: T) => SortValue;
}

type Direction = 'ascending' | 'descending';

/** Missing values last either way; numbers as numbers, text in the reader's collation. */
function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function useSortedRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  initial?: { id: string; direction?: Direction },
) {
  const [sort, setSort] = useState<{ id: string; direction: Direction } | null>(
    initial ? { id: initial.id, direction: initial.direction ?? 'ascending' } : null,
  );
  const [filter, setFilter] = useState('');
  const sorted = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const kept = needle
      ? rows.filter((r) =>
          columns.some((c) =>
            String(c.value(r) ?? '')
              .toLowerCase()
              .includes(needle),
          ),
        )
      : [...rows];
    const column = sort && columns.find((c) => c.id === sort.id);
    if (!column) return kept;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    const nullsLast = (a: T, b: T) => {
      const [x, y] = [column.value(a), column.value(b)];
      if (x === null || x === undefined || y === null || y === undefined) return compare(x, y);
      return sign * compare(x, y);
    };
    return kept.sort(nullsLast);
  }, [rows, columns, sort, filter]);
  const sortBy = (id: string) =>
    setSort((s) => ({ id, direction: s?.id === id && s.direction === 'ascending' ? 'descending' : 'ascending' }));
  return { rows: sorted, sort, sortBy, filter, setFilter };
}

export function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: { id: string; title: string };
  sort: { id: string; direction: Direction } | null;
  onSort: (id: string) => void;
}) {
  const active = sort?.id === column.id;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined}>
      <button type="button" className="sort" onClick={() => onSort(column.id)}>
        {column.title}
        <span aria-hidden="true" className="sort-mark">
          {active ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
      </button>
    </th>
  );
}

export function FilterBox({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}
