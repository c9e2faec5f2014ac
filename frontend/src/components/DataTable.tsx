import { useId, useMemo, useState, type ReactNode } from 'react';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sortable when set. */
  sortValue?: (row: T) => string | number;
  /** Exported when set (and csvOnly columns are exported without being shown). */
  csv?: (row: T) => CsvCell;
  csvOnly?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  pageSize: number;
  defaultSort: { column: string; direction: SortDirection };
  /** The text a search matches, lower-cased by the table. */
  searchText?: (row: T) => string;
  csvFileName?: string;
  emptyText: string;
  /** Extra toolbar content, e.g. an add button. */
  actions?: ReactNode;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base', numeric: true });
}

/**
 * The shared list toolbar (search, '{n} record(s)', CSV export) over a sortable, paged table.
 * The export holds every row matching the search, in the shown order.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  pageSize,
  defaultSort,
  searchText,
  csvFileName,
  emptyText,
  actions,
}: DataTableProps<T>) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(0);

  const shown = columns.filter((column) => !column.csvOnly);
  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle && searchText ? rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : rows;
    const column = columns.find((c) => c.id === sort.column);
    if (!column?.sortValue) return found;
    const value = column.sortValue;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...found].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, search, searchText, sort, columns]);

  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages - 1);
  const pageRows = matching.slice(current * pageSize, (current + 1) * pageSize);
  const first = matching.length === 0 ? 0 : current * pageSize + 1;
  const last = current * pageSize + pageRows.length;

  function toggleSort(column: string) {
    setSort((previous) =>
      previous.column === column
        ? { column, direction: previous.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
    setPage(0);
  }

  function exportCsv() {
    if (!csvFileName) return;
    const exported = columns.filter((column) => column.csv);
    const csv = toCsv(
      exported.map((column) => column.header),
      matching.map((row) => exported.map((column) => column.csv!(row))),
    );
    downloadCsv(csvFileName, csv);
  }

  return (
    <div className="data-table">
      <div className="table-toolbar">
        {searchText && (
          <div className="table-search">
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
            />
          </div>
        )}
        <span className="table-count" aria-live="polite">
          {matching.length} record(s)
        </span>
        <span className="table-toolbar-spacer" />
        {csvFileName && (
          <button type="button" className="button" onClick={exportCsv}>
            Export CSV
          </button>
        )}
        {actions}
      </div>
      <div className="table-scroll">
        <table aria-label={label}>
          <thead>
            <tr>
              {shown.map((column) => {
                const sorted = sort.column === column.id;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sortValue ? (
                      <button type="button" className="sort-button" onClick={() => toggleSort(column.id)}>
                        {column.header}
                        <span className="sort-arrow" aria-hidden="true">
                          {sorted ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td colSpan={shown.length} className="table-empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              pageRows.map((row) => (
                <tr key={rowKey(row)}>
                  {shown.map((column) => (
                    <td key={column.id}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="table-paging" aria-label={`${label} pages`}>
        <span>
          {first}–{last} of {matching.length}
        </span>
        <button
          type="button"
          className="button"
          onClick={() => setPage(current - 1)}
          disabled={current === 0}
          aria-label="Previous page"
        >
          ‹
        </button>
        <span>
          Page {current + 1} of {pages}
        </span>
        <button
          type="button"
          className="button"
          onClick={() => setPage(current + 1)}
          disabled={current >= pages - 1}
          aria-label="Next page"
        >
          ›
        </button>
      </nav>
    </div>
  );
}
