import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { defaultTimeRow, setRowType } from '../../../domain/routing';
import { type TimeRow } from '../../../domain';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import { callsTo } from '../selectors/libraryTestUtils';
import { CallPathPanel } from './CallPathPanel';
import { IVR_LIBRARY } from './ivrTestUtils';

// Weekdays to the main menu (IVR 71), the weekend to Reception (destination plan 21).
const ROWS: TimeRow[] = [
  { ...setRowType(defaultTimeRow(), 'ivr'), toDay: 5, toHour: 23, toMinute: 59, ivr: 71 },
  { ...defaultTimeRow(), fromDay: 6, routing: 21 },
];

const names: Record<number, string> = { 71: 'Main menu', 21: 'Reception' };

function setup(rows: TimeRow[] = ROWS) {
  const fetch = stubApi({ '/api/manageivrrouting/getIvrLibrary': () => jsonResponse(IVR_LIBRARY) });
  render(<CallPathPanel rows={rows} timeZone="Europe/London" routingName={(id) => names[id]} ivrName={(id) => names[id]} />);
  return { fetch, user: userEvent.setup() };
}

const when = (value: string) => fireEvent.change(screen.getByLabelText('Date and time'), { target: { value } });

describe("'Where does a call go?' with IVRs", () => {
  test('a destination plan row needs no keys and loads no menus', () => {
    // Opened on a Saturday, so the first answer is already the weekend row.
    vi.setSystemTime(new Date('2025-07-19T09:00:00Z'));
    const { fetch } = setup();
    expect(screen.getByLabelText('Date and time')).toHaveValue('2025-07-19T10:00');
    expect(screen.getByRole('status', { name: 'Where the call goes' })).toHaveTextContent(
      "Saturday 10:00 BST: row 2, destination plan 'Reception'",
    );
    expect(screen.queryByLabelText('Keys to press')).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/manageivrrouting/getIvrLibrary')).toHaveLength(0);
  });

  test('an IVR row follows the keys pressed to the end of the call', async () => {
    const { user } = setup();
    when('2025-07-16T10:00');
    expect(screen.getByRole('status', { name: 'Where the call goes' })).toHaveTextContent(
      "Wednesday 10:00 BST: row 1, IVR 'Main menu'",
    );
    const end = await screen.findByRole('status', { name: 'Call path end' });
    expect(end).toHaveTextContent('Destination plan Reception');
    await user.type(screen.getByLabelText('Keys to press'), '2 1');
    const steps = within(screen.getByRole('list', { name: 'Call path steps' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      'Time of day: Wednesday 10:00 BST, row 1',
      'Main menu: pressed 2',
      'Billing menu: pressed 1',
    ]);
    expect(end).toHaveTextContent('Destination plan Out of hours');
  });

  test('the panel opens at the current moment in the account time zone', () => {
    vi.setSystemTime(new Date('2027-03-28T01:30:00Z'));
    setup();
    expect(screen.getByRole('status', { name: 'Where the call goes' })).toHaveTextContent(
      "Sunday 02:30 BST: row 2, destination plan 'Reception'",
    );
  });

  test('menus that fail to load say so', async () => {
    stubApi({});
    render(<CallPathPanel rows={ROWS} timeZone="Europe/London" routingName={() => undefined} ivrName={() => undefined} />);
    when('2025-07-16T10:00');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong\. Please try again or contact us/);
  });
});
