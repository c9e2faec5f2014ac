import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import { ServicesPage, type Service } from './ServicesPage';

const card = (overrides: Partial<Service>): Service => ({
  id: 'static',
  name: 'Static numbers',
  prices: { price: 5, billing_frequency: 'month' },
  amount: '50 of your 350 included static numbers left',
  onlineStatus: 2,
  marketing: 'A number for each advert.',
  findOutMore: '/pricing',
  details: [],
  ...overrides,
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/services']}>
      <ServicesPage title="Add services" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the services page', () => {
  test('a card per service: price, amount, online text, marketing, Find out more and Buy now', async () => {
    stubApi({
      '/api/services/getDetails': () =>
        jsonResponse({ services: [card({}), card({ id: 'dynamic', name: 'Dynamic URLs', onlineStatus: 1 })] }),
    });
    renderPage();
    const statics = await screen.findByRole('region', { name: 'Static numbers' });
    expect(statics).toHaveTextContent('£5 per month');
    expect(statics).toHaveTextContent('Online / offline');
    expect(within(statics).getByRole('link', { name: 'Find out more' })).toHaveAttribute('href', '/pricing');
    expect(within(statics).getByRole('link', { name: 'Buy now: Static numbers' })).toHaveAttribute('href', '/services/static');
    const dynamic = screen.getByRole('region', { name: 'Dynamic URLs' });
    expect(dynamic).toHaveTextContent('Online only');
    expect(within(dynamic).getByRole('link', { name: 'Buy now: Dynamic URLs' })).toHaveAttribute('href', '/services/dynamic');
  });

  test('the pool card offers a Buy now per dynamic URL once a campaign is to be selected', async () => {
    stubApi({
      '/api/services/getDetails': () =>
        jsonResponse({
          services: [card({ id: 'dynamicPool', name: 'Dynamic pools', onlineStatus: 0, details: [{ name: 'Main website', id: 1 }] })],
        }),
    });
    const user = renderPage();
    const pools = await screen.findByRole('region', { name: 'Dynamic pools' });
    expect(pools).toHaveTextContent('Offline only');
    await user.click(within(pools).getByRole('button', { name: 'Select campaign' }));
    expect(within(pools).getByRole('link', { name: 'Buy now for Main website' })).toHaveAttribute('href', '/services/dynamic/1');
  });

  test('a refusal (403) shows the permission error page', async () => {
    stubApi({ '/api/services/getDetails': () => jsonResponse({ success: false }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
  });
});
