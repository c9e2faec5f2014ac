// The service plan dialog's dated exceptions: added one by one or as a year's bank holidays,
// checked by the domain on their fields, sent with every save, and named by 'Where does a call go?'.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { ServicePlanDialog } from './ServicePlanDialog';

const CREATE = '/api/manageconnections/create_plan';
const UPDATE = '/api/manageconnections/update_plan';
const ROUTING_DATA = '/api/manageconnections/get_routing_data';

const CLOSURE = {
  from: '2026-12-24',
  to: '2026-12-26',
  description: 'Christmas closure',
  planType: 'routing',
  routing: 22,
  ivr: 0,
  fromTime: '',
  toTime: '',
};

const EVE_AFTERNOON = {
  ...CLOSURE,
  from: '2026-12-24',
  to: '2026-12-24',
  description: 'Christmas Eve',
  fromTime: '13:00',
  toTime: '24:00',
};

const WITH_CLOSURE = {
  plan: {
    id: 11,
    description: 'Office hours',
    times: [
      {
        TzonLowerDay: 1,
        TzonLowerTime: '00:00',
        TzonUpperDay: 7,
        TzonUpperTime: '23:59',
        planType: 'routing',
        TzonRogrID: 21,
        TzonIvrsID: 0,
      },
    ],
    exceptions: [CLOSURE],
  },
  affected_numbers: [],
};

const withExceptions = (exceptions: object[]) => ({ ...WITH_CLOSURE, plan: { ...WITH_CLOSURE.plan, exceptions } });

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<ServicePlanDialog open id={id} rowIds={[]} onClose={vi.fn()} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

// Labels repeat from one exception to the next: controls are found by label inside a root.
function control(name: string, root: ParentNode = document): HTMLElement {
  const label = Array.from(root.querySelectorAll('label')).find((l) => l.textContent?.trim() === name);
  const element = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!element) throw new Error(`No control labelled ${name}`);
  return element;
}

