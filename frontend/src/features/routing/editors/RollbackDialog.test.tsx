import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { AccountProvider } from '../../../lib/account';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { ChangeView, RollbackPreview } from '../api/history';
import { professional } from '../pages/connectTestUtils';
import { posted } from '../selectors/libraryTestUtils';
import { ROLLED_BACK, RollbackDialog } from './RollbackDialog';

const PREVIEW = '/api/routinghistory/getRollback/41';
const PREVIEW_WITH_LATER = '/api/routinghistory/getRollback/41?includeLater=1';
const ROLLBACK = '/api/routinghistory/rollback/41';

const CHANGE: ChangeView = {
  id: 41,
  kind: 'servicePlan',
  recordId: 11,
  recordName: 'Office hours',
  sentences: ["Monday to Friday 08:30-17:30 of 'Office hours' now goes to 'Out of hours' instead of 'Reception'."],
  userId: 1,
  userName: 'Olivia Owen',
  source: 'screen',
  rollsBack: null,
  createdAt: 1795183500,
};

const RESTORE = {
  key: { kind: 'servicePlan' as const, id: 11 },
  state: { kind: 'servicePlan' as const, id: 11, form: { description: 'Office hours', rows: [] } },
};

const IMPACT = {
  total: 40,
  moved: 12,
  headline: '12 of 40 calls would have gone elsewhere',
  moves: [
    { count: 9, label: '9 calls on Monday mornings: from Out of hours to Reception', from: 'Out of hours', to: 'Reception', day: 1, partOfDay: 'morning' as const, callIds: [] },
    { count: 2, label: '2 calls on Tuesday afternoons: from Out of hours to Reception', from: 'Out of hours', to: 'Reception', day: 2, partOfDay: 'afternoon' as const, callIds: [] },
    { count: 1, label: '1 call on Friday evening: from Out of hours to Reception', from: 'Out of hours', to: 'Reception', day: 5, partOfDay: 'evening' as const, callIds: [] },
  ],
};

function preview(overrides: Partial<RollbackPreview> = {}, plan: Partial<RollbackPreview['plan']> = {}): RollbackPreview {
  return {
    plan: {
      outcome: { outcome: 'clean' },
      restores: [RESTORE],
      changesBack: ["Monday to Friday 08:30-17:30 of 'Office hours' now goes to 'Reception' instead of 'Out of hours'."],
      later: [],
      ...plan,
    },
    problem: null,
    impact: IMPACT,
    ...overrides,
  } as RollbackPreview;
}

function setup(answers: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(answers);
  const onClose = vi.fn();
  const onRolledBack = vi.fn();
  render(
    <MemoryRouter>
      <AccountProvider account={professional()} setAccount={() => {}} reload={async () => {}}>
        <RollbackDialog change={CHANGE} onClose={onClose} onRolledBack={onRolledBack} />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { fetch, onClose, onRolledBack, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Roll back change' });
const rollBackButton = () => within(dialog()).getByRole('button', { name: 'Roll back' });

describe('Rollback dialog', () => {
  test('a clean rollback shows what changes back and the impact, then rolls back', async () => {
    const { fetch, onRolledBack, user } = setup({
      [PREVIEW]: () => jsonResponse(preview()),
      [ROLLBACK]: () => jsonResponse({ success: true, changeIds: [42] }),
    });
    const back = await within(dialog()).findByRole('list', { name: 'What will change back' });
    expect(back).toHaveTextContent("now goes to 'Reception' instead of 'Out of hours'.");
    expect(within(dialog()).getByRole('status')).toHaveTextContent('12 of 40 calls would have gone elsewhere');
    const moves = within(dialog()).getByRole('list', { name: 'Biggest moves' });
    expect(within(moves).getAllByRole('listitem').map((li) => li.textContent)).toEqual(IMPACT.moves.map((m) => m.label));
    expect(screen.queryByRole('checkbox', { name: 'Roll back these too' })).not.toBeInTheDocument();

    await user.click(rollBackButton());
    await waitFor(() => expect(onRolledBack).toHaveBeenCalledWith(ROLLED_BACK));
    const post = fetch.mock.calls.find(([u]) => String(u) === ROLLBACK);
    expect(post?.[1]?.method).toBe('POST');
    expect(posted(post?.[1])).toEqual({});
  });

  test("the server's refusal is shown and nothing else happens", async () => {
    const { onRolledBack, user } = setup({
      [PREVIEW]: () => jsonResponse(preview()),
      [ROLLBACK]: () =>
        jsonResponse(
          { success: false, code: 'ROLLBACK_REFUSED', errors: { rollback: "'Office hours' has changed since: roll back the later changes too." } },
          422,
        ),
    });
    await within(dialog()).findByRole('list', { name: 'What will change back' });
    await user.click(rollBackButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      "'Office hours' has changed since: roll back the later changes too.",
    );
    expect(onRolledBack).not.toHaveBeenCalled();
    expect(rollBackButton()).toBeEnabled();
  });

  test('a conflict lists the later changes and offers to roll them back too', async () => {
    const later = [
      { id: 43, explanation: ["Saturday 09:00-13:00 added to 'Office hours', going to 'Reception'."] },
    ];
    const { fetch, onRolledBack, user } = setup({
      [PREVIEW]: () =>
        jsonResponse(
          preview(
            { impact: null },
            {
              outcome: { outcome: 'conflict', laterChangeIds: [43], reason: "'Office hours' was changed again later." },
              restores: [],
              changesBack: [],
              later,
            },
          ),
        ),
      [PREVIEW_WITH_LATER]: () =>
        jsonResponse(preview({}, { outcome: { outcome: 'withLater', changeIds: [41, 43] }, later })),
      [ROLLBACK]: () => jsonResponse({ success: true, changeIds: [44] }),
    });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent("'Office hours' was changed again later.");
    expect(within(dialog()).getByRole('list', { name: 'Later changes' })).toHaveTextContent(
      "Saturday 09:00-13:00 added to 'Office hours', going to 'Reception'.",
    );
    expect(rollBackButton()).toBeDisabled();

    await user.click(within(dialog()).getByRole('checkbox', { name: 'Roll back these too' }));
    await within(dialog()).findByRole('list', { name: 'What will change back' });
    expect(fetch.mock.calls.some(([u]) => String(u) === PREVIEW_WITH_LATER)).toBe(true);
    expect(within(dialog()).getByRole('checkbox', { name: 'Roll back these too' })).toBeChecked();
    expect(rollBackButton()).toBeEnabled();

    await user.click(rollBackButton());
    await waitFor(() => expect(onRolledBack).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([u]) => String(u) === ROLLBACK);
    expect(posted(post?.[1])).toEqual({ includeLater: '1' });
  });

  test('a refused plan says why and cannot be confirmed', async () => {
    setup({
      [PREVIEW]: () =>
        jsonResponse(
          preview(
            { impact: null },
            { outcome: { outcome: 'refused', reason: 'The history of this record does not add up.' }, restores: [], changesBack: [] },
          ),
        ),
    });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('The history of this record does not add up.');
    expect(rollBackButton()).toBeDisabled();
  });

  test('a restore that would leave routing broken shows the problem and cannot be confirmed', async () => {
    setup({
      [PREVIEW]: () =>
        jsonResponse(preview({ problem: "Rolling back would leave routing broken: Key 2 of 'Main menu' leads nowhere." })),
    });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      "Rolling back would leave routing broken: Key 2 of 'Main menu' leads nowhere.",
    );
    expect(rollBackButton()).toBeDisabled();
  });
});
