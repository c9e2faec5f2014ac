import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { AccountProvider } from '../../../lib/account';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import RoutingSection from '../index';
import { saveSelection } from '../../../lib/routingSelection';
import { numbersList, professional, routingRow } from './connectTestUtils';

function renderSection(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={professional()} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/routing" element={<RoutingSection title="Call routing" />} />
          <Route path="/routing/numbers" element={<RoutingSection title="Connect numbers" />} />
          <Route path="/routing/numbers/advanced" element={<RoutingSection title="Advanced routing" />} />
          <Route path="/routing/audio" element={<RoutingSection title="Audio" />} />
          <Route path="/routing/ivrs" element={<RoutingSection title="IVRs" />} />
          <Route path="/routing/history" element={<RoutingSection title="Routing history" />} />
        </Routes>
      </AccountProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => sessionStorage.clear());

describe('Routing section', () => {
  test('/routing is the list', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': numbersList([routingRow({ id: 1 })]) });
    renderSection('/routing/');
    expect(await screen.findByRole('table', { name: 'Call routing' })).toBeInTheDocument();
  });

  test('/routing/numbers is the basic connect page', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [routingRow({ id: 1 })], hasOnlyBasicFeatures: true }),
    });
    renderSection('/routing/numbers');
    expect(await screen.findByRole('form', { name: 'Connect numbers' })).toBeInTheDocument();
  });

  test('/routing/numbers/advanced is the advanced page', async () => {
    saveSelection([1]);
    stubApi({
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [routingRow({ id: 1 })], hasOnlyBasicFeatures: false }),
    });
    renderSection('/routing/numbers/advanced');
    expect(await screen.findByRole('form', { name: 'Advanced routing' })).toBeInTheDocument();
  });

  test('/routing/audio is the audio list', async () => {
    stubApi({ '/api/manageaudios/getAudioList': () => jsonResponse({ audioList: [] }) });
    renderSection('/routing/audio');
    expect(screen.getByRole('heading', { level: 1, name: 'Audio' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Call routing' })).not.toBeInTheDocument();
  });

  test('/routing/ivrs is the IVRs list', async () => {
    stubApi({ '/api/manageivrrouting/getIvrOverview': () => jsonResponse({ ivrs: [] }) });
    renderSection('/routing/ivrs');
    expect(screen.getByRole('heading', { level: 1, name: 'IVRs' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'IVRs' })).toBeInTheDocument();
  });

  test('/routing/history is the routing history', async () => {
    stubApi({ '/api/routinghistory/getChanges': () => jsonResponse({ changes: [], total: 0 }) });
    renderSection('/routing/history');
    expect(screen.getByRole('heading', { level: 1, name: 'Routing history' })).toBeInTheDocument();
    expect(await screen.findByText('No routing changes yet.')).toBeInTheDocument();
  });
});
