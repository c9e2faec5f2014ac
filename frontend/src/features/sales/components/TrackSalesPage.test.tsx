import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { TrackSalesPage as Data } from '../api';
import { LOAD_FAILED, TrackSalesPage } from './TrackSalesPage';

function page(canEdit = true): Data {
  return {
    canEdit,
    matching: {
      matchBy: 'callerNumber',
      matchDays: 30,
      minDays: 1,
      maxDays: 90,
      options: [
        { key: 'callerNumber', label: "The caller's number, within the days before the sale" },
        { key: 'callId', label: "The call's id, given with the sale" },
      ],
    },
    firstDay: '2026-10-25',
    lastDay: '2026-11-23',
    sales: 3,
    matched: 2,
    matchRate: 67,
    revenue: '2,310.50',
    bySource: [
      { label: 'google / cpc', sales: 2, revenue: '2,100.00' },
      { label: '', sales: 1, revenue: '210.50' },
    ],
    byCampaign: [{ label: 'Implants', sales: 3, revenue: '2,310.50' }],
    latest: [
      {
        id: 8,
        time: '22/11/2026 10:00 GMT',
        phone: '07700 900123',
        reference: 'HLD-IMP-1',
        value: '1,500.00',
        callId: 41,
        credited: 'google / cpc',
      },
      { id: 9, time: '21/11/2026 09:00 GMT', phone: '', reference: '', value: '210.50', callId: null, credited: '' },
    ],
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}, canEdit = true) {
  const fetch = stubApi({
    '/api/tracksales/getSales': () => jsonResponse(page(canEdit)),
    '/api/tracksales/saveMatching': () => jsonResponse({ success: true, matched: 1 }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <TrackSalesPage title="Track sales" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe('the Track Sales page', () => {
  test('shows the period, the revenue by source and campaign, and the latest sales with their calls', async () => {
    renderPage();
    expect(await screen.findByText(/25\/10\/2026 to 23\/11\/2026: 3 sales, £2,310.50; 67% matched to a call\./)).toBeInTheDocument();
    const bySource = screen.getByRole('table', { name: 'Revenue by source / medium' });
    expect(within(bySource).getByText('google / cpc').closest('tr')).toHaveTextContent('2,100.00');
    expect(within(bySource).getByText('No source (not matched)')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue by campaign' })).toHaveTextContent('Implants');
    expect(screen.getByRole('link', { name: 'The call of sale HLD-IMP-1' })).toHaveAttribute('href', '/reports?call=41');
    expect(screen.getByText('Not matched')).toBeInTheDocument();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('the matching is saved, the sales matched again, and a refusal lands on its field', async () => {
    const { user, fetch } = renderPage();
    const form = await screen.findByRole('form', { name: 'How sales are matched to calls' });
    await user.clear(within(form).getByLabelText('Days before the sale'));
    await user.type(within(form).getByLabelText('Days before the sale'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save and match again' }));
    expect(await screen.findByText('Saved. 1 sale now matches a call.')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('saveMatching'))![1]!.body as FormData;
    expect([body.get('form_match_by'), body.get('form_match_days')]).toEqual(['callerNumber', '7']);
  });

  test("the server's message shows on the days", async () => {
    const { user } = renderPage({
      '/api/tracksales/saveMatching': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { form_match_days: 'Days must be a whole number from 1 to 90.' } },
          422,
        ),
    });
    const form = await screen.findByRole('form', { name: 'How sales are matched to calls' });
    await user.click(within(form).getByRole('button', { name: 'Save and match again' }));
    expect(await within(form).findByText('Days must be a whole number from 1 to 90.')).toBeInTheDocument();
  });

  test('a period is asked of the server; a user below administrator cannot change the matching', async () => {
    const { user, fetch } = renderPage({}, false);
    await screen.findByRole('table', { name: 'Revenue by campaign' });
    expect(screen.queryByRole('button', { name: 'Save and match again' })).toBeNull();
    expect(screen.getByLabelText('Days before the sale')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Period'), 'lastMonth');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('getSales?preset=lastMonth'))).toBe(true),
    );
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/tracksales/getSales': () => jsonResponse({}, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });
});
