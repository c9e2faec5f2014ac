import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { LeadReports } from '../api';
import { ReportsPage } from './ReportsPage';

const REPORT: LeadReports = {
  accounts: [
    { id: 300, name: 'Atlas Insurance Group', since: '23/11/2025' },
    { id: 100, name: 'Harbour Lane Dental', since: '23/11/2025' },
  ],
  months: [
    { month: '2026-10', label: 'October 2026', shortLabel: 'Oct 26' },
    { month: '2026-11', label: 'November 2026', shortLabel: 'Nov 26' },
  ],
  rows: [
    { accountId: 300, accountName: 'Atlas Insurance Group', month: '2026-11', monthLabel: 'November 2026', calls: 10, qualifiedLeads: 4 },
    { accountId: 100, accountName: 'Harbour Lane Dental', month: '2026-11', monthLabel: 'November 2026', calls: 30, qualifiedLeads: 12 },
  ],
  qualifiedLeadSeconds: 60,
};

function renderPage() {
  render(
    <MemoryRouter>
      <ReportsPage title="Reports" />
    </MemoryRouter>,
  );
}

describe('lead reports', () => {
  test('names the supplied accounts, totals the year and tables each account and month', async () => {
    stubApi({ '/api/technologypartner/getReports': () => jsonResponse(REPORT) });
    renderPage();
    expect(await screen.findByText('Harbour Lane Dental, since 23/11/2025')).toBeInTheDocument();
    expect(screen.getByText(/40 calls, 16 qualified leads \(40%\)/)).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Calls and qualified leads per month, October 2026 to November 2026' });
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    const table = screen.getByRole('table', { name: 'Calls and qualified leads per account per month' });
    const harbour = within(table).getByText('Harbour Lane Dental').closest('tr')!;
    expect(within(harbour).getByText('30')).toBeInTheDocument();
    expect(within(harbour).getByText('40%')).toBeInTheDocument();
  });

  test('without accounts or calls it says so', async () => {
    stubApi({ '/api/technologypartner/getReports': () => jsonResponse({ ...REPORT, accounts: [], rows: [] }) });
    renderPage();
    expect(await screen.findByText('You do not supply leads to any accounts yet.')).toBeInTheDocument();
    expect(screen.getByText('No calls in the last 12 months.')).toBeInTheDocument();
  });
});
