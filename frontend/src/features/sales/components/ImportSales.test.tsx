import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { SalesFilePreview, SalesImportHistory } from '../api';
import SalesSection from '../index';
import { HISTORY_FAILED } from './ImportHistoryPage';
import { RETRY_NOTE } from './ImportMappingPage';
import { chosenSalesFileProblem } from '../../../domain/sales';

const FILE_REQUIRED = chosenSalesFileProblem(null) as string;

async function noViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => v.id)).toEqual([]);
}

function history(canImport = true): SalesImportHistory {
  return {
    canImport,
    imports: [
      {
        id: 7,
        time: '23/11/2026 10:00 GMT',
        fileName: 'november.csv',
        user: 'Olivia Owen',
        sameReference: 'replace',
        imported: 120,
        skipped: 1,
        matched: 90,
        matchRate: 75,
        replaced: 2,
        undone: '',
      },
      {
        id: 6,
        time: '20/11/2026 09:00 GMT',
        fileName: 'old.xlsx',
        user: 'Olivia Owen',
        sameReference: 'combine',
        imported: 3,
        skipped: 0,
        matched: 0,
        matchRate: 0,
        replaced: 0,
        undone: '21/11/2026 09:00 GMT',
      },
    ],
  };
}

const PREVIEW: SalesFilePreview = {
  fileName: 'sales.csv',
  headers: ['Date', 'Phone', 'Amount', 'Order'],
  mapping: { date: 0, phone: 1, value: 2, reference: 3, callId: null },
  mappingErrors: {},
  rows: [
    { row: 2, cells: ['20/11/2026', '07700 900123', '100', 'A-1'], problem: null },
    { row: 3, cells: ['31/02/2026', '07700 900124', '5', 'A-2'], problem: "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD." },
  ],
  problems: [{ row: 3, problem: "'31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD." }],
  totalRows: 2,
  goodRows: 1,
  badRows: 1,
  canImport: true,
  choices: {
    matchBy: 'callerNumber',
    matchDays: 30,
    minDays: 1,
    maxDays: 90,
    matchByOptions: [
      { key: 'callerNumber', label: "The caller's number, within the days before the sale" },
      { key: 'callId', label: "The call's id, given with the sale" },
    ],
    sameReferenceOptions: [
      { key: 'combine', label: 'Add it: the earlier sale and this one both count' },
      { key: 'replace', label: "Replace the earlier sale's value with this one" },
    ],
    badRowsOptions: [
      { key: 'skip', label: 'Skip rows with problems and import the others' },
      { key: 'stop', label: 'Import nothing if any row has a problem' },
    ],
  },
};

const PAGES = { history: '/importsales', upload: '/importsales/upload', retry: '/importsales/fieldmapping/5/retry' };

function renderWith(page: keyof typeof PAGES, routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    '/api/importsales/getImports': () => jsonResponse(history()),
    '/api/importsales/upload': () => jsonResponse({ success: true, uploadId: 5, fileName: 'sales.csv' }),
    '/api/importsales/undoImport': () => jsonResponse({ success: true, removed: 120, restored: 2 }),
    '/api/importsales/preview': () => jsonResponse(PREVIEW),
    '/api/importsales/import': () =>
      jsonResponse({
        success: true,
        id: 8,
        imported: 2,
        skipped: 1,
        matched: 1,
        matchRate: 50,
        replaced: 0,
        problems: PREVIEW.problems,
        unmatched: [{ reference: 'INV-2', date: '21/11/2026', value: '£99.00', phone: '07700 900124' }],
      }),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[PAGES[page]]}>
      <main>
        <SalesSection title="Import sales" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const file = () => new File(['Date,Phone,Amount,Order\n'], 'sales.csv', { type: 'text/csv' });

