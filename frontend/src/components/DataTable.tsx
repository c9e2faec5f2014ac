import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type AddButton } from '../domain';
import { rowsPerPage, showsAddButton } from '../domain/pages';
import { downloadBlob, downloadCsv, toCsv, type CsvCell } from '../lib/csv';
import { useStoredState } from '../lib/useStoredState';
import { TableScroll } from './TableScroll';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sortable when set. */
  sortValue?: (row: T) => string | number;
  /** Exported when set (and csvOnly columns are exported without being shown). */
  csv?: (row: T) => CsvCell;
  csvOnly?: boolean;
  /** The row's header cell (its name for screen readers). */
  rowHeader?: boolean;
  /** The header is read by screen readers only (e.g. a column of row buttons). */
  hiddenHeader?: boolean;
  /** The column's cell of the table's foot (a total); the foot shows when a column has one (styled by dataTableCards.css). */
  footer?: ReactNode;
}

export type SortDirection = 'asc' | 'desc';

/** A page size: a number of rows, or every row on one page. */
export type PageSize = number | 'all';

/** The rows-per-page choices of the shared toolbar (spec section 9), from the domain. */
export const ROWS_PER_PAGE: readonly PageSize[] = [...rowsPerPage(), 'all'];

/** A search waits this long after the last keystroke before it asks the server. */
export const REMOTE_SEARCH_DELAY_MS = 200;

/** What a remote table asks its server for. */
export interface TableQuery {
  /** From 0. */
  page: number;
  pageSize: PageSize;
  search: string;
  sort: { column: string; direction: SortDirection };
}

/**
 * Rows the server searches, sorts and pages (for lists too long to send whole): the table asks
 * for each page through onQuery and shows the answer it is given.
 */
export interface RemoteRows {
  /** How many rows match the search (`rows` holds the current page of them). */
  total: number;
  loading: boolean;
  onQuery: (query: TableQuery) => void;
  /** The export of every matching row, written by the server. */
  csvFile?: (query: TableQuery) => Promise<Blob>;
}

/** At most this many numbered page buttons are shown at once. */
export const VISIBLE_PAGE_BUTTONS = 6;

export type RowKey = string | number;

/** Row selection, controlled by the parent: the selected row keys (rowKey values). */
export interface RowSelection<T> {
  selected: readonly RowKey[];
  onChange: (selected: RowKey[]) => void;
  /** The accessible name of a row's checkbox, e.g. 'Select 01614960001'. */
  rowLabel: (row: T) => string;
  /** Rows that cannot be selected (their checkbox is disabled). */
  selectable?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  /** Every row (searched, sorted and paged here), or with `remote` the page the server sent. */
  rows: T[];
  remote?: RemoteRows;
  rowKey: (row: T) => RowKey;
  /** The initial page size (every row when omitted). */
  pageSize?: PageSize;
  /** When set, a 'Rows per page' select offers these sizes (use ROWS_PER_PAGE). */
  pageSizeOptions?: readonly PageSize[];
  /** Unsorted (the given order) when omitted. */
  defaultSort?: { column: string; direction: SortDirection };
  /** The text a search matches, lower-cased by the table (a remote table's server searches). */
  searchText?: (row: T) => string;
  csvFileName?: string;
  /** The exported rows, when they differ from the shown ones (e.g. fetched from an export call). */
  csvRows?: () => Promise<CsvCell[][]> | CsvCell[][];
  /** The header of csvRows' cells (required with csvRows). */
  csvHeader?: string[];
  /** Called when an export fails (csvRows rejected). */
  onCsvError?: (error: unknown) => void;
  emptyText: string;
  /** Extra toolbar content. */
  actions?: ReactNode;
  /** The toolbar's add button, shown as the domain's rule decides. */
  add?: { label: string; rule: AddButton } & ({ to: string } | { onClick: () => void });
  /** Keeps the chosen rows per page in this browser under this name (one per table). */
  storageKey?: string;
  /** Row selection with a checkbox column; omitted: no checkboxes. */
  selection?: RowSelection<T>;
  /** The search field hides behind a 'Search' toggle (closing it clears the search). */
  searchToggle?: boolean;
  /** The paging sits in the toolbar above the table instead of below it. */
  pagingInHeader?: boolean;
  /** False: no search field (a remote table whose server filters otherwise). */
  searchable?: boolean;
  /** The search field's placeholder (what can be typed). */
  searchPlaceholder?: string;
  /** An extra class of a row (e.g. a highlight; say it in the row's text too, not by colour only). */
  rowClassName?: (row: T) => string | undefined;
  /** Every row with no toolbar or paging (a short list within a page); no rows: the emptyText alone. */
  plain?: boolean;
  /** The label is shown as the table's caption. */
  labelShown?: boolean;
  /** The sideways scroll is a TableScroll region of this name. */
  scrollLabel?: string;
  /** Tighter cells, for a table with many columns that should fit its page. */
  compact?: boolean;
  /** On a phone each row is a card, each cell named by its column's header (the page imports dataTableCards.css). */
  cards?: boolean;
}

