import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import { PoolsCard } from './PoolsCard';

const POOLS = {
  pools: [
    {
      id: 3,
      name: 'Website - Google Ads',
      numbers: ['01614960995', '01614960996'],
      servicePlan: 'Office hours',
      callRecording: true,
      provisioned: true,
    },
  ],
};

describe('PoolsCard', () => {
  test("the pools table is styled as the product's tables, in a scroll region on narrow screens", async () => {
    stubApi({ '/api/dynamicurls/getPools/7': () => jsonResponse(POOLS) });
    render(
      <MemoryRouter>
        <PoolsCard vcamId="7" />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Pools' });
    expect(table.closest('.data-table')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Pools table' })).toContainElement(table);
    const row = within(table).getByRole('row', { name: /Website - Google Ads/ });
    expect(row).toHaveTextContent('0161 496 0995, 0161 496 0996');
    expect(row).toHaveTextContent('Office hours');
    expect(within(row).getByRole('link', { name: 'Website - Google Ads' })).toHaveAttribute('href', '/dynamicurls/7/3');
  });
});