function button(name: string, root: ParentNode = document): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll('button')).filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${name}`);
  return found[0];
}

const exception = (n: number) => screen.getByRole('group', { name: `Exception ${n}` });
const exceptionCount = () => screen.queryAllByRole('group', { name: /^Exception \d+$/ }).length;
const bankHolidays = () => screen.getByRole('group', { name: 'Add bank holidays' });
const answer = () => screen.getByRole('status', { name: 'Where the call goes' });
const radio = (root: HTMLElement, name: 'All day' | 'Between times') => within(root).getByRole('radio', { name });
const day = (root: HTMLElement, label: 'First day' | 'Last day', value: string) =>
  fireEvent.change(control(label, root), { target: { value } });

async function libraryReady() {
  await waitFor(() => expect(control('Destination plan, row 1')).toBeEnabled());
}

describe('Dated exceptions in the service plan dialog', () => {
  test('an exception added by hand answers its days in the simulator and is posted as JSON', async () => {
    const { fetch, user, onSaved } = setup(0, {
      [CREATE]: () => jsonResponse({ success: true, data: { id: 13, description: 'Shop hours' } }),
    });
    await libraryReady();
    expect(screen.getByText('No dated exceptions.')).toBeInTheDocument();
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    await user.type(control('Description'), 'Shop hours');

    await user.click(button('Add exception'));
    const first = exception(1);
    expect(control('First day', first)).toHaveFocus();
    expect(control('First day', first)).toHaveValue('');
    day(first, 'First day', '2026-12-24');
    // A first day alone makes a one-day exception.
    expect(control('Last day', first)).toHaveValue('2026-12-24');
    day(first, 'Last day', '2026-12-26');
    await user.type(control('Description', first), 'Christmas closure');
    await user.selectOptions(control('Destination plan', first), 'Out of hours');

    fireEvent.change(control('Date and time'), { target: { value: '2026-12-24T10:00' } });
    expect(answer()).toHaveTextContent(
      "Thursday 10:00 GMT: the dated exception 'Christmas closure' answers, destination plan 'Out of hours'",
    );
    fireEvent.change(control('Date and time'), { target: { value: '2026-12-27T10:00' } });
    expect(answer()).toHaveTextContent("Sunday 10:00 GMT: row 1, destination plan 'Reception'");
    expect(screen.getByRole('list', { name: 'Upcoming dated exceptions' })).toHaveTextContent(
      '24/12/2026 to 26/12/2026: Christmas closure → Out of hours',
    );

    // The next one starts the day after the last.
    await user.click(button('Add exception'));
    expect(control('First day', exception(2))).toHaveValue('2026-12-27');
    await user.click(button('Remove exception 2'));
    expect(exceptionCount()).toBe(1);
    expect(button('Add exception')).toHaveFocus();

    await user.click(button('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(13));
    expect(JSON.parse(posted(callsTo(fetch, CREATE)[0][1]).form_exceptions)).toEqual([CLOSURE]);
  });

  test("England and Wales' 2026 bank holidays are added once, to the first row's destination by default", async () => {
    const { user } = setup(0);
    await libraryReady();
    const form = bankHolidays();
    expect(control('Year', form)).toHaveDisplayValue('2026');
    expect(Array.from((control('Year', form) as HTMLSelectElement).options, (o) => o.text)).toEqual(['2026', '2027', '2028']);
    expect(control('Calendar', form)).toHaveDisplayValue('England and Wales');

    // No destination yet, as the first row has none.
    await user.click(button('Add bank holidays'));
    expect(within(form).getByText('Choose where calls go on the bank holidays.')).toBeInTheDocument();
    expect(exceptionCount()).toBe(0);

    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    expect(control('Destination plan', form)).toHaveDisplayValue('Reception');
    await user.click(button('Add bank holidays'));
    expect(within(form).getByRole('status')).toHaveTextContent('8 bank holidays added.');
    expect(exceptionCount()).toBe(8);
    expect(control('Description', exception(1))).toHaveValue("New Year's Day");
    expect(control('First day', exception(7))).toHaveValue('2026-12-25');
    expect(control('Destination plan', exception(7))).toHaveDisplayValue('Reception');
    // Only the days still ahead are listed under the week.
    const upcoming = within(screen.getByRole('list', { name: 'Upcoming dated exceptions' })).getAllByRole('listitem');
    expect(upcoming.map((li) => li.textContent)).toEqual([
      '25/12/2026: Christmas Day → Reception',
      expect.stringMatching(/^28\/12\/2026: Boxing Day.* → Reception$/),
    ]);

    await user.click(button('Add bank holidays'));
    expect(within(form).getByRole('status')).toHaveTextContent(
      'The England and Wales bank holidays of 2026 are all in the list already.',
    );
    expect(exceptionCount()).toBe(8);

    // Another calendar adds only the days not covered yet, to the destination chosen.
    await user.selectOptions(control('Calendar', form), 'Scotland');
    await user.selectOptions(control('Destination plan', form), 'Out of hours');
    await user.click(button('Add bank holidays'));
    expect(within(form).getByRole('status')).toHaveTextContent(/^\d bank holidays? added\.$/);
    expect(control('Destination plan', exception(9))).toHaveDisplayValue('Out of hours');
  });

  test("the domain's refusals show on their fields and stop the save", async () => {
    const { fetch, user } = setup(0);
    await libraryReady();
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    await user.type(control('Description'), 'Shop hours');
    await user.click(button('Add exception'));
    const first = exception(1);
    day(first, 'First day', '2026-12-24');
    day(first, 'Last day', '2026-12-20');
    expect(control('Last day', first)).toHaveAccessibleDescription('The last day cannot be before the first.');
    expect(control('Last day', first)).toHaveAttribute('aria-invalid', 'true');
    day(first, 'Last day', '2026-12-26');
    expect(control('Last day', first)).not.toHaveAttribute('aria-invalid');

    await user.click(button('Add exception'));
    const second = exception(2);
    day(second, 'First day', '2026-12-26');
    expect(control('First day', second)).toHaveAccessibleDescription('These days are in another exception already.');

    await user.click(button('Save'));
    expect(control('Description', first)).toHaveAccessibleDescription(
      'Say what the exception is for, such as Christmas Day.',
    );
    expect(control('Destination plan', first)).toHaveAccessibleDescription('Choose where calls go on these days.');
    expect(callsTo(fetch, CREATE)).toHaveLength(0);
  });

  test('an edited plan loads its exceptions, keeps them on update, and takes the server messages', async () => {
    let refuse = true;
    const { fetch, user, onSaved } = setup(11, {
      [ROUTING_DATA]: () => jsonResponse(WITH_CLOSURE),
      [UPDATE]: () =>
        refuse
          ? unprocessable('VALIDATION', { 'exceptions[0].description': 'Not this one.' })
          : jsonResponse({ success: true, id: 11 }),
    });
    await screen.findByRole('dialog', { name: 'Edit service plan' });
    await libraryReady();
    expect(control('Description', exception(1))).toHaveValue('Christmas closure');
    expect(control('Last day', exception(1))).toHaveValue('2026-12-26');

    await user.click(button('Update'));
    expect(await screen.findByText('Not this one.')).toBeInTheDocument();
    expect(control('Description', exception(1))).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(posted(callsTo(fetch, UPDATE)[0][1]).form_exceptions)).toEqual([CLOSURE]);

    refuse = false;
    await user.click(button('Remove Christmas closure'));
    expect(screen.queryByText('Not this one.')).not.toBeInTheDocument();
    await user.click(button('Update'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(11));
    // None left is sent as an empty list, so the server clears them.
    expect(posted(callsTo(fetch, UPDATE)[1][1]).form_exceptions).toBe('[]');
  });

  test('an exception between two times answers only then, is checked and posted with its hours', async () => {
    const { fetch, user, onSaved } = setup(0, {
      [CREATE]: () => jsonResponse({ success: true, data: { id: 13, description: 'Shop hours' } }),
    });
    await libraryReady();
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    await user.type(control('Description'), 'Shop hours');
    await user.click(button('Add exception'));
    const first = exception(1);
    day(first, 'First day', '2026-12-24');
    await user.type(control('Description', first), 'Christmas Eve');
    await user.selectOptions(control('Destination plan', first), 'Out of hours');
    expect(radio(first, 'All day')).toBeChecked();
    expect(within(first).queryByRole('combobox', { name: 'From' })).not.toBeInTheDocument();

    // Between times starts as the whole day still, for the user to narrow.
    await user.click(radio(first, 'Between times'));
    expect(control('From', first)).toHaveDisplayValue('00:00');
    expect(control('Until', first)).toHaveDisplayValue('24:00 (midnight)');
    await user.selectOptions(control('Until', first), '00:15');
    await user.selectOptions(control('From', first), '13:00');
    expect(control('Until', first)).toHaveAccessibleDescription('The end must be after the start.');
    expect(control('Until', first)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(control('Until', first), '24:00');
    expect(control('Until', first)).not.toHaveAttribute('aria-invalid');

    fireEvent.change(control('Date and time'), { target: { value: '2026-12-24T14:00' } });
    expect(answer()).toHaveTextContent("the dated exception 'Christmas Eve' answers, destination plan 'Out of hours'");
    fireEvent.change(control('Date and time'), { target: { value: '2026-12-24T12:00' } });
    expect(answer()).toHaveTextContent("Thursday 12:00 GMT: row 1, destination plan 'Reception'");
    expect(screen.getByRole('list', { name: 'Upcoming dated exceptions' })).toHaveTextContent(
      '24/12/2026 13:00-24:00: Christmas Eve → Out of hours',
    );

    await user.click(button('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(13));
    expect(JSON.parse(posted(callsTo(fetch, CREATE)[0][1]).form_exceptions)).toEqual([EVE_AFTERNOON]);
  });

  test("a plan's hours load as Between times, take the server's message, and All day clears them", async () => {
    let refuse = true;
    const { fetch, user, onSaved } = setup(11, {
      [ROUTING_DATA]: () => jsonResponse(withExceptions([EVE_AFTERNOON])),
      [UPDATE]: () =>
        refuse
          ? unprocessable('VALIDATION', { 'exceptions[0].fromTime': 'Not this time.' })
          : jsonResponse({ success: true, id: 11 }),
    });
    await screen.findByRole('dialog', { name: 'Edit service plan' });
    await libraryReady();
    const first = exception(1);
    expect(radio(first, 'Between times')).toBeChecked();
    expect(control('From', first)).toHaveDisplayValue('13:00');
    expect(control('Until', first)).toHaveDisplayValue('24:00 (midnight)');

    await user.click(button('Update'));
    expect(await screen.findByText('Not this time.')).toBeInTheDocument();
    expect(control('From', first)).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.click(radio(first, 'All day'));
    expect(within(first).queryByRole('combobox', { name: 'From' })).not.toBeInTheDocument();
    expect(within(first).queryByRole('combobox', { name: 'Until' })).not.toBeInTheDocument();
    await user.click(button('Update'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(11));
    expect(JSON.parse(posted(callsTo(fetch, UPDATE)[1][1]).form_exceptions)).toEqual([
      { ...EVE_AFTERNOON, fromTime: '', toTime: '' },
    ]);
  });

  test('bank holidays are added for the whole day', async () => {
    const { user } = setup(0);
    await libraryReady();
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    await user.click(button('Add bank holidays'));
    expect(exceptionCount()).toBe(8);
    expect(radio(exception(1), 'All day')).toBeChecked();
    expect(screen.queryAllByRole('combobox', { name: 'From' })).toHaveLength(0);
  });
});
