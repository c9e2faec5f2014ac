import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import { numberRow, renderStatic } from './testUtils';

const pool = numberRow({
  id: 40,
  kind: 'pool',
  number: '0113 496 0100',
  poolId: 40,
  poolName: 'Website visitors',
  dynamicUrlId: 12,
  campaignId: 0,
  campaign: '',
  mediaDescription: '',
  channel: '',
  mediaOwner: '',
});

const table = () => screen.findByRole('table', { name: 'Tracked numbers' });
const rows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

describe('every tracked number', () => {
  test('lists static and pool numbers, each linking to its page', async () => {
    stubApi({ '/api/managenumbers/getNumbers': () => jsonResponse({ numbers: [numberRow(), pool], total: 2 }) });
    renderStatic('/numbers');
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    const t = await table();
    await waitFor(() => expect(rows(t)).toHaveLength(2));
    const [fixed, pooled] = rows(t);
    expect(within(fixed).getByRole('link', { name: '0161 496 0007' })).toHaveAttribute('href', '/numbers/7');
    expect(fixed).toHaveTextContent('Static');
    expect(fixed).toHaveTextContent('Spring sale');
    expect(within(pooled).getByRole('link', { name: '0113 496 0100' })).toHaveAttribute('href', '/dynamicurls/12/40');
    expect(pooled).toHaveTextContent('Pool number');
    expect(pooled).toHaveTextContent('Pool: Website visitors');
  });

  test('the search is the server’s, with the number as shown, and without a campaign', async () => {
    const fetch = stubApi({
      '/api/managenumbers/getNumbers': (_init, url) =>
        jsonResponse(url.searchParams.get('search') ? { numbers: [], total: 0 } : { numbers: [numberRow()], total: 1 }),
    });
    const user = renderStatic('/numbers');
    const t = await table();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', expect.stringContaining('0161 496'));
    await user.type(search, '0161 496');
    await waitFor(() => expect(t).toHaveTextContent('No tracked numbers found.'));
    const asked = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      page: '1',
      pageSize: '25',
      search: '0161 496',
      sort: 'bought',
      direction: 'desc',
    });
  });

  test('a failed load says so', async () => {
    stubApi({ '/api/managenumbers/getNumbers': () => jsonResponse({ success: false }, 500) });
    renderStatic('/numbers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong loading this page.');
  });
});
