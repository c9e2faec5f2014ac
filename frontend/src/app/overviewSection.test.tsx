import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { AccountState } from '../domain';
import { integrationAnswers } from '../features/integrations/test-utils';
import { AccountProvider } from '../lib/account';
import { callsTo, jsonResponse, stubApi } from '../test/fixtures';
import { professional } from '../test/personas';
import OverviewSection from './overviewSection';

const HOME = {
  VcamID: 7,
  VcamDescription: 'Main website',
  VcamReference: 'ref-7',
  url: 'https://www.harbourlanedental.test/',
  previousDayCheck: null,
};

function renderHome(acc: AccountState) {
  const fetch = stubApi({
    ...integrationAnswers(),
    '/api/admin/getDynamicUrls': () => jsonResponse({ dynamicUrls: [HOME] }),
  });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <OverviewSection title="Integrate" />
      </AccountProvider>
    </MemoryRouter>,
  );
  return fetch;
}

describe('the home page', () => {
  test('shows the dynamic URLs under the integrations', async () => {
    renderHome(professional());
    const region = screen.getByRole('region', { name: 'Dynamic URLs' });
    const table = await within(region).findByRole('table', { name: 'Dynamic URLs' });
    expect(within(table).getByRole('rowheader', { name: 'Main website' })).toBeInTheDocument();
  });

  test('without dynamic the dynamic URLs are neither shown nor fetched', async () => {
    const fetch = renderHome(professional({ hasDynamic: false }));
    await screen.findByRole('region', { name: 'Your integrations' });
    expect(screen.queryByRole('region', { name: 'Dynamic URLs' })).toBeNull();
    expect(callsTo(fetch, '/api/admin/getDynamicUrls')).toHaveLength(0);
  });
});
