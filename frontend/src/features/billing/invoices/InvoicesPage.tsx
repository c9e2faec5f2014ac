import { useState } from 'react';
import { SectionLoading } from '../../../components/SectionLoading';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { formatPounds } from '../../../domain/pages';
import { formatDay } from '../../../lib/dates';
import { downloadBlob } from '../../../lib/csv';
import { useLoader } from '../../../lib/useLoader';
import { downloadInvoice, getInvoiceList, MissingInvoiceFile, type Invoice, type InvoiceFormat } from './api';
import { DOWNLOAD_FAILED, INVOICE_PAGE_SIZE, INVOICES_FAILED, NO_INVOICES } from './messages';
import { DismissibleBanner } from '../../../components/DismissibleBanner';

const FILES: { format: InvoiceFormat; label: string; id: (invoice: Invoice) => number | null }[] = [
  { format: 'pdf', label: 'PDF', id: (invoice) => invoice.pdfId ?? null },
  { format: 'csv', label: 'CSV', id: (invoice) => invoice.csvId ?? null },
  { format: 'excel', label: 'Excel', id: (invoice) => invoice.excelId ?? null },
];

const pounds = formatPounds;

/** /invoices (and the technology partner's): the invoices with their files, 20 a page. */
export function InvoicesPage({ title }: { title: string }) {
  const [load] = useLoader(getInvoiceList);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function download(fileId: number, format: InvoiceFormat) {
    const key = `${fileId}/${format}`;
    setBusy(key);
    setFailure(null);
    try {
      const file = await downloadInvoice(fileId, format);
      downloadBlob(file.name, file.blob);
    } catch (error) {
      setFailure(error instanceof MissingInvoiceFile ? DOWNLOAD_FAILED : INVOICES_FAILED);
    } finally {
      setBusy(null);
    }
  }

  if (load.status === 'failed' && isPermissionError(load.error)) return <PermissionError />;
  if (load.status !== 'ready') {
    return (
      <>
        <PageHeading title={title} />
        {load.status === 'loading' ? (
          <SectionLoading />
        ) : (
          <p role="alert" className="banner banner-error">
            {INVOICES_FAILED}
          </p>
        )}
      </>
    );
  }

  const { invoices, fileOptions } = load.data;
  const columns: Column<Invoice>[] = [
    { id: 'number', header: 'Invoice number', cell: (i) => i.number, sortValue: (i) => i.id },
    { id: 'date', header: 'Invoice date', cell: (i) => formatDay(i.date), sortValue: (i) => i.date },
    { id: 'net', header: 'Net', cell: (i) => pounds(i.net), sortValue: (i) => i.net },
    { id: 'vat', header: 'VAT', cell: (i) => pounds(i.vat), sortValue: (i) => i.vat },
    { id: 'gross', header: 'Gross', cell: (i) => pounds(i.gross), sortValue: (i) => i.gross },
    ...FILES.filter(({ format }) => fileOptions[format]).map(
      ({ format, label, id }): Column<Invoice> => ({
        id: format,
        header: label,
        cell: (invoice) => {
          const fileId = id(invoice);
          if (fileId === null) return null;
          const downloading = busy === `${fileId}/${format}`;
          return (
            <button
              type="button"
              className="button"
              aria-label={`Download ${invoice.number} as ${label}`}
              aria-busy={downloading || undefined}
              disabled={busy !== null}
              onClick={() => void download(fileId, format)}
            >
              {downloading ? 'Downloading…' : label}
            </button>
          );
        },
      }),
    ),
  ];

  return (
    <>
      <PageHeading title={title} />
      {failure && <DismissibleBanner text={failure} onDismiss={() => setFailure(null)} />}
      <DataTable
        label="Invoices"
        columns={columns}
        rows={invoices}
        rowKey={(i) => i.id}
        pageSize={INVOICE_PAGE_SIZE}
        defaultSort={{ column: 'number', direction: 'desc' }}
        searchText={(i) => `${i.number} ${formatDay(i.date)} ${pounds(i.gross)}`}
        searchToggle
        pagingInHeader
        emptyText={NO_INVOICES}
      />
    </>
  );
}
