import { Fragment, useId, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLoader } from '../../lib/useLoader';
import { DataTable, type Column, type DataTableProps } from '../DataTable';
import { DeleteConfirmDialog } from '../DeleteConfirmDialog';
import { LoadedPage } from '../LoadedPage';
import { ResultBanner } from '../ResultBanner';
import { RecordActions } from './RecordActions';
import { useRecords, type Records } from './useRecords';

/** What the page's own parts are given: the data, the right to change it, and the list's state. */
export type RecordsPageState<D, T> = Records<T> & { data: D; canEdit: boolean };

export interface RecordsPageProps<D, T extends { id: number }> {
  title: string;
  load: () => Promise<D>;
  failedText: string;
  rows: (data: D) => T[];
  canEdit: (data: D) => boolean;
  /** A row's name, as its actions' accessible names say it ('Edit Billing', 'Delete Billing'). */
  name: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  /** The feature's columns; the kit adds the actions (for those with the right to change). */
  columns: (page: RecordsPageState<D, T>) => Column<T>[];
  emptyText: string | ((data: D) => string);
  /** The list's heading, when the page holds more than the list (the card is then a section named by it). */
  heading?: string;
  /** What the page says above the list. */
  intro?: (page: RecordsPageState<D, T>) => ReactNode;
  /** The Add button; `full`: the account holds as many as it may (the button is off). */
  add?: { label: string; full?: (data: D) => boolean };
  /** More buttons beside Add (for those with the right to change). */
  toolbar?: (page: RecordsPageState<D, T>) => ReactNode;
  /** A row's edit button: its label ('Edit' unless told); inline: the row edits in place (the button hides meanwhile). */
  edit?: { label?: string; inline?: boolean };
  /** The dialog that adds (row null) or edits a row. */
  editor?: (row: T | null, page: RecordsPageState<D, T>) => ReactNode;
  remove: {
    question: (row: T) => string;
    /** Deletes the row; resolves with what was done, in words. */
    run: (row: T) => Promise<string>;
    failed: (error: unknown) => string;
    /** Why the row cannot be deleted, said instead of the question; null: it can. */
    refusal?: (row: T) => string | null;
  };
  /** A row's own actions, before Edit. */
  rowActions?: (row: T, page: RecordsPageState<D, T>) => ReactNode;
  /** More of the page, below the list. */
  children?: (page: RecordsPageState<D, T>) => ReactNode;
  /** Another card below the list's. */
  after?: (page: RecordsPageState<D, T>) => ReactNode;
  /** The list's path, whose /{id} opens that row's editor, and what it says when there is no such row. */
  path?: { base: string; missing: string };
  table?: Partial<Pick<DataTableProps<T>, 'pageSize' | 'searchText' | 'csvFileName'>>;
}

/**
 * A list of records: intro, the shared table with the feature's columns and Edit / Delete on each
 * row, Add, the empty state, the record's editor, the delete's question and the outcome in words.
 */
export function RecordsPage<D, T extends { id: number }>(props: RecordsPageProps<D, T>) {
  const [load, reload] = useLoader(props.load, []);
  const { id } = useParams();
  const navigate = useNavigate();
  const fromPath = props.path && id ? props.path : null;
  const records = useRecords<T>(reload, () => {
    if (fromPath) void navigate(fromPath.base);
  });
  return (
    <LoadedPage title={props.title} load={load} failedText={props.failedText}>
      {(data) => (
        <RecordsList
          {...props}
          page={{ ...records, data, canEdit: props.canEdit(data) }}
          openId={fromPath ? id : undefined}
        />
      )}
    </LoadedPage>
  );
}

function RecordsList<D, T extends { id: number }>({
  page,
  openId,
  ...props
}: RecordsPageProps<D, T> & { page: RecordsPageState<D, T>; openId?: string }) {
  const rows = props.rows(page.data);
  const fromPath = openId === undefined ? null : (rows.find((row) => String(row.id) === openId) ?? null);
  const open = page.editing ?? (fromPath && page.canEdit ? { row: fromPath } : null);
  const columns = props.columns(page);
  const editLabel = props.edit?.label ?? 'Edit';
  const headingId = useId();

  function askDelete(row: T) {
    const refusal = props.remove.refusal?.(row);
    if (refusal) {
      page.setOutcome({ kind: 'error', text: refusal });
      return;
    }
    const { question, run, failed } = props.remove;
    page.askDelete({ message: question(row), run: () => run(row), failed });
  }

  const actions: Column<T> = {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <RecordActions
        name={props.name(row)}
        editLabel={editLabel}
        editingHere={!!props.edit?.inline && page.editing?.row?.id === row.id}
        onEdit={() => page.edit(row)}
        onDelete={() => askDelete(row)}
      >
        {props.rowActions?.(row, page)}
      </RecordActions>
    ),
  };

  return (
    <>
      <section className="card" aria-labelledby={props.heading ? headingId : undefined}>
        {props.heading && <h2 id={headingId}>{props.heading}</h2>}
        {props.intro?.(page)}
        <ResultBanner outcome={page.outcome} />
        {openId !== undefined && !fromPath && (
          <p role="alert" className="banner banner-error">
            {props.path?.missing}
          </p>
        )}
        <DataTable
          label={props.label}
          columns={page.canEdit ? [...columns, actions] : columns}
          rows={rows}
          rowKey={(row) => row.id}
          pageSize={25}
          defaultSort={{ column: columns[0].id, direction: 'asc' }}
          searchText={props.name}
          emptyText={typeof props.emptyText === 'string' ? props.emptyText : props.emptyText(page.data)}
          actions={
            page.canEdit && (
              <>
                {props.add && (
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={props.add.full?.(page.data)}
                    onClick={() => page.edit(null)}
                  >
                    {props.add.label}
                  </button>
                )}
                {props.toolbar?.(page)}
              </>
            )
          }
          {...props.table}
        />
        {props.children?.(page)}
        {open && props.editor && <Fragment key={open.row?.id ?? 'new'}>{props.editor(open.row, page)}</Fragment>}
        <DeleteConfirmDialog
          open={page.deleting !== null}
          message={page.deleting?.message ?? ''}
          busy={page.busy}
          onCancel={page.cancelDelete}
          onConfirm={() => void page.confirmDelete()}
        />
      </section>
      {props.after?.(page)}
    </>
  );
}
