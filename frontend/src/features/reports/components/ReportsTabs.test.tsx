import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { AccountState } from '../../../domain';
import { AccountProvider } from '../../../lib/account';
import { account } from '../../../test/fixtures';
import { ReportsTabs } from './ReportsTabs';

function tabs(of: AccountState) {
  const { unmount } = render(
    <MemoryRouter>
      <AccountProvider account={of} setAccount={() => {}} reload={async () => {}}>
        <ReportsTabs />
      </AccountProvider>
    </MemoryRouter>,
  );
  const names = within(screen.getByRole('navigation', { name: 'Reports' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
  unmount();
  return names;
}

describe("the reports' tabs", () => {
  test("a group account's reports have a Clinics tab", () => {
    expect(tabs(account({ isGroupAccount: true }))).toEqual(['Call log', 'Dashboard', 'Ad spend', 'Clinics']);
  });

  test('a clinic, and a group user without reports, have none', () => {
    expect(tabs(account())).toEqual(['Call log', 'Dashboard', 'Ad spend']);
    expect(tabs(account({ isGroupAccount: true, canAccessReports: false }))).not.toContain('Clinics');
  });
});
