import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import type { AccountState } from '../../domain';
import { trackingSnippet } from '../../domain/pages';
import { AccountProvider } from '../../lib/account';
import { callsTo, jsonResponse, stubApi, stubLocationAssign } from '../../test/fixtures';
import { professional } from '../../test/personas';
import type { DynamicUrl, Job } from './api/types';
import DynamicSection from './index';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

/** The dynamic URL pages at `path`, as the app's routes mount them. */
function renderAt(path: string, acc: AccountState = professional()) {
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={acc} setAccount={() => {}} reload={async () => {}}>
        <Routes>
          <Route path="/dynamicurls" element={<DynamicSection title="Dynamic URLs" />} />
          <Route path="/dynamicurls/:id" element={<DynamicSection title="Dynamic URL" />} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <Where />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { ...result, user: userEvent.setup() };
}

const CHECKED_AT = Date.UTC(2026, 10, 22, 6, 0) / 1000;

const HOME: DynamicUrl = {
  VcamID: 7,
  VcamDescription: 'Main website',
  VcamReference: 'ref-7',
  url: 'https://www.harbourlanedental.test/',
  // The server sends the whole finished job.
  previousDayCheck: { ...job(5, { mhct: 1, working: 1 }), checkedAt: CHECKED_AT },
};
const BOOKING: DynamicUrl = {
  VcamID: 8,
  VcamDescription: 'Booking site',
  VcamReference: 'ref-8',
  url: 'https://book.harbourlanedental.test/',
  previousDayCheck: null,
};

function job(WechStatus: number, found: { mhct?: 0 | 1; working?: 0 | 1 } = {}): Job {
  return {
    jobId: 31,
    VcamID: 7,
    WechStatus,
    WechMhct: found.mhct ?? 0,
    WechMhctWorking: found.working ?? 0,
    WechTagManager: 0,
    WechBingAds: 0,
    WechGoogleAds: 0,
    WechGoogleAnalytics: 0,
    WechHubSpot: 0,
    WechOptimizelyX: 0,
    WechMarin: 0,
    checkedAt: null,
    reason: null,
    lastGoodCheckAt: null,
  };
}

const urls = (list: DynamicUrl[]) => ({ '/api/admin/getDynamicUrls': () => jsonResponse({ dynamicUrls: list }) });

/** Answers checkJob with the statuses in turn. */
function jobSequence(jobs: Job[]) {
  let index = 0;
  return () => jsonResponse(jobs[Math.min(index++, jobs.length - 1)]);
}

