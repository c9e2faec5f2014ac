import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { Rewards } from '../api';
import { renderPartner } from '../test-utils';

const REWARDS: Rewards = {
  byMonth: [
    { key: 2, label: 'November 2026', shortLabel: 'Nov 26', invoices: 1, netPence: 12_345, rewardPence: 2_469 },
    { key: 1, label: 'October 2026', shortLabel: 'Oct 26', invoices: 2, netPence: 14_995, rewardPence: 2_500 },
  ],
  byClient: [
    { key: 601, label: 'Greenway Garden Centre', shortLabel: 'Greenway Garden Centre', invoices: 1, netPence: 4_995, rewardPence: 500 },
    { key: 602, label: 'Riverside Veterinary Practice', shortLabel: 'Riverside Veterinary Practice', invoices: 2, netPence: 22_345, rewardPence: 4_469 },
  ],
  totalNetPence: 27_340,
  totalRewardPence: 4_969,
  programmes: [
    { programme: 'reseller', approved: true, rate: '20%', signedOn: '19/10/2025' },
    { programme: 'referrer', approved: true, rate: '10%', signedOn: '19/10/2025' },
  ],
};

describe('partner rewards', () => {
  test('shows the rates, totals, and the tables by month and by client', async () => {
    stubApi({ '/api/partnerportal/getRewards': () => jsonResponse(REWARDS) });
    renderPartner('/partner/rewards');
    expect(await screen.findByText('Reseller margin 20% · Referral fee 10%')).toBeInTheDocument();
    const byClient = screen.getByRole('table', { name: 'By client' });
    const riverside = within(byClient).getByText('Riverside Veterinary Practice').closest('tr')!;
    expect(within(riverside).getByText('£223.45')).toBeInTheDocument();
    expect(within(riverside).getByText('£44.69')).toBeInTheDocument();
    const total = within(screen.getByRole('table', { name: 'By month' })).getByText('Total').closest('tr')!;
    expect(within(total).getByText('£49.69')).toBeInTheDocument();
    expect(within(total).getByText('3')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Rewards per month, October 2026 to November 2026 (figures in the By month table)' });
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['Oct 26', 'Nov 26']);
    expect(chart.querySelector('title')).toHaveTextContent('Oct 26: £25.00 reward');
  });

  test('before any invoice it says rewards will come', async () => {
    stubApi({
      '/api/partnerportal/getRewards': () =>
        jsonResponse({ ...REWARDS, byMonth: [], byClient: [], totalNetPence: 0, totalRewardPence: 0 }),
    });
    renderPartner('/partner/rewards');
    expect(await screen.findByText(/rewards appear here once they are invoiced/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
