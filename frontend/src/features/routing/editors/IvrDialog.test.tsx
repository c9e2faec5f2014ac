import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { IvrDialog } from './IvrDialog';
import { charges, ivrAnswers } from './ivrTestUtils';

const CREATE = '/api/manageivrrouting/createIvr/0';
const UPDATE = '/api/manageivrrouting/updateExistingIvr/';

function setup(id: number, answers: Answers = {}, extra: { acceptTerms?: boolean; parentIvrId?: number } = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(ivrAnswers(answers));
  const user = renderWithLibrary(<IvrDialog open id={id} onClose={() => {}} onSaved={onSaved} {...extra} />);
  return { fetch, user, onSaved };
}

const control = (name: string) => screen.getByRole('combobox', { name });
const keyLabels = () =>
  within(screen.getByRole('table', { name: 'Keys' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

async function ready() {
  await waitFor(() => expect(control('Intro audio')).toBeEnabled());
  await waitFor(() => expect(control('Category, key 1')).toBeEnabled());
  await waitFor(() => expect(control('Destination plan, key 1')).toBeEnabled());
}

describe('IVR dialog', () => {
  test('Add IVR starts with key 1 and shows the domain messages on Save, posting nothing', async () => {
    const { fetch, user } = setup(0);
    await ready();
    expect(screen.getByRole('dialog', { name: 'Add IVR' })).toBeInTheDocument();
    expect(keyLabels()).toEqual(['1']);
    expect(screen.getByRole('radio', { name: 'No repeat key' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save as new' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description is required.');
    expect(control('Intro audio')).toHaveAccessibleDescription('Intro audio is required.');
    expect(screen.getByRole('textbox', { name: 'Description, key 1' })).toHaveAccessibleDescription('Description is required.');
    expect(control('Destination plan, key 1')).toHaveAccessibleDescription('Destination plan is required.');
    expect(callsTo(fetch, CREATE)).toHaveLength(0);
  });

  test('builds a menu and posts every key with explicit indexes', async () => {
    const { fetch, user, onSaved } = setup(0, {
      [CREATE]: () => jsonResponse({ success: true, ivrId: 75 }),
    });
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Sales menu');
    await user.selectOptions(control('Intro audio'), 'Welcome message');
    await user.clear(screen.getByLabelText('Repeat audio'));
    await user.type(screen.getByLabelText('Repeat audio'), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Log key presses' }));
    await user.selectOptions(control('Report group'), 'North');

    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Reception');
    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.selectOptions(control('Category, key 1'), 'Sales');

    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, key 2' }), 'Billing');
    await user.selectOptions(control('Type, key 2'), 'IVR');
    await user.selectOptions(control('IVR, key 2'), 'Billing menu');

    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, key 3' }), 'Message');
    await user.selectOptions(control('Type, key 3'), 'Voicemail');
    await user.selectOptions(control('Voicemail, key 3'), 'Out of hours');

    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, key 4' }), 'Hear again');
    await user.click(screen.getByRole('radio', { name: 'Repeat, key 4' }));
    expect(screen.getByText('Repeats the menu')).toBeInTheDocument();
    await user.selectOptions(control('Default key'), '1: Reception');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(75));
    expect(await screen.findByText("IVR 'Sales menu' saved.")).toBeInTheDocument();
    expect(posted(callsTo(fetch, CREATE)[0][1])).toEqual({
      description: 'Sales menu',
      audioId: '51',
      logStrokes: '1',
      repeatMenu: '4',
      defaultKey: '1',
      isChildIvr: '0',
      reportGroupId: '91',
      secondaryReportGroupId: '0',
      hasDeadEnd: '0',
      saveFromCallback: '0',
      repeatAudio: '3',
      reportGroupDescription: '',
      secondaryReportGroupDescription: '',
      'keys[0]': '1',
      'keyDescription[0]': 'Reception',
      'keyType[0]': 'routing',
      'keyDestination[0]': '21',
      'keyIvr[0]': '0',
      'keyCategory[0]': '81',
      'keyVoicemail[0]': '0',
      'keys[1]': '2',
      'keyDescription[1]': 'Billing',
      'keyType[1]': 'ivr',
      'keyDestination[1]': '0',
      'keyIvr[1]': '72',
      'keyCategory[1]': '0',
      'keyVoicemail[1]': '0',
      'keys[2]': '3',
      'keyDescription[2]': 'Message',
      'keyType[2]': 'voicemail',
      'keyDestination[2]': '0',
      'keyIvr[2]': '0',
      'keyCategory[2]': '0',
      'keyVoicemail[2]': '61',
      'keys[3]': '4',
      'keyDescription[3]': 'Hear again',
      'keyType[3]': 'routing',
      'keyDestination[3]': '0',
      'keyIvr[3]': '0',
      'keyCategory[3]': '0',
      'keyVoicemail[3]': '0',
    });
    expect(callsTo(fetch, '/api/manageivrrouting/getIvrList/1')).toHaveLength(2);
  });

  test('keys run 1-9, 0, * and #, at most twelve, renumbered after a remove; the last key stays', async () => {
    const { user } = setup(0);
    await ready();
    for (let i = 0; i < 11; i++) await user.click(screen.getByRole('button', { name: 'Add key' }));
    expect(keyLabels()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#']);
    expect(screen.getByRole('button', { name: 'Add key' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Description, key 3' }), 'Third');
    await user.click(screen.getByRole('button', { name: 'Remove key 2' }));
    expect(keyLabels()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*']);
    expect(screen.getByRole('textbox', { name: 'Description, key 2' })).toHaveValue('Third');
    expect(screen.getByRole('button', { name: 'Add key' })).toBeEnabled();

    for (let i = 0; i < 10; i++) await user.click(screen.getByRole('button', { name: 'Remove key 1' }));
    expect(keyLabels()).toEqual(['1']);
    expect(screen.getByRole('button', { name: 'Remove key 1' })).toBeDisabled();
  });

  test('type changes clear the other target; repeat clears the key and cannot be the default key', async () => {
    const { user } = setup(0);
    await ready();
    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.selectOptions(control('Category, key 1'), 'Sales');
    await user.selectOptions(control('Type, key 1'), 'IVR');
    expect(control('IVR, key 1')).toHaveValue('0');
    await user.selectOptions(control('Type, key 1'), 'Destination plan');
    expect(control('Destination plan, key 1')).toHaveValue('0');

    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.selectOptions(control('Default key'), '1');
    await user.click(screen.getByRole('radio', { name: 'Repeat, key 1' }));
    expect(screen.queryByRole('combobox', { name: 'Destination plan, key 1' })).not.toBeInTheDocument();
    expect(control('Category, key 1')).toHaveValue('0');
    expect(control('Default key')).toHaveAccessibleDescription("Default key can't be set as repeat key.");

    await user.click(screen.getByRole('radio', { name: 'No repeat key' }));
    expect(control('Destination plan, key 1')).toHaveValue('0');
    expect(control('Default key')).not.toHaveAccessibleDescription("Default key can't be set as repeat key.");
  });

  test('categories must differ between keys', async () => {
    const { user } = setup(0);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.selectOptions(control('Category, key 1'), 'Sales');
    await user.selectOptions(control('Category, key 2'), 'Sales');
    expect(control('Category, key 2')).toHaveAccessibleDescription('Category must be unique.');
  });

  test("a key's category + opens Add category; the saved category is chosen for that key", async () => {
    let categories = [
      { id: 81, description: 'Sales' },
      { id: 82, description: 'Support' },
    ];
    const { fetch, user } = setup(0, {
      '/api/manageroutings/getCategories': () => jsonResponse({ categories }),
      '/api/managecallcategories/createNew': () => {
        categories = [...categories, { id: 83, description: 'Bookings' }];
        return jsonResponse({ success: true, id: 83 });
      },
    });
    await ready();
    const row = screen.getByRole('row', { name: /^1\b/ });
    await user.click(within(row).getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await user.type(within(dialog).getByLabelText('Description'), 'Bookings');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add category' })).not.toBeInTheDocument());
    expect(posted(callsTo(fetch, '/api/managecallcategories/createNew')[0][1])).toEqual({ form_description: 'Bookings' });
    await waitFor(() => expect(control('Category, key 1')).toHaveDisplayValue('Bookings'));
    expect(callsTo(fetch, '/api/manageroutings/getCategories')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Add IVR' })).toBeInTheDocument();
  });

  test('hang up after the audio removes the keys and the report group; off brings one key back', async () => {
    const { user } = setup(0);
    await ready();
    await user.selectOptions(control('Report group'), 'North');
    await user.click(screen.getByRole('button', { name: 'Add key' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hang up after the audio' }));
    expect(screen.queryByRole('table', { name: 'Keys' })).not.toBeInTheDocument();
    expect(screen.getByText('The call hangs up after the intro audio: this menu has no keys.')).toBeInTheDocument();
    expect(control('Report group')).toHaveValue('0');
    expect(control('Report group')).toBeDisabled();
    expect(control('Report group')).toHaveAccessibleDescription('A menu that hangs up after its audio has no report group.');

    await user.click(screen.getByRole('checkbox', { name: 'Hang up after the audio' }));
    expect(keyLabels()).toEqual(['1']);
  });

  test('the description is checked against the other IVRs as it is typed; repeat audio is 0 to 9', async () => {
    const { user } = setup(0);
    await ready();
    await user.type(screen.getByLabelText('Description'), 'billing menu');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description must be unique.');
    await user.clear(screen.getByLabelText('Repeat audio'));
    await user.type(screen.getByLabelText('Repeat audio'), '12');
    expect(screen.getByLabelText('Repeat audio')).toHaveAccessibleDescription(
      'Please choose a maximum of 9 times to repeat this option.',
    );
  });

  test('a 422 lands on its fields, descriptionError on the description', async () => {
    const { user } = setup(0, {
      [CREATE]: () =>
        unprocessable(
          'DESCRIPTION_NOT_UNIQUE',
          { 'keyDescription[0]': 'Description length must not exceed 60 characters.' },
          { descriptionError: 'Description must be unique.' },
        ),
    });
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Sales menu');
    await user.selectOptions(control('Intro audio'), 'Welcome message');
    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Reception');
    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description must be unique.'),
    );
    expect(screen.getByRole('textbox', { name: 'Description, key 1' })).toHaveAccessibleDescription(
      'Description length must not exceed 60 characters.',
    );
  });

  test('any other failure gives the IVR save message with the contact details', async () => {
    const { user } = setup(0, { [CREATE]: () => jsonResponse({ success: false }, 500) });
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Sales menu');
    await user.selectOptions(control('Intro audio'), 'Welcome message');
    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Reception');
    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong please contact us at 0161 496 0000 or via email at clientservices@calltrack.example.',
    );
  });

  test('a new IVR added from a key is a child IVR of that IVR, with the terms accepted', async () => {
    const { fetch, user, onSaved } = setup(
      0,
      { '/api/manageivrrouting/createIvr/71': () => jsonResponse({ success: true, ivrId: 76 }) },
      { acceptTerms: true, parentIvrId: 71 },
    );
    await ready();
    await user.type(screen.getByLabelText('Description'), 'Refunds');
    await user.selectOptions(control('Intro audio'), 'Welcome message');
    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Reception');
    await user.selectOptions(control('Destination plan, key 1'), 'Reception');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(76));
    const fields = posted(callsTo(fetch, '/api/manageivrrouting/createIvr/71')[0][1]);
    expect(fields.isChildIvr).toBe('1');
    expect(fields.acceptTerms).toBe('1');
  });

  test('Edit IVR loads the menu with the Heads up banner; Update asks first, then posts the record id', async () => {
    const { fetch, user, onSaved } = setup(71, { [UPDATE]: () => jsonResponse({ success: true, ivrId: 71 }) });
    expect(await screen.findByLabelText('Description')).toHaveValue('Main menu');
    expect(screen.getByRole('dialog', { name: 'Edit IVR' })).toBeInTheDocument();
    await waitFor(() => expect(control('Category, key 1')).toHaveDisplayValue('Sales'));
    expect(keyLabels()).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('radio', { name: 'Repeat, key 4' })).toBeChecked();
    expect(control('Default key')).toHaveDisplayValue('1: Reception');
    expect(screen.getByRole('checkbox', { name: 'Log key presses' })).toBeChecked();
    await waitFor(() => expect(control('Report group')).toHaveDisplayValue('North'));
    // The secondary report groups are not there yet (404): only None, and the library's failure message.
    expect(within(control('Secondary report group')).getAllByRole('option').map((o) => o.textContent)).toEqual(['None']);
    expect(control('Secondary report group')).toHaveAccessibleDescription(/^Something went wrong\. Please try again/);

    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Heads up! Changing this record will affect other pools/numbers');
    await user.click(within(note).getByRole('button', { name: 'Show which' }));
    const sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(sure).getByRole('list', { name: 'Affected numbers' })).toHaveTextContent('0161 496 0001');
    expect(within(sure).getByRole('list', { name: 'Affected pools' })).toHaveTextContent('Website pool');
    await user.click(within(sure).getByRole('button', { name: 'Close' }));

    await user.clear(screen.getByRole('textbox', { name: 'Description, key 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, key 1' }), 'Front desk');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(callsTo(fetch, UPDATE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(71));
    const fields = posted(callsTo(fetch, UPDATE)[0][1]);
    expect(fields).toMatchObject({
      form_record_id: '71',
      ivrId: '71',
      description: 'Main menu',
      'keyDescription[0]': 'Front desk',
      'keyIvr[1]': '72',
      repeatMenu: '4',
    });
    expect(fields.acceptTerms).toBeUndefined();
  });

  test('Save as new needs a description of its own; past the credits the server asks for the terms', async () => {
    let saves = 0;
    const { fetch, user, onSaved } = setup(72, {
      [CREATE]: (init) => {
        saves++;
        return posted(init).acceptTerms === '1'
          ? jsonResponse({ success: true, ivrId: 77 })
          : unprocessable('VALIDATION_FAILED', { terms: 'Please accept the terms to add another IVR.' });
      },
      '/api/managemultilevelivr/getMultiIvrCharges': charges(3),
    });
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('Billing menu'));
    await waitFor(() => expect(control('Category, key 1')).toBeEnabled());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('Description must be unique.');
    expect(saves).toBe(0);

    await user.type(screen.getByLabelText('Description'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    const terms = await screen.findByRole('dialog', { name: 'Multi-level IVR' });
    await within(terms).findByText('£5 per IVR per month');
    await user.click(within(terms).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(within(terms).getByRole('button', { name: 'Add IVR' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(77));
    const calls = callsTo(fetch, CREATE);
    expect(calls).toHaveLength(2);
    expect(posted(calls[1][1])).toMatchObject({ description: 'Billing menu 2', isChildIvr: '1', acceptTerms: '1' });
  });

  test('a menu that fails to load says so', async () => {
    setup(79);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong\. Please try again or contact us/);
    expect(screen.getByRole('dialog', { name: 'Edit IVR' })).toBeInTheDocument();
  });
});
