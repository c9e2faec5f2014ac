import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { Invoice, InvoiceList } from './api';
import { InvoicesPage } from './InvoicesPage';
import { DOWNLOAD_FAILED, INVOICES_FAILED, NO_INVOICES } from './messages';

function invoice(id: number): Invoice {
  return {
    id,
    number: `INV-${String(id).padStart(6, '0')}`,
    date: `2026-${String((id % 12) + 1).padStart(2, '0')}-01`,
    net: 1000 + id,
    vat: 200.2,
    gross: 1200.2 + id,
    pdfId: id * 3,
    csvId: id * 3 + 1,
    excelId: id * 3 + 2,
  };
}

const LIST = '/api/invoices/getInvoiceList';

function list(count: number, excel = false): InvoiceList {
  return {
    invoices: Array.from({ length: count }, (_, i) => invoice(count - i)),
    fileOptions: { pdf: true, csv: true, excel },
  };
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/invoices']}>
      <InvoicesPage title="Invoices" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The names of the files the page saved. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => vi.restoreAllMocks());

function file(body: string, name: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}

describe('invoices', () => {
  test('20 a page, money as £0,0.00, dates dd/mm/yyyy, the file columns the options give', async () => {
    stubApi({ [LIST]: () => jsonResponse(list(25)) });
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/, ''))).toEqual([
      'Invoice number',
      'Invoice date',
      'Net',
      'VAT',
      'Gross',
      'PDF',
      'CSV',
    ]);
    const first = within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(first.slice(0, 5)).toEqual(['INV-000025', '01/02/2026', '£1,025.00', '£200.20', '£1,225.20']);
    // The paging is in the header, above the table.
    const paging = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(paging.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(paging).getByText('1–20 of 25')).toBeInTheDocument();
    await user.click(within(paging).getByRole('button', { name: 'Next page' }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  test('the search opens from its toggle and finds an invoice by number', async () => {
    stubApi({ [LIST]: () => jsonResponse(list(25)) });
    const user = renderPage();
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox'), 'INV-000003');
    expect(screen.getByText('1 record(s)')).toBeInTheDocument();
    // Closing the search shows every invoice again.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('25 record(s)')).toBeInTheDocument();
  });

  test('the Excel column shows when offered; no invoices: the empty text', async () => {
    stubApi({ [LIST]: () => jsonResponse({ ...list(0, true) }) });
    renderPage();
    expect(await screen.findByText(NO_INVOICES)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Excel' })).toBeInTheDocument();
  });

  test('a list the server refuses (403) shows the permission error page', async () => {
    stubApi({ [LIST]: () => jsonResponse({ success: false }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have permissions to see this page.");
    expect(screen.queryByRole('heading', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  test('a list that cannot load says so', async () => {
    stubApi({ [LIST]: () => jsonResponse({ success: false }, 500) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(INVOICES_FAILED);
  });

  test('a download is busy, then saved under the name the server gives', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = stubApi({
      [LIST]: () => jsonResponse(list(2)),
      '/api/invoices/downloadInvoice/6/pdf': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download INV-000002 as PDF' }));
    const busy = screen.getByRole('button', { name: 'Download INV-000002 as PDF' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveTextContent('Downloading…');
    expect(screen.getByRole('button', { name: 'Download INV-000001 as CSV' })).toBeDisabled();
    answer(file('%PDF-1.7 ...', 'Calltrack_Invoice_INV-000002.pdf'));
    await vi.waitFor(() => expect(saved).toEqual(['Calltrack_Invoice_INV-000002.pdf']));
    expect(screen.getByRole('button', { name: 'Download INV-000002 as PDF' })).toHaveTextContent('PDF');
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/invoices/downloadInvoice/6/pdf')).toBe(true);
  });

  test('a file that is gone or empty: the download failure, dismissible; anything else: the general error', async () => {
    stubApi({
      [LIST]: () => jsonResponse(list(2)),
      '/api/invoices/downloadInvoice/6/pdf': () => jsonResponse({ success: false }, 404),
      '/api/invoices/downloadInvoice/7/csv': () => file('', 'Calltrack_Invoice_INV-000002.csv'),
      '/api/invoices/downloadInvoice/3/pdf': () => jsonResponse({ success: false }, 500),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download INV-000002 as PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download INV-000002 as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_FAILED);
    await user.click(screen.getByRole('button', { name: 'Download INV-000001 as PDF' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(INVOICES_FAILED));
    expect(saved).toEqual([]);
  });
});
