// Test helpers of the routing list and connect pages.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountState } from '../../../domain';
import { PurchaseProvider } from '../../../components/purchase/PurchaseContext';
import { PhoneProvider } from '../../../components/phone/PhoneProvider';
import { AccountProvider } from '../../../lib/account';
import { account } from '../../../test/fixtures';
import type { RoutingRow } from '../api/rows';
import { AdvancedConnect } from './AdvancedConnect';
import { BasicConnect } from './BasicConnect';
import { RoutingList } from './RoutingList';

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

export const ADVANCED_SCOPES = ['routing_time_of_day', 'routing_intro', 'routing_whisper'];

/** An account owner on Professional: routing_simple and advanced routing scopes. */
export function professional(overrides: Partial<AccountState> = {}): AccountState {
  const base = account();
  return account({ packageScopes: [...base.packageScopes, ...ADVANCED_SCOPES], ...overrides });
}

/** An account owner on Starter: routing_simple only. */
export function starter(overrides: Partial<AccountState> = {}): AccountState {
  return account({ packageName: 'Starter', packageScopes: ['routing_simple'], addonScopes: [], ...overrides });
}

/** The routing pages at `path`, mounted as the app's routes mount them. */
export function renderRouting(path: string | { pathname: string; state: unknown }, acc: AccountState = professional()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <PurchaseProvider>
          <PhoneProvider>
            <Routes>
              <Route path="/routing" element={<RoutingList title="Call routing" />} />
              <Route path="/routing/numbers" element={<BasicConnect title="Connect numbers" />} />
              <Route path="/routing/numbers/advanced" element={<AdvancedConnect title="Advanced routing" />} />
              <Route path="/routing/audio" element={<h1>Audio</h1>} />
              <Route path="/routing/ivrs" element={<h1>IVRs</h1>} />
              <Route path="/routing/history" element={<h1>Routing history</h1>} />
              <Route path="/upgradepackage" element={<h1>Upgrade package</h1>} />
            </Routes>
            <Where />
          </PhoneProvider>
        </PurchaseProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

let nextId = 500;

export function routingRow(overrides: Partial<RoutingRow> = {}): RoutingRow {
  const id = overrides.id ?? nextId++;
  return {
    id,
    type: 'static',
    numberPool: `0161496${String(id).padStart(4, '0')}`,
    description: `Google Ads - Manchester ${id}`,
    planDescription: '',
    planId: 0,
    callRecording: 0,
    hasAudio: false,
    destination: '',
    introAudio: 0,
    whisperAudio: 0,
    dynamicWhisperAudio: 0,
    midCallDivert: 0,
    attributionId: 0,
    attributionDtmfIvrId: 0,
    midCallAttribution: 0,
    midCallAudio: 'None',
    postUrl: '',
    provisioned: true,
    ...overrides,
  };
}

/** The fields of a multipart post. */
export function posted(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(Array.from((init?.body as FormData).entries(), ([k, v]) => [k, String(v)]));
}

/**
 * A stand-in for getNumbersList that pages, searches (description, number or pool, plan) and
 * sorts by number or pool as the server does, so the list's requests are answered for real.
 */
export function numbersList(rows: RoutingRow[]) {
  return (_init: RequestInit | undefined, url: URL) => {
    const params = url.searchParams;
    const search = (params.get('search') ?? '').toLowerCase();
    const found = rows
      .filter((row) => `${row.numberPool} ${row.description} ${row.planDescription}`.toLowerCase().includes(search))
      .sort((a, b) => a.numberPool.toLowerCase().localeCompare(b.numberPool.toLowerCase()));
    if (params.get('direction') === 'desc') found.reverse();
    const size = params.get('pageSize') === 'all' ? found.length : Number(params.get('pageSize') ?? found.length);
    const page = Number(params.get('page') ?? 1);
    const numbers = found.slice((page - 1) * size, page * size);
    return new Response(JSON.stringify({ numbers, total: found.length }), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
