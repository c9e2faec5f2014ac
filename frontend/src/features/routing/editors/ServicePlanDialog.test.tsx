import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import {
  PLANS,
  callsTo,
  posted,
  renderWithLibrary,
  stubLibrary,
  unprocessable,
  type Answers,
} from '../selectors/libraryTestUtils';
import { ServicePlanDialog } from './ServicePlanDialog';

const CREATE = '/api/manageconnections/create_plan';
const UPDATE = '/api/manageconnections/update_plan';
const ROUTING_DATA = '/api/manageconnections/get_routing_data';

const time = (from: [number, string], to: [number, string], routing: number, planType = 'routing', ivr = 0) => ({
  TzonLowerDay: from[0],
  TzonLowerTime: from[1],
  TzonUpperDay: to[0],
  TzonUpperTime: to[1],
  planType,
  TzonRogrID: routing,
  TzonIvrsID: ivr,
});

const OFFICE_HOURS = {
  plan: {
    id: 11,
    description: 'Office hours',
    times: [time([1, '00:00'], [5, '23:59'], 21), time([6, '00:00'], [7, '23:59'], 22)],
  },
  affected_numbers: [{ NumbNGNumber: '01614960001' }, { VlnsDescription: 'Website pool' }],
};

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<ServicePlanDialog open id={id} rowIds={[7]} onClose={onClose} onSaved={onSaved} />);
  return { fetch, user, onSaved, onClose };
}

// The dialog holds a few thousand <option>s once it has many rows, which makes the role and label
// queries of testing-library slow in jsdom; these look controls up by their label directly.
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

const pressed = (name: string) => button(name).getAttribute('aria-pressed');

const dialog = (name: string | RegExp = /service plan/) => screen.getByRole('dialog', { name });
const rowsTable = () => screen.getByRole('table', { name: 'Time of day rows' });
const bodyRows = () => Array.from(rowsTable().querySelectorAll('tbody tr'));
const answer = () => screen.getByRole('status', { name: 'Where the call goes' });

async function libraryReady() {
  await waitFor(() => expect(control('Destination plan, row 1')).toBeEnabled());
}

function setWhen(value: string) {
  fireEvent.change(control('Date and time'), { target: { value } });
}

