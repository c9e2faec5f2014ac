import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/Snackbar';
import {
  DRAFT_DISCARDED,
  DRAFT_OPENED,
  DRAFT_PUBLISHED,
  SCHEDULE_SAVED,
} from '../../../components/draft/messages';
import { AccountProvider } from '../../../lib/account';
import { callsTo, jsonResponse, NO_DRAFT, posted, stubApi } from '../../../test/fixtures';
import { numbersList, professional } from './connectTestUtils';
import { RoutingList } from './RoutingList';

vi.mock('jssip', async () => {
  const fake = await import('../../../components/phone/phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const CHANGE = {
  kind: 'ivr',
  recordId: 1,
  record: "IVR 'Main menu'",
  sentences: ["Key 1 of 'Main menu' now goes to 'Christmas hours' instead of 'Reception'."],
  userName: 'Ann Admin',
};
const CONFLICT = {
  key: { kind: 'ivr', id: 1 },
  reason: "IVR 'Main menu' was changed live since the draft began.",
  liveChanges: ["Key 2 of 'Main menu' now goes to 'Billing' instead of 'Sales'."],
};

function draftAnswer(overrides: Record<string, unknown> = {}) {
  return {
    ...NO_DRAFT,
    draft: {
      id: 9,
      openedBy: 'Ann Admin',
      openedAt: 1_795_428_000,
      changes: [CHANGE],
      conflicts: [],
      schedule: null,
      notRun: '',
      ...overrides,
    },
  };
}

const IMPACT = { total: 12, moved: 3, headline: '3 of 12 calls would have gone elsewhere', moves: [] };

function renderList() {
  render(
    <MemoryRouter initialEntries={['/routing']}>
      <AccountProvider account={professional()} setAccount={() => {}} reload={async () => {}}>
        <SnackbarProvider>
          <main>
            <RoutingList title="Call routing" />
          </main>
        </SnackbarProvider>
      </AccountProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const draftRegion = () => screen.findByRole('region', { name: 'Routing draft' });

describe('a routing draft on the routing list', () => {
  test('an editor opens a draft and the banner says the editors save into it', async () => {
    let answer: object = NO_DRAFT;
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(answer),
      '/api/routingdraft/open': () => {
        answer = draftAnswer({ changes: [] });
        return jsonResponse(answer);
      },
    });
    const user = renderList();
    const region = await draftRegion();
    expect(region).toHaveTextContent('Prepare routing changes without touching live calls');
    await user.click(within(region).getByRole('button', { name: 'Open a draft' }));
    expect(await screen.findByText(DRAFT_OPENED)).toBeInTheDocument();
    expect(callsTo(fetch, '/api/routingdraft/open')).toHaveLength(1);
    expect(await within(region).findByText(NO_DRAFT.banner)).toBeInTheDocument();
    expect(region).toHaveTextContent('0 changes in the draft opened by Ann Admin on 23/11/2026 10:00 GMT.');
  });

  test('discarding asks first, then says live routing is unchanged', async () => {
    let answer: object = draftAnswer();
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(answer),
      '/api/routingdraft/discard/9': () => {
        answer = NO_DRAFT;
        return jsonResponse({ success: true });
      },
    });
    const user = renderList();
    const region = await draftRegion();
    await user.click(await within(region).findByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the draft?' });
    expect(dialog).toHaveTextContent('Its change is lost and nothing goes live.');
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText(DRAFT_DISCARDED)).toBeInTheDocument();
    expect(callsTo(fetch, '/api/routingdraft/discard/9')).toHaveLength(1);
    await waitFor(() => expect(within(region).queryByText(NO_DRAFT.banner)).not.toBeInTheDocument());
  });

  test('the review lists the changes and the impact, and publishing is confirmed first', async () => {
    let answer: object = draftAnswer();
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(answer),
      '/api/routingdraft/impact/9': () => jsonResponse(IMPACT),
      '/api/routingdraft/publish/9': () => {
        answer = NO_DRAFT;
        return jsonResponse({ success: true, changeId: 40 });
      },
    });
    const user = renderList();
    const region = await draftRegion();
    expect(region).toHaveTextContent('1 change in the draft');
    await user.click(await within(region).findByRole('button', { name: 'Review and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and publish the draft' });
    expect(within(dialog).getByRole('list', { name: 'What the draft changes' })).toHaveTextContent(CHANGE.sentences[0]);
    expect(await within(dialog).findByText(IMPACT.headline)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(callsTo(fetch, '/api/routingdraft/publish/9')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, publish now' }));
    expect(await screen.findByText(DRAFT_PUBLISHED)).toBeInTheDocument();
    expect(callsTo(fetch, '/api/routingdraft/publish/9')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('a conflict blocks publishing until the draft is brought up to date', async () => {
    let answer: object = draftAnswer({ conflicts: [CONFLICT] });
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(answer),
      '/api/routingdraft/impact/9': () => jsonResponse(IMPACT),
      '/api/routingdraft/resolve/9': () => {
        answer = draftAnswer();
        return jsonResponse({ success: true });
      },
    });
    const user = renderList();
    const region = await draftRegion();
    expect(await within(region).findByText(/1 record changed live since the draft began/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Review and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and publish the draft' });
    expect(within(dialog).getByText(CONFLICT.reason)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'What changed live' })).toHaveTextContent(CONFLICT.liveChanges[0]);
    expect(within(dialog).getByRole('button', { name: 'Publish now' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: "Keep the draft's version" }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Publish now' })).toBeEnabled());
    const [, init] = callsTo(fetch, '/api/routingdraft/resolve/9')[0];
    expect(posted(init as RequestInit)).toEqual({ kind: 'ivr', recordId: '1', keep: 'draft' });
  });

  test("the schedule is checked by the domain as it is typed, in the account's zone, and saved", async () => {
    let answer: object = draftAnswer();
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(answer),
      '/api/routingdraft/impact/9': () => jsonResponse(IMPACT),
      '/api/routingdraft/schedule/9': () => {
        answer = draftAnswer({
          schedule: {
            publishAt: 1_798_131_600,
            revertAt: 1_798_358_400,
            text: 'The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT.',
            scheduledBy: 'Ann Admin',
          },
        });
        return jsonResponse(answer);
      },
    });
    const user = renderList();
    const region = await draftRegion();
    await user.click(await within(region).findByRole('button', { name: 'Review and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and publish the draft' });
    const goesLive = within(dialog).getByLabelText('Goes live');
    await user.type(goesLive, '2026-11-01T09:00');
    await user.tab();
    expect(await within(dialog).findByText('Please choose a moment in the future.')).toBeInTheDocument();
    await user.clear(goesLive);
    await user.type(goesLive, '2026-12-24T17:00');
    await user.type(within(dialog).getByLabelText('Back to normal (optional)'), '2026-12-27T08:00');
    expect(
      await within(dialog).findByText(
        'The draft goes live 24/12/2026 17:00 GMT, and routing goes back to normal 27/12/2026 08:00 GMT.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(SCHEDULE_SAVED)).toBeInTheDocument();
    const [, init] = callsTo(fetch, '/api/routingdraft/schedule/9')[0];
    expect(posted(init as RequestInit)).toEqual({ publishAt: '2026-12-24T17:00', revertAt: '2026-12-27T08:00' });
    expect(await within(region).findByText(/The draft goes live 24\/12\/2026 17:00 GMT/)).toBeInTheDocument();
  });

  test('the banner and the review have no accessibility violations axe finds', async () => {
    stubApi({
      '/api/manageconnections/getNumbersList': numbersList([]),
      '/api/routingdraft/get': () => jsonResponse(draftAnswer({ conflicts: [CONFLICT] })),
      '/api/routingdraft/impact/9': () => jsonResponse(IMPACT),
    });
    const user = renderList();
    const region = await draftRegion();
    await user.click(await within(region).findByRole('button', { name: 'Review and publish' }));
    await screen.findByRole('dialog', { name: 'Review and publish the draft' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
