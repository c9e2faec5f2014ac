import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import type { PoolPageData } from './api/poolPage';
import DynamicSection from './index';

const NOW = Date.UTC(2026, 10, 23, 10, 0) / 1000;

function page(overrides: Partial<PoolPageData['health']> = {}, canBuy = true): PoolPageData {
  return {
    id: 301,
    name: 'Website - Google Ads',
    dynamicUrlId: 1,
    dynamicUrl: 'Main website',
    numbers: [
      { number: '0161 496 0995', callsLast30Days: 2 },
      { number: '0161 496 0999', callsLast30Days: 5 },
    ],
    health: {
      visits: 337,
      peakHourlyVisitors: 41,
      ownNumberPercent: 70,
      unattributedCalls: 1,
      sessionMinutes: 30,
      marginPercent: 20,
      poolSize: 5,
      recommendedSize: 26,
      missingNumbers: 21,
      healthy: false,
      verdict: 'Too small: only 70% of visitors got a number of their own and 1 call could not be attributed. Add 21 numbers.',
      suspectedAbuseVisits: 0,
      suspectedAbuse: null,
      ...overrides,
    },
    windowFrom: NOW - 72 * 3600,
    windowTo: NOW,
    canBuy,
    numbersPerPool: 5,
    extraNumbers: canBuy && (overrides.missingNumbers ?? 21) > 0 ? { count: 21, unitPricePence: 500, note: NOTE } : null,
  };
}

const NOTE =
  '21 more numbers for Website - Google Ads: £5 each per quarter, £105 per quarter in all. Billing starts when you buy them.';

function renderPool() {
  return render(
    <MemoryRouter initialEntries={['/dynamicurls/1/301']}>
      <AccountProvider account={account()} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/dynamicurls/:id/:pool" element={<DynamicSection title="Dynamic pool" />} />
        </Routes>
      </AccountProvider>
    </MemoryRouter>,
  );
}

describe('PoolPage', () => {
  test('shows the health figure, the window it covers and the numbers with their calls', async () => {
    stubApi({ '/api/dynamicurls/getPool/1/301': () => jsonResponse(page()) });
    renderPool();
    expect(await screen.findByRole('heading', { name: 'Pool health' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Too small: only 70% of visitors');
    const figures = screen.getByRole('heading', { name: 'Pool health' }).closest('section')!;
    expect(within(figures).getByText('Peak hourly visitors').nextSibling).toHaveTextContent('41');
    expect(within(figures).getByText('Visits with a number of their own').nextSibling).toHaveTextContent('70%');
    expect(within(figures).getByText('Calls not attributed (pool ran dry)').nextSibling).toHaveTextContent('1');
    expect(within(figures).getByText('Recommended size').nextSibling).toHaveTextContent('26');
    expect(figures).toHaveTextContent('From the visits stored for the last 72 hours');
    const table = screen.getByRole('table', { name: 'Pool numbers' });
    expect(within(table).getByRole('row', { name: /0161 496 0999/ })).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Main website' })).toHaveAttribute('href', '/dynamicurls/1');
  });

  test('a healthy pool, or a user who may not buy, has no buy button', async () => {
    stubApi({
      '/api/dynamicurls/getPool/1/301': () =>
        jsonResponse(page({ healthy: true, missingNumbers: 0, verdict: 'Healthy: 100% of visitors got a number of their own.' })),
    });
    renderPool();
    expect(await screen.findByText('Healthy: 100% of visitors got a number of their own.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  test('Buy adds the recommended numbers to this pool: the price first, then the terms', async () => {
    let bought = false;
    const fetch = stubApi({
      '/api/dynamicurls/getPool/1/301': () =>
        jsonResponse(bought ? page({ healthy: true, missingNumbers: 0, poolSize: 26 }) : page()),
      '/api/dynamicurls/addPoolNumbers/1/301': () => {
        bought = true;
        return jsonResponse({ success: true, numbers: [] });
      },
    });
    renderPool();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buy 21 more numbers' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy 21 more numbers' });
    expect(dialog).toHaveTextContent(NOTE);
    expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I accept the terms and conditions'));
    await user.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('21 numbers were added to Website - Google Ads.')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([u]) => String(u).includes('addPoolNumbers'))?.[1]?.body as FormData;
    expect([body.get('count'), body.get('terms')]).toEqual(['21', '1']);
    expect(screen.queryByRole('button', { name: /Buy \d+ more/ })).not.toBeInTheDocument();
  });

  test('visits left out as suspected abuse are said apart from the figures', async () => {
    const words = 'Suspected abuse: 27 visits from addresses that already held 3 numbers each were shown a shared number and are left out of these figures.';
    stubApi({ '/api/dynamicurls/getPool/1/301': () => jsonResponse(page({ suspectedAbuseVisits: 27, suspectedAbuse: words })) });
    renderPool();
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  test('no suspected abuse, no warning about it', async () => {
    stubApi({ '/api/dynamicurls/getPool/1/301': () => jsonResponse(page()) });
    renderPool();
    await screen.findByRole('heading', { name: 'Pool health' });
    expect(screen.queryByText(/Suspected abuse/)).not.toBeInTheDocument();
  });

  test('a pool that is not found says the page could not be loaded', async () => {
    stubApi({});
    renderPool();
    expect(await screen.findByRole('alert')).toHaveTextContent("This pool's page could not be loaded.");
  });
});