describe('Service plan dialog', () => {
  test('a new plan starts with one row covering the week and all the same template', async () => {
    setup(0);
    await libraryReady();
    expect(dialog('Add service plan')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(control('From day, row 1')).toHaveDisplayValue('Monday');
    expect(control('From hour, row 1')).toHaveDisplayValue('00');
    expect(control('To day, row 1')).toHaveDisplayValue('Sunday');
    expect(control('To hour, row 1')).toHaveDisplayValue('23');
    expect(control('To minute, row 1')).toHaveDisplayValue('59');
    expect(pressed('All the same')).toBe('true');
    expect(screen.getByText('No gaps or overlaps: every minute of the week goes to exactly one row.')).toBeInTheDocument();
    expect(button('Save')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Heads up!/)).not.toBeInTheDocument();
  });

  test('Save with an empty form shows the messages and posts nothing', async () => {
    const { fetch, user } = setup(0);
    await libraryReady();
    expect(screen.queryByText('Description is required.')).not.toBeInTheDocument();
    await user.click(button('Save'));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('A destination plan is required.')).toBeInTheDocument();
    await waitFor(() => expect(control('Description')).toHaveFocus());
    expect(callsTo(fetch, CREATE)).toHaveLength(0);
  });

  test('validates as the user types, uniqueness against the other plans included', async () => {
    const { user } = setup(0);
    await libraryReady();
    await user.type(control('Description'), 'Office hours');
    expect(screen.getByText('Description must be unique.')).toBeInTheDocument();
    await user.type(control('Description'), ' 2');
    expect(screen.queryByText('Description must be unique.')).not.toBeInTheDocument();

    await user.selectOptions(control('From hour, row 1'), '09');
    expect(screen.getByText('Please change the from day and time to Monday 00:00 on row 1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Gaps and overlaps' })).toHaveTextContent('Gap: Monday 00:00 to Monday 08:59');
    expect(pressed('Custom')).toBe('true');
  });

  test('a gap between two rows is said precisely at the row, as in the week list', async () => {
    const { user } = setup(0);
    await libraryReady();
    await user.click(button('Add row'));
    await user.selectOptions(control('To day, row 1'), 'Thursday');
    await user.selectOptions(control('To hour, row 1'), '19');
    await user.selectOptions(control('To minute, row 1'), '00');
    await user.selectOptions(control('From day, row 2'), 'Thursday');
    await user.selectOptions(control('From hour, row 2'), '20');
    await user.selectOptions(control('From minute, row 2'), '01');

    const precise = 'Gap: Thursday 19:01 to Thursday 20:00 between rows 1 and 2';
    const secondRow = bodyRows()[1] as HTMLElement;
    expect(within(secondRow).getByText(precise)).toBeInTheDocument();
    expect(control('From day, row 2')).toHaveAccessibleDescription(precise);
    expect(within(secondRow).queryByText(/time being continuous/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Gaps and overlaps' })).toHaveTextContent('Gap: Thursday 19:01 to Thursday 20:00');

    await user.selectOptions(control('From hour, row 2'), '18');
    expect(control('From day, row 2')).toHaveAccessibleDescription(
      'Overlap: Thursday 18:01 to Thursday 19:00 between rows 1 and 2',
    );
  });

  test('working hours build the rows; the grid has no gaps and the call path finds the open row', async () => {
    let plans = PLANS;
    const { fetch, user, onSaved } = setup(0, {
      '/api/manageconnections/getServicePlansList': () => jsonResponse({ plans }),
      [CREATE]: () => {
        plans = [...PLANS, { id: 13, description: 'Surgery hours' }];
        return jsonResponse({ success: true, data: { id: 13, description: 'Surgery hours' } });
      },
    });
    await libraryReady();
    await user.click(button('Working hours'));
    const hours = screen.getByRole('dialog', { name: 'Working hours' });
    expect(control('Start time', hours)).toHaveValue('00:00');
    expect(control('End time', hours)).toHaveValue('23:59');

    await user.click(button('Apply', hours));
    expect(within(hours).getByText('Please select at least one day.')).toBeInTheDocument();

    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(within(hours).getByRole('checkbox', { name: day }));
    }
    expect(within(hours).queryByText('Please select at least one day.')).not.toBeInTheDocument();
    fireEvent.change(control('Start time', hours), { target: { value: '09:00' } });
    fireEvent.change(control('End time', hours), { target: { value: '17:30' } });
    await user.selectOptions(control('Destination plan for open hours', hours), 'Reception');
    await user.selectOptions(control('Destination plan for closed hours', hours), 'Out of hours');
    await user.click(button('Apply', hours));
    expect(screen.queryByRole('dialog', { name: 'Working hours' })).not.toBeInTheDocument();
    expect(pressed('Working hours')).toBe('true');
    expect(bodyRows()).toHaveLength(11);
    expect(control('Destination plan, row 2')).toHaveDisplayValue('Reception');
    expect(control('Destination plan, row 3')).toHaveDisplayValue('Out of hours');
    expect(screen.getByText('No gaps or overlaps: every minute of the week goes to exactly one row.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Wednesday: 00:00 to 08:59 row 5; 09:00 to 17:30 row 6; 17:31 to 23:59 row 7$/ })).toBeInTheDocument();
    setWhen('2025-07-16T10:00');
    expect(answer()).toHaveTextContent("Wednesday 10:00 BST: row 6, destination plan 'Reception'");
    setWhen('2025-01-18T10:00');
    expect(answer()).toHaveTextContent("Saturday 10:00 GMT: row 11, destination plan 'Out of hours'");
    await user.type(control('Description'), 'Surgery hours');
    await user.click(button('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(13));
    expect(await screen.findByText("Service plan 'Surgery hours' saved.")).toBeInTheDocument();
    const fields = posted(callsTo(fetch, CREATE)[0][1]);
    expect(fields).toMatchObject({
      form_plan_description: 'Surgery hours',
      'form_from_day[0]': '1',
      'form_from_hour[0]': '0',
      'form_from_minute[0]': '0',
      'form_to_day[0]': '1',
      'form_to_hour[0]': '8',
      'form_to_minute[0]': '59',
      'form_routing_type[0]': 'routing',
      'form_routing[0]': '22',
      'form_ivr[0]': '0',
      'form_from_hour[1]': '9',
      'form_to_hour[1]': '17',
      'form_to_minute[1]': '30',
      'form_routing[1]': '21',
      'form_from_day[10]': '5',
      'form_to_day[10]': '7',
      'form_to_hour[10]': '23',
    });
    expect(fields).not.toHaveProperty('form_record_id');
    expect(callsTo(fetch, '/api/manageconnections/getServicePlansList')).toHaveLength(2);
  });

  test('a summer time shows BST and a time no row covers says so', async () => {
    const { user } = setup(0);
    await libraryReady();
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    setWhen('2025-07-15T14:05');
    expect(answer()).toHaveTextContent("Tuesday 14:05 BST: row 1, destination plan 'Reception'");
    await user.selectOptions(control('From day, row 1'), 'Wednesday');
    expect(answer()).toHaveTextContent('Tuesday 14:05 BST: No row covers this time');
  });

  test('weekdays gives two rows; rows can be added, retyped and removed', async () => {
    const { user } = setup(0);
    await libraryReady();
    await user.click(button('Weekdays'));
    expect(bodyRows()).toHaveLength(2);
    expect(control('To day, row 1')).toHaveDisplayValue('Friday');
    expect(control('From day, row 2')).toHaveDisplayValue('Saturday');

    await user.click(button('Add row'));
    expect(bodyRows()).toHaveLength(3);
    expect(pressed('Custom')).toBe('true');
    expect(screen.getByRole('list', { name: 'Gaps and overlaps' })).toHaveTextContent('Overlap: Monday 00:00');

    await user.selectOptions(control('Destination plan, row 3'), 'Reception');
    await user.selectOptions(control('Type, row 3'), 'IVR');
    expect(() => control('Destination plan, row 3')).toThrow();
    expect(control('IVR, row 3')).toHaveValue('0');
    expect(screen.getByText('An IVR is required.')).toBeInTheDocument();
    await user.selectOptions(control('Type, row 3'), 'Destination plan');
    // Back to routing: the destination plan was cleared when the row became an IVR row.
    expect(control('Destination plan, row 3')).toHaveValue('0');

    await user.click(button('Remove row 3'));
    expect(bodyRows()).toHaveLength(2);
    await user.click(button('Remove row 2'));
    expect(button('Remove row 1')).toBeDisabled();
  });

  test('edit loads the plan, warns about the other numbers and pools, and asks before Update', async () => {
    const { fetch, user, onSaved } = setup(11, {
      [ROUTING_DATA]: () => jsonResponse(OFFICE_HOURS),
      [UPDATE]: () => jsonResponse({ success: true, id: 11 }),
    });
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Edit service plan' })).toHaveTextContent('Description'));
    await libraryReady();
    expect(control('Description')).toHaveValue('Office hours');
    expect(bodyRows()).toHaveLength(2);
    expect(control('To day, row 1')).toHaveDisplayValue('Friday');
    expect(control('Destination plan, row 2')).toHaveDisplayValue('Out of hours');
    expect(pressed('Custom')).toBe('true');
    expect(screen.getByText(/Heads up! Changing this record will affect other pools\/numbers/)).toBeInTheDocument();

    await user.click(button('Show which'));
    let sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(sure).getByRole('list', { name: 'Affected numbers' })).toHaveTextContent('0161 496 0001');
    expect(within(sure).getByRole('list', { name: 'Affected pools' })).toHaveTextContent('Website pool');
    await user.click(within(sure).getByRole('button', { name: 'Close' }));

    await user.clear(control('Description'));
    await user.type(control('Description'), 'Office hours (new)');
    await user.click(button('Update'));
    sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(callsTo(fetch, UPDATE)).toHaveLength(0);
    await user.click(within(sure).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(11));
    expect(posted(callsTo(fetch, UPDATE)[0][1])).toMatchObject({
      form_record_id: '11',
      form_plan_description: 'Office hours (new)',
      'form_to_day[0]': '5',
      'form_routing[0]': '21',
      'form_from_day[1]': '6',
      'form_routing[1]': '22',
    });
  });

  test('Cancel in the confirmation keeps the dialog and posts nothing', async () => {
    const { fetch, user } = setup(11, { [ROUTING_DATA]: () => jsonResponse(OFFICE_HOURS) });
    await screen.findByRole('dialog', { name: 'Edit service plan' });
    await libraryReady();
    await user.click(button('Update'));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(dialog('Edit service plan')).toBeInTheDocument();
    expect(callsTo(fetch, UPDATE)).toHaveLength(0);
  });

  test('Save as new needs a description of its own and creates a plan', async () => {
    const { fetch, user, onSaved } = setup(11, {
      [ROUTING_DATA]: () => jsonResponse({ ...OFFICE_HOURS, affected_numbers: [] }),
      [CREATE]: () => jsonResponse({ success: true, data: { id: 14, description: 'Office hours 2' } }),
    });
    await screen.findByRole('dialog', { name: 'Edit service plan' });
    await libraryReady();
    await user.click(button('Save as new'));
    expect(screen.getByText('Description must be unique.')).toBeInTheDocument();
    expect(callsTo(fetch, CREATE)).toHaveLength(0);

    await user.type(control('Description'), ' 2');
    expect(screen.queryByText('Description must be unique.')).not.toBeInTheDocument();
    await user.click(button('Save as new'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(14));
    expect(posted(callsTo(fetch, CREATE)[0][1])).not.toHaveProperty('form_record_id');
  });

  test("the server's field messages land on the fields; other failures show the generic message", async () => {
    let taken = true;
    const { user } = setup(0, {
      [CREATE]: () =>
        taken
          ? unprocessable('DESCRIPTION_NOT_UNIQUE', { form_plan_description: 'Description must be unique.' })
          : jsonResponse({ success: false }, 500),
    });
    await libraryReady();
    await user.type(control('Description'), 'Brand new');
    await user.selectOptions(control('Destination plan, row 1'), 'Reception');
    await user.click(button('Save'));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();
    expect(control('Description')).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.type(control('Description'), '!');
    expect(screen.queryByText('Description must be unique.')).not.toBeInTheDocument();
    await user.clear(control('Description'));
    await user.type(control('Description'), 'Brand new plan');
    await user.click(button('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(button('Save')).toBeEnabled();
  });

  test('a plan that fails to load says so', async () => {
    setup(11, { [ROUTING_DATA]: () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact us at 0161 496 0000 or via email at clientservices@calltrack.example.',
    );
  });

  test('closing resets the form: reopened, it has an empty description and one default row', async () => {
    stubLibrary();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <ServicePlanDialog open={open} id={0} rowIds={[]} onClose={() => setOpen(false)} onSaved={() => setOpen(false)} />
        </>
      );
    }
    const user = renderWithLibrary(<Opener />);
    await user.click(button('Open'));
    await libraryReady();
    await user.type(control('Description'), 'Half done');
    await user.click(button('Weekdays'));
    await user.click(button('Save'));
    expect(screen.getAllByText('A destination plan is required.')).toHaveLength(2);
    await user.click(button('Cancel'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button('Open'));
    expect(control('Description')).toHaveValue('');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.queryByText('A destination plan is required.')).not.toBeInTheDocument();
  });
});
