import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { FirstRunStep } from '../api/getFirstRun';
import { FirstRunChecklist } from './FirstRunChecklist';

function step(key: string, title: string, done: boolean, link: string, linkLabel: string): FirstRunStep {
  return { key, title, detail: `${title}: detail`, done, link, linkLabel };
}

function steps(done: [boolean, boolean, boolean]): FirstRunStep[] {
  return [
    step('number', 'Get your first tracked number', done[0], '/services/static', 'Buy a number'),
    step('hours', 'Set your opening hours', done[1], '/routing', 'Open routing'),
    step('trackingCode', 'Add the tracking code to your website', done[2], '/dynamicurls/7', 'Get the tracking code'),
  ];
}

function renderChecklist(done: [boolean, boolean, boolean], customerId = 900) {
  const fetch = stubApi({ '/api/overview/getFirstRun': () => jsonResponse({ steps: steps(done) }) });
  const view = render(
    <MemoryRouter>
      <FirstRunChecklist customerId={customerId} />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch, ...view };
}

beforeEach(() => localStorage.clear());

describe('the first-run checklist', () => {
  test('a new account sees three steps to do, each with the way to do it', async () => {
    renderChecklist([false, false, false]);
    const list = await screen.findByRole('region', { name: 'Get started' });
    expect(list).toHaveTextContent('0 of 3 steps done.');
    expect(within(list).getByRole('heading', { name: /^Get your first tracked number\s*\(to do\)$/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Buy a number' })).toHaveAttribute('href', '/services/static');
    expect(within(list).getByRole('link', { name: 'Open routing' })).toHaveAttribute('href', '/routing');
    expect(within(list).getByRole('link', { name: 'Get the tracking code' })).toHaveAttribute('href', '/dynamicurls/7');
  });

  test('a done step is ticked and offers nothing more', async () => {
    renderChecklist([true, false, false]);
    const list = await screen.findByRole('region', { name: 'Get started' });
    expect(list).toHaveTextContent('1 of 3 steps done.');
    expect(within(list).getByRole('heading', { name: /^Get your first tracked number\s*\(done\)$/ })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Buy a number' })).not.toBeInTheDocument();
  });

  test('once every step is done it says so, if it was seen unfinished; an old account never sees it', async () => {
    localStorage.setItem('firstRun.seen.900', 'true');
    const first = renderChecklist([true, true, true]);
    expect(await screen.findByRole('region', { name: 'Your account is set up' })).toHaveTextContent(
      'All three steps are done: your calls are tracked.',
    );
    first.unmount();

    const second = renderChecklist([true, true, true], 901);
    // The answer has come and nothing shows.
    await waitFor(() => expect(second.fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  test('Hide checklist puts it away for this account in this browser', async () => {
    const { user, unmount } = renderChecklist([false, false, false]);
    await user.click(await screen.findByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    unmount();
    const again = renderChecklist([false, false, false]);
    await waitFor(() => expect(again.fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(localStorage.getItem('firstRun.hidden.900')).toBe('true');
  });
});
