// Test helpers of the campaigns and numbers pages.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AccountState } from '../../domain';
import { SnackbarProvider } from '../../components/Snackbar';
import { PhoneProvider } from '../../components/phone/PhoneProvider';
import { AccountProvider } from '../../lib/account';
import { account } from '../../test/fixtures';
import type { NumberLists, NumberRow } from './api';
import StaticSection from './index';

function Where() {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? '';
  return <output aria-label="location">{`${location.pathname}${location.search}${notice ? ` ${notice}` : ''}`}</output>;
}

/** The static section at `path`, mounted as the app mounts it. */
export function renderStatic(path: string | { pathname: string; state: unknown }, acc: AccountState = account()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <PhoneProvider>
            <Routes>
              <Route path="/campaigns/*" element={<StaticSection title="Campaigns" />} />
              <Route path="/numbers/*" element={<StaticSection title="Numbers" />} />
              <Route path="*" element={<h1>Elsewhere</h1>} />
            </Routes>
            <Where />
          </PhoneProvider>
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

export const where = () => document.querySelector('output[aria-label="location"]')?.textContent ?? '';

/** A posted form's fields; a repeated field (ids[]) as a list. */
export function postedForm(init: RequestInit | undefined): Record<string, string | string[]> {
  const form = init?.body as FormData;
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).map(String);
    out[key] = key.endsWith('[]') ? all : all[0];
  }
  return out;
}

export function numberRow(overrides: Partial<NumberRow> = {}): NumberRow {
  return {
    id: 7,
    kind: 'static',
    number: '0161 496 0007',
    poolId: 0,
    poolName: '',
    dynamicUrlId: 0,
    campaignId: 3,
    campaign: 'Spring sale',
    mediaDescription: 'Van signage',
    channelId: 11,
    channel: 'Print',
    mediaOwnerId: 31,
    mediaOwner: 'Reach plc',
    departmentId: 0,
    department: '',
    routing: { mode: 'plan', id: 5, label: 'Office hours' },
    callRecording: true,
    calls30Days: 4,
    createdAt: 1795165200,
    bought: '20/11/2026',
    status: 'live',
    statusLabel: 'Live',
    ...overrides,
  };
}

export const LISTS: NumberLists = {
  campaigns: [
    { id: 3, description: 'Spring sale' },
    { id: 4, description: 'Autumn' },
  ],
  channels: [{ id: 11, description: 'Print' }],
  mediaOwners: [{ id: 31, description: 'Reach plc' }],
  departments: [{ id: 21, description: 'Sales' }],
  canEdit: true,
};

export const validation = (errors: Record<string, string>) => ({ code: 'VALIDATION_FAILED', errors });