describe('Import sales', () => {
  test('the history lists past imports with their match rate, and an import is undone after a confirmation', async () => {
    const { user, fetch } = renderWith('history');
    const row = (await screen.findByText('november.csv')).closest('tr')!;
    expect(row).toHaveTextContent('90 (75%)');
    expect(row).toHaveTextContent('Replaced 2 earlier sales');
    expect(screen.getByText('old.xlsx').closest('tr')).toHaveTextContent('Undone 21/11/2026 09:00 GMT');
    await noViolations();
    await user.click(screen.getByRole('button', { name: 'Undo the import of november.csv (23/11/2026 10:00 GMT)' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent('The 120 sales imported from november.csv will be deleted, and the earlier sales they replaced will count again.');
    await noViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Undo the import' }));
    expect(await screen.findByText('Undone: 120 sales of november.csv removed. 2 earlier sales it replaced count again.')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('undoImport'))![1]!.body as FormData;
    expect(body.get('form_import_id')).toBe('7');
  });

  test('a user below administrator sees the history only; an empty history and a failed load say so', async () => {
    renderWith('history', { '/api/importsales/getImports': () => jsonResponse({ canImport: false, imports: [] }) });
    expect(await screen.findByText('No sales files imported yet.')).toBeInTheDocument();
    expect(screen.getByText('Only administrators import sales files and undo imports.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import a sales file' })).toBeNull();
  });

  test('a failed history load says so', async () => {
    renderWith('history', { '/api/importsales/getImports': () => jsonResponse({}, 500) });
    expect(await screen.findByText(HISTORY_FAILED)).toBeInTheDocument();
  });

  test('a file is previewed with the guessed columns and each row’s problem, then imported with the match rate', async () => {
    const { user, fetch } = renderWith('upload');
    await user.upload(screen.getByLabelText('Sales file'), file());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByText('2 rows in sales.csv: 1 ready to import, 1 row has a problem.')).toBeInTheDocument();
    expect(screen.getByLabelText('Value (£)')).toHaveValue('2');
    expect(screen.getByLabelText('Call id')).toHaveValue('');
    expect(screen.getByText('31/02/2026').closest('tr')).toHaveTextContent('is not a date');
    await noViolations();
    await user.selectOptions(screen.getByLabelText('Call id'), '3');
    expect(screen.getByText('The columns changed: check the rows again to see their problems under them.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Call id'), '');
    expect(screen.queryByText(/The columns changed/)).toBeNull();
    await user.click(screen.getByLabelText("Replace the earlier sale's value with this one"));
    await user.click(screen.getByRole('button', { name: 'Import the sales' }));
    expect(await screen.findByText(/2 sales imported, 1 row with problems skipped\. 1 matched to a call: a match rate of 50%\./)).toBeInTheDocument();
    // The sale no call matched is named, to be looked into.
    const unmatched = screen.getByRole('list', { name: 'Not matched to a call' });
    expect(unmatched).toHaveTextContent('INV-2 · 21/11/2026 · £99.00 · 07700 900124');
    expect(screen.getByRole('link', { name: 'See the revenue by source in Track Sales' })).toHaveAttribute('href', '/tracksales');
    await noViolations();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('importsales/import'))![1]!.body as FormData;
    expect([body.get('form_column_value'), body.get('form_same_reference'), body.get('form_bad_rows')]).toEqual(['2', 'replace', 'skip']);
    expect(body.get('form_upload')).toBe('5');
    const sent = fetch.mock.calls.find(([url]) => String(url).includes('importsales/upload'))![1]!.body as FormData;
    expect((sent.get('form_file') as File).name).toBe('sales.csv');
  });

  test("the server's refusals land on the file and the fields", async () => {
    const { user } = renderWith('upload', {
      '/api/importsales/import': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { form_file: "Nothing was imported: 1 row has a problem. Row 3: '31/02/2026' is not a date: use DD/MM/YYYY or YYYY-MM-DD." },
          },
          422,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(screen.getByText(FILE_REQUIRED)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Sales file'), file());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    await user.click(await screen.findByLabelText('Import nothing if any row has a problem'));
    await user.click(screen.getByRole('button', { name: 'Import the sales' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Nothing was imported: 1 row has a problem. Row 3'));
    // The retry keeps the choice that stopped it.
    expect(screen.getByLabelText('Import nothing if any row has a problem')).toBeChecked();
  });

  test('an upload the server refuses says why on the file field', async () => {
    const { user } = renderWith('upload', {
      '/api/importsales/upload': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_file: 'The file must be a CSV or Excel file (.csv, .xlsx or .xls).' } }, 422),
    });
    await user.upload(screen.getByLabelText('Sales file'), file());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByText('The file must be a CSV or Excel file (.csv, .xlsx or .xls).')).toBeInTheDocument();
  });

  test('a retry opened afresh says why it is there', async () => {
    renderWith('retry');
    expect(await screen.findByRole('alert')).toHaveTextContent(RETRY_NOTE);
    expect(await screen.findByText('2 rows in sales.csv: 1 ready to import, 1 row has a problem.')).toBeInTheDocument();
    await noViolations();
  });

  test('a file no longer kept says so with the way back', async () => {
    const gone = 'That file is no longer here: files are kept for a week. Upload it again.';
    renderWith('retry', {
      '/api/importsales/preview': () => jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_upload: gone } }, 422),
    });
    expect(await screen.findByText(gone)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(RETRY_NOTE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Upload a sales file' })).toHaveAttribute('href', '/importsales/upload');
  });
});