const UNSORTED = { column: '', direction: 'asc' } as const;

/** The value, once it has stayed the same for `delay` ms (at once when delay is 0). */
function useDebounced<V>(value: V, delay: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (delay === 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return delay === 0 ? value : settled;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base', numeric: true });
}

const sizeLabel = (size: PageSize) => (size === 'all' ? 'All' : String(size));

/** The numbered pages to offer: a window of at most VISIBLE_PAGE_BUTTONS around the current one. */
export function pageWindow(current: number, pages: number): number[] {
  const count = Math.min(pages, VISIBLE_PAGE_BUTTONS);
  const start = Math.max(0, Math.min(current - Math.floor((count - 1) / 2), pages - count));
  return Array.from({ length: count }, (_, i) => start + i);
}

function SelectAllCheckbox({
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="row-select"
      aria-label="Select all rows on this page"
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * The shared list toolbar (search, '{n} record(s)', rows per page, CSV export) over a sortable,
 * paged table with optional row selection. The export holds every row matching the search, in
 * the shown order (or csvRows when given).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  remote,
  rowKey,
  pageSize: initialPageSize = 'all',
  pageSizeOptions,
  defaultSort = UNSORTED,
  searchText,
  csvFileName,
  csvRows,
  csvHeader,
  onCsvError,
  emptyText,
  actions,
  add,
  storageKey,
  selection,
  searchToggle = false,
  pagingInHeader = false,
  searchable = true,
  searchPlaceholder,
  rowClassName,
  plain = false,
  labelShown = false,
  scrollLabel,
  compact = false,
  cards = false,
}: DataTableProps<T>) {
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState('');
  const [searchOpen, setSearchOpen] = useState(!searchToggle);
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useStoredState<PageSize>(
    storageKey && pageSizeOptions ? `rowsPerPage:${storageKey}` : undefined,
    initialPageSize,
    (stored) => pageSizeOptions?.find((option) => String(option) === stored),
  );
  const [exporting, setExporting] = useState(false);

  const shown = columns.filter((column) => !column.csvOnly);
  const remoteSearch = useDebounced(search.trim(), remote ? REMOTE_SEARCH_DELAY_MS : 0);
  const query: TableQuery = useMemo(
    () => ({ page, pageSize, search: remoteSearch, sort }),
    [page, pageSize, remoteSearch, sort],
  );
  const onQuery = useRef(remote?.onQuery);
  onQuery.current = remote?.onQuery;
  useEffect(() => onQuery.current?.(query), [query]);

  const matching = useMemo(() => {
    if (remote) return [];
    const needle = search.trim().toLowerCase();
    const found = needle && searchText ? rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : rows;
    const column = columns.find((c) => c.id === sort.column);
    if (!column?.sortValue) return found;
    const value = column.sortValue;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...found].sort((a, b) => sign * compare(value(a), value(b)));
  }, [remote, rows, search, searchText, sort, columns]);

  const total = remote ? remote.total : matching.length;
  const size = pageSize === 'all' || plain ? Math.max(1, total) : pageSize;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages - 1);
  const pageRows = remote ? rows : matching.slice(current * size, (current + 1) * size);
  const first = total === 0 ? 0 : current * size + 1;
  const last = current * size + pageRows.length;

  const selected = useMemo(() => new Set(selection?.selected ?? []), [selection?.selected]);
  const selectableOnPage = selection
    ? pageRows.filter((row) => selection.selectable?.(row) ?? true).map(rowKey)
    : [];
  const selectedOnPage = selectableOnPage.filter((key) => selected.has(key)).length;
  const columnCount = shown.length + (selection ? 1 : 0);
  const hasFooter = shown.some((column) => column.footer !== undefined);
  const cardLabel = (column: Column<T>) => (cards && !column.hiddenHeader ? column.header : undefined);

  function toggleSort(column: string) {
    setSort((previous) =>
      previous.column === column
        ? { column, direction: previous.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
    setPage(0);
  }

  function toggleRow(key: RowKey, on: boolean) {
    if (!selection) return;
    const next = selection.selected.filter((k) => k !== key);
    if (on) next.push(key);
    selection.onChange(next);
  }

  function togglePage(on: boolean) {
    if (!selection) return;
    const onPage = new Set(selectableOnPage);
    const rest = selection.selected.filter((k) => !onPage.has(k));
    selection.onChange(on ? [...rest, ...selectableOnPage] : rest);
  }

  /** Fetches and saves an export, the button disabled meanwhile; a failure goes to onCsvError. */
  async function fetchAndSave(save: () => Promise<void>) {
    setExporting(true);
    try {
      await save();
    } catch (error) {
      onCsvError?.(error);
    }
    setExporting(false);
  }

  async function exportCsv() {
    if (!csvFileName) return;
    const csvFile = remote?.csvFile;
    if (csvFile) return fetchAndSave(async () => downloadBlob(csvFileName, await csvFile(query)));
    if (csvRows) return fetchAndSave(async () => downloadCsv(csvFileName, toCsv(csvHeader ?? [], await csvRows())));
    const exported = columns.filter((column) => column.csv);
    const csv = toCsv(
      exported.map((column) => column.header),
      matching.map((row) => exported.map((column) => column.csv!(row))),
    );
    downloadCsv(csvFileName, csv);
  }

  const paging = (
    <nav className="table-paging" aria-label={`${label} pages`}>
      <span>
        {first}–{last} of {total}
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
      {pages > 1 &&
        pageWindow(current, pages).map((p) => (
          <button
            key={p}
            type="button"
            className="button table-page-button"
            aria-label={`Go to page ${p + 1}`}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => setPage(p)}
          >
            {p + 1}
          </button>
        ))}
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
  );

  const toolbar = (
    <div className="table-toolbar">
      {searchable && searchToggle && (searchText || remote) && (
        <button
          type="button"
          className="button"
          aria-expanded={searchOpen}
          aria-controls={searchOpen ? searchId : undefined}
          onClick={() => {
            if (searchOpen) setSearch('');
            setSearchOpen(!searchOpen);
            setPage(0);
          }}
        >
          Search
        </button>
      )}
      {searchable && (searchText || remote) && searchOpen && (
        <div className="table-search">
          <label htmlFor={searchId}>Search</label>
          <input
            id={searchId}
            type="search"
            // Opened by its toggle: the user is about to type.
            autoFocus={searchToggle}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
        </div>
      )}
      <span className="table-count" aria-live="polite">
        {total} record(s)
      </span>
      <span className="table-toolbar-spacer" />
      {pageSizeOptions && (
        <div className="table-search table-page-size">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={String(pageSize)}
            onChange={(event) => {
              const value = event.target.value;
              setPageSize(value === 'all' ? 'all' : Number(value));
              setPage(0);
            }}
          >
            {pageSizeOptions.map((option) => (
              <option key={String(option)} value={String(option)}>
                {sizeLabel(option)}
              </option>
            ))}
          </select>
        </div>
      )}
      {csvFileName && (
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting}>
          Export CSV
        </button>
      )}
      {actions}
      {pagingInHeader && paging}
      {add &&
        showsAddButton(add.rule) &&
        ('to' in add ? (
          <Link className="button button-primary" to={add.to}>
            {add.label}
          </Link>
        ) : (
          <button type="button" className="button button-primary" onClick={add.onClick}>
            {add.label}
          </button>
        ))}
    </div>
  );

  const table = (
    <table aria-label={labelShown ? undefined : label} aria-busy={remote?.loading || undefined}>
      {labelShown && <caption>{label}</caption>}
      <thead>
        <tr>
          {selection && (
            <th scope="col" className="row-select-cell">
              <SelectAllCheckbox
                checked={selectableOnPage.length > 0 && selectedOnPage === selectableOnPage.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < selectableOnPage.length}
                disabled={selectableOnPage.length === 0}
                onChange={togglePage}
              />
            </th>
          )}
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
                ) : column.hiddenHeader ? (
                  <span className="visually-hidden">{column.header}</span>
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
            <td colSpan={columnCount} className="table-empty">
              {remote?.loading ? 'Loading…' : emptyText}
            </td>
          </tr>
        ) : (
          pageRows.map((row) => {
            const key = rowKey(row);
            const isSelected = selected.has(key);
            return (
              <tr
                key={key}
                className={[isSelected ? 'row-selected' : '', rowClassName?.(row) ?? ''].join(' ').trim() || undefined}
              >
                {selection && (
                  <td className="row-select-cell">
                    <input
                      type="checkbox"
                      className="row-select"
                      aria-label={selection.rowLabel(row)}
                      checked={isSelected}
                      disabled={!(selection.selectable?.(row) ?? true)}
                      onChange={(event) => toggleRow(key, event.target.checked)}
                    />
                  </td>
                )}
                {shown.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} data-label={cardLabel(column)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })
        )}
      </tbody>
      {hasFooter && pageRows.length > 0 && (
        <tfoot>
          <tr>
            {selection && <td className="row-select-cell" />}
            {shown.map((column) =>
              column.rowHeader ? (
                <th key={column.id} scope="row">
                  {column.footer}
                </th>
              ) : (
                <td key={column.id} data-label={column.footer === undefined ? undefined : cardLabel(column)}>
                  {column.footer}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );

  if (plain && pageRows.length === 0) return <p className="empty-state">{emptyText}</p>;

  const className = ['data-table', plain && 'data-table-plain', compact && 'data-table-compact', cards && 'data-table-cards']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      {!plain && toolbar}
      {scrollLabel ? (
        <TableScroll label={scrollLabel}>{table}</TableScroll>
      ) : (
        <div className="table-scroll">{table}</div>
      )}
      {!plain && !pagingInHeader && paging}
    </div>
  );
}
