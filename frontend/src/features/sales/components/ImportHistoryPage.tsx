import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { refusalErrors } from '../../../lib/api';
import { useLoader } from '../../../lib/useLoader';
import { getImports, undoImport, type SalesImportLine } from '../api';

export const HISTORY_FAILED = 'The imports could not be loaded. Try again later.';
export const UNDO_FAILED = 'The import could not be undone. Try again later.';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function importColumns(canImport: boolean, onUndo: (line: SalesImportLine) => void): Column<SalesImportLine>[] {
  return [
    { id: 'time', header: 'Imported', cell: (line) => line.time },
    { id: 'file', header: 'File', cell: (line) => line.fileName },
    { id: 'user', header: 'By', cell: (line) => line.user },
    { id: 'imported', header: 'Sales', cell: (line) => line.imported },
    { id: 'skipped', header: 'Rows skipped', cell: (line) => line.skipped },
    {
      id: 'matched',
      header: 'Matched to a call',
      cell: (line) => (
        <>
          {line.matched}
          {line.matchRate === null || line.matchRate === undefined ? '' : ` (${line.matchRate}%)`}
        </>
      ),
    },
    {
      id: 'sameReference',
      header: 'Same reference',
      cell: (line) =>
        line.sameReference === 'replace' ? `Replaced ${plural(line.replaced, 'earlier sale', 'earlier sales')}` : 'Added',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (line) =>
        line.undone ? (
          `Undone ${line.undone}`
        ) : canImport ? (
          <button
            type="button"
            className="button"
            onClick={() => onUndo(line)}
            aria-label={`Undo the import of ${line.fileName} (${line.time})`}
          >
            Undo
          </button>
        ) : (
          'Imported'
        ),
    },
  ];
}

/** /importsales: the account's past imports, newest first, each undone after a confirmation. */
export function ImportHistoryPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getImports, []);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [undoing, setUndoing] = useState<SalesImportLine | null>(null);
  const [busy, setBusy] = useState(false);

  async function undo(line: SalesImportLine) {
    setBusy(true);
    try {
      const { removed, restored } = await undoImport(line.id);
      const back = restored > 0 ? ` ${plural(restored, 'earlier sale it replaced counts', 'earlier sales it replaced count')} again.` : '';
      setOutcome({ kind: 'success', text: `Undone: ${plural(removed, 'sale', 'sales')} of ${line.fileName} removed.${back}` });
      await reload();
    } catch (failure) {
      const fields = refusalErrors(failure);
      setOutcome({ kind: 'error', text: fields?.form_import_id ?? UNDO_FAILED });
    } finally {
      setBusy(false);
      setUndoing(null);
    }
  }

  return (
    <LoadedPage title={title} load={load} failedText={HISTORY_FAILED}>
      {(data) => (
        <div className="card">
          <p>
            Upload a CSV or Excel file of sales (date, phone number or call id, value, reference): each sale is matched to
            the call that led to it, and its revenue credited to that call's source in{' '}
            <Link to="/tracksales">Track Sales</Link>.
          </p>
          {data.canImport ? (
            <p>
              <Link to="/importsales/upload" className="button button-primary">
                Import a sales file
              </Link>
            </p>
          ) : (
            <p>Only administrators import sales files and undo imports.</p>
          )}
          <ResultBanner outcome={outcome} />
          <section aria-labelledby="past-imports">
            <h2 id="past-imports">Past imports</h2>
            <DataTable
              plain
              label="Past imports"
              columns={importColumns(data.canImport, setUndoing)}
              rows={data.imports}
              rowKey={(line) => line.id}
              emptyText="No sales files imported yet."
            />
          </section>
          <DeleteConfirmDialog
            open={undoing !== null}
            title="Undo this import?"
            confirmLabel="Undo the import"
            message={
              undoing
                ? `The ${plural(undoing.imported, 'sale', 'sales')} imported from ${undoing.fileName} will be deleted${
                    undoing.replaced > 0 ? ', and the earlier sales they replaced will count again' : ''
                  }.`
                : ''
            }
            busy={busy}
            onCancel={() => setUndoing(null)}
            onConfirm={() => {
              if (undoing) void undo(undoing);
            }}
          />
        </div>
      )}
    </LoadedPage>
  );
}
