import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AccountState } from '../../domain';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import { Shell } from './Shell';

const SPLASH = { id: 4, title: 'New: call scoring', body: 'Score your calls.\n<b>Not HTML</b>' };

const RESOLUTION = {
  path: '/',
  pattern: '/',
  title: 'Integrate',
  section: 'overview',
  external: false,
  menuParent: null,
  menuPath: '/',
};

function renderShell(acc: AccountState) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <Shell resolution={RESOLUTION}>
          <h1>Integrate</h1>
        </Shell>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

function acknowledgements(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls.filter(([url]) => url === '/api/handleajax/acknowledgesplashscreen/');
}

describe('the splash screen', () => {
  beforeEach(() => sessionStorage.clear());

  test('shows its title and plain-text body; Got it acknowledges it and closes', async () => {
    const fetch = stubApi({ '/api/handleajax/acknowledgesplashscreen/': () => jsonResponse({ success: true }) });
    const user = renderShell(account({ splashScreen: SPLASH }));
    const dialog = await screen.findByRole('dialog', { name: 'New: call scoring' });
    expect(within(dialog).getByText(/Score your calls\./)).toHaveTextContent('<b>Not HTML</b>');
    expect(dialog.querySelector('b')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(acknowledgements(fetch)).toHaveLength(1));
    const body = acknowledgements(fetch)[0][1]?.body as FormData;
    expect(body.get('id')).toBe('4');
    expect(sessionStorage.getItem('splashScreenDismissed:4')).toBe('1');
  });

  test('closes even when the acknowledgement fails', async () => {
    const fetch = stubApi({ '/api/handleajax/acknowledgesplashscreen/': () => jsonResponse({ success: false }, 500) });
    const user = renderShell(account({ splashScreen: SPLASH }));
    await screen.findByRole('dialog', { name: 'New: call scoring' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(acknowledgements(fetch)).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Integrate' })).toBeInTheDocument();
  });

  test('a tab that dismissed it does not show it again', async () => {
    stubApi({});
    sessionStorage.setItem('splashScreenDismissed:4', '1');
    renderShell(account({ splashScreen: SPLASH }));
    // The splash screen loads on its own: once it has, it still shows nothing.
    await act(async () => {
      await import('./SplashScreen');
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('no splash screen, no dialog', () => {
    stubApi({});
    renderShell(account());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