async function flush(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function row(name: string) {
  return screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
}

describe('dynamic URLs', () => {
  test('lists the dynamic URLs with their last check', async () => {
    stubApi(urls([HOME, BOOKING]));
    renderAt('/dynamicurls');
    const table = await screen.findByRole('table', { name: 'Dynamic URLs' });
    const home = within(table).getByRole('rowheader', { name: 'Main website' }).closest('tr') as HTMLElement;
    expect(within(home).getByRole('link', { name: 'Main website' })).toHaveAttribute('href', '/dynamicurls/7');
    expect(home).toHaveTextContent('https://www.harbourlanedental.test/');
    expect(home).toHaveTextContent('Checked and working');
    expect(home).toHaveTextContent('Checked yesterday');
    expect(row('Booking site')).toHaveTextContent('Not checked yet');
  });

  test('an empty list says so', async () => {
    stubApi(urls([]));
    renderAt('/dynamicurls');
    expect(await screen.findByText('No dynamic URLs yet.')).toBeInTheDocument();
  });

  test('a failed list shows the error banner', async () => {
    stubApi({ '/api/admin/getDynamicUrls': () => jsonResponse({ success: false }, 500) });
    renderAt('/dynamicurls');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  test('a website check is polled every 5 seconds until it is checked and working, then offers Configure', async () => {
    const fetch = stubApi({
      ...urls([HOME]),
      '/api/admin/startJob/7': () => jsonResponse({ job: job(1), jobId: 31 }),
      '/api/admin/checkJob/31': jobSequence([job(3), job(4), job(5, { mhct: 1, working: 1 })]),
    });
    renderAt('/dynamicurls');
    const button = await screen.findByRole('button', { name: 'Check website for Main website' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await flush();
    const home = row('Main website');
    expect(within(home).getByRole('status')).toHaveTextContent('Queued');
    expect(within(home).getByRole('button', { name: /Check website/ })).toBeDisabled();

    await flush(4990);
    expect(callsTo(fetch, '/api/admin/checkJob/31')).toHaveLength(0);
    await flush(10);
    expect(callsTo(fetch, '/api/admin/checkJob/31')).toHaveLength(1);
    expect(within(home).getByRole('status')).toHaveTextContent('Loading website');
    await flush(5000);
    expect(within(home).getByRole('status')).toHaveTextContent('Checking scripts');
    await flush(5000);
    expect(within(home).getByRole('status')).toHaveTextContent('Checked and working');
    expect(within(home).getByRole('status')).not.toHaveClass('check-failed');
    expect(within(home).getByRole('link', { name: 'Configure Main website' })).toHaveAttribute('href', '/dynamicurls/7');

    await flush(20_000);
    expect(callsTo(fetch, '/api/admin/checkJob/31')).toHaveLength(3);
    fireEvent.click(within(home).getByRole('button', { name: 'Check again for Main website' }));
    await flush();
    expect(callsTo(fetch, '/api/admin/startJob/7/1')).toHaveLength(1);
  });

  test('a page without the tracking code fails the check and offers Connect', async () => {
    stubApi({
      ...urls([HOME]),
      '/api/admin/startJob/7': () => jsonResponse({ job: job(4), jobId: 31 }),
      '/api/admin/checkJob/31': jobSequence([job(5, { mhct: 0, working: 0 })]),
    });
    renderAt('/dynamicurls');
    const button = await screen.findByRole('button', { name: 'Check website for Main website' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await flush();
    await flush(5000);
    const status = within(row('Main website')).getByRole('status');
    expect(status).toHaveTextContent('Tracking code is not set up correctly');
    expect(status).toHaveClass('check-failed');
    expect(within(row('Main website')).getByRole('link', { name: 'Connect Main website' })).toHaveAttribute(
      'href',
      '/dynamicurls/7',
    );
  });

  test('a failed check says why in words and keeps the last good result beside it', async () => {
    const lastGood = Date.UTC(2026, 10, 20, 9, 0) / 1000;
    const unreachable = { ...job(2), reason: 'We could not reach www.example.co.uk', lastGoodCheckAt: lastGood };
    const gone = { ...job(6), reason: 'The site answered 404', lastGoodCheckAt: lastGood };
    stubApi({
      ...urls([HOME]),
      '/api/admin/startJob/7': () => jsonResponse({ job: job(3), jobId: 31 }),
      '/api/admin/checkJob/31': jobSequence([unreachable]),
      '/api/admin/startJob/7/1': () => jsonResponse({ job: gone, jobId: 32 }),
    });
    renderAt('/dynamicurls');
    const button = await screen.findByRole('button', { name: 'Check website for Main website' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await flush();
    await flush(5000);
    const home = row('Main website');
    const status = within(home).getByRole('status');
    // Not a bare 'Not checked': the reason, in red, and when it last worked.
    expect(status).toHaveTextContent('We could not reach www.example.co.uk');
    expect(status).toHaveClass('check-failed');
    expect(home).not.toHaveTextContent('Not checked');
    expect(within(home).getByText('Last found working: 20/11/2026')).toBeInTheDocument();

    fireEvent.click(within(home).getByRole('button', { name: 'Check again for Main website' }));
    await flush();
    expect(within(home).getByRole('status')).toHaveTextContent('Error checking website');
    expect(within(home).getByText('The site answered 404')).toBeInTheDocument();
    expect(within(home).getAllByText('Last found working: 20/11/2026').length).toBeGreaterThan(0);
  });

  test('the last check in the list shows its reason and the last good result', async () => {
    const failed: DynamicUrl = {
      ...HOME,
      previousDayCheck: {
        ...job(5),
        checkedAt: CHECKED_AT,
        reason: 'The tracking code was not found on the page',
        lastGoodCheckAt: null,
      },
    };
    stubApi(urls([failed]));
    renderAt('/dynamicurls');
    await screen.findByRole('table', { name: 'Dynamic URLs' });
    const home = row('Main website');
    expect(home).toHaveTextContent('Tracking code is not set up correctly');
    expect(within(home).getByText('The tracking code was not found on the page')).toBeInTheDocument();
    expect(within(home).getByText('Not found working before')).toBeInTheDocument();
  });

  test('when no job comes back the check is started again after 1 second', async () => {
    let starts = 0;
    const fetch = stubApi({
      ...urls([HOME]),
      '/api/admin/startJob/7': () =>
        jsonResponse(++starts === 1 ? { job: null, jobId: null } : { job: job(5, { mhct: 1, working: 1 }), jobId: 31 }),
    });
    renderAt('/dynamicurls');
    const button = await screen.findByRole('button', { name: 'Check website for Main website' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await flush(990);
    expect(callsTo(fetch, '/api/admin/startJob/7')).toHaveLength(1);
    await flush(10);
    expect(callsTo(fetch, '/api/admin/startJob/7')).toHaveLength(2);
    expect(within(row('Main website')).getByRole('status')).toHaveTextContent('Checked and working');
  });

  test('leaving the page stops the polling', async () => {
    const fetch = stubApi({
      ...urls([HOME]),
      '/api/admin/startJob/7': () => jsonResponse({ job: job(1), jobId: 31 }),
      '/api/admin/checkJob/31': () => jsonResponse(job(3)),
    });
    const { unmount } = renderAt('/dynamicurls');
    const button = await screen.findByRole('button', { name: 'Check website for Main website' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(button);
    await flush();
    unmount();
    await flush(30_000);
    expect(callsTo(fetch, '/api/admin/checkJob/31')).toHaveLength(0);
  });

  test('Tag manager: not yet authorised goes to the OAuth start', async () => {
    const assign = stubLocationAssign();
    stubApi({
      ...urls([HOME]),
      '/api/tagmanager/auth/7': () => jsonResponse({ status: false, authUrl: '/sandbox/oauth/authorize?tm=7' }),
    });
    const { user } = renderAt('/dynamicurls');
    await user.click(await screen.findByRole('button', { name: 'Tag manager for Main website' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/oauth/authorize?tm=7'));
  });

  test('Tag manager: authorised opens the setup dialog', async () => {
    stubApi({
      ...urls([HOME]),
      '/api/tagmanager/auth/7': () => jsonResponse({ status: true, authUrl: null }),
      '/api/tagmanager/accounts': () => jsonResponse({ accounts: [] }),
    });
    const { user } = renderAt('/dynamicurls');
    await user.click(await screen.findByRole('button', { name: 'Tag manager for Main website' }));
    expect(await screen.findByRole('dialog', { name: 'Tag manager setup' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('coming back from the tag manager consent (?tagmanager=7) opens the dialog at once', async () => {
    stubApi({ ...urls([HOME]), '/api/tagmanager/accounts': () => jsonResponse({ accounts: [] }) });
    const { user } = renderAt('/dynamicurls?tagmanager=7');
    const dialog = await screen.findByRole('dialog', { name: 'Tag manager setup' }, { timeout: 10_000 });
    await user.click(within(dialog).getAllByRole('button', { name: /Close|Cancel/ })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/dynamicurls$/);
  });

  test('a user who may not manage integrations cannot start checks', async () => {
    stubApi(urls([HOME]));
    renderAt('/dynamicurls', professional({ userAuthCode: 10, isAdministrator: false, canEditNumbersCampaigns: false }));
    expect(await screen.findByRole('button', { name: 'Check website for Main website' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tag manager for Main website' })).toBeDisabled();
  });
});

describe('a dynamic URL page', () => {
  test('shows the address, the tracking code with Copy, and the website check', async () => {
    stubApi(urls([HOME, BOOKING]));
    const { user } = renderAt('/dynamicurls/8');
    expect(await screen.findByRole('heading', { level: 2, name: 'Booking site' })).toBeInTheDocument();
    expect(screen.getByText('https://book.harbourlanedental.test/')).toBeInTheDocument();
    const snippet = trackingSnippet(window.location.origin, 'ref-8');
    expect(snippet).toContain('ref-8');
    expect(screen.getByText(snippet)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event puts its own clipboard in place.
    expect(await navigator.clipboard.readText()).toBe(snippet);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check website for Booking site' })).toBeEnabled();
  });

  test('an unknown id says the dynamic URL was not found', async () => {
    stubApi(urls([HOME]));
    renderAt('/dynamicurls/99');
    expect(await screen.findByText('This dynamic URL was not found.')).toBeInTheDocument();
  });
});
