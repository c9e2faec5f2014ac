import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import {
  SECONDARY_ANSWER,
  callsTo,
  posted,
  renderWithLibrary,
  stubLibrary,
  unprocessable,
  type Answers,
} from '../selectors/libraryTestUtils';
import type { ReportGroupKind } from '../api/extras';
import { ReportGroupDialog } from './ReportGroupDialog';

const NONE_AFFECTED = { numbers: [], number_sets: [] };

function setup(kind: ReportGroupKind, id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary({ ...SECONDARY_ANSWER, ...answers });
  const user = renderWithLibrary(<ReportGroupDialog open kind={kind} id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

describe('Report group dialog', () => {
  test('Add report group: the character rule and uniqueness as typed, then added', async () => {
    const { fetch, user, onSaved } = setup('primary', 0, {
      '/api/managereportgroup/addReportGroup': () =>
        jsonResponse({ success: true, id: 82, affectedPoolsAndNumbers: NONE_AFFECTED }),
    });
    expect(screen.getByRole('dialog', { name: 'Add report group' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), 'North West!');
    expect(screen.getByText(/^Description can only contain: numbers, letters, underscores/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'North West');
    await waitFor(() => expect(screen.getByText('Description must be unique.')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Description'), ' (Bolton)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(82));
    expect(posted(callsTo(fetch, '/api/managereportgroup/addReportGroup')[0][1])).toEqual({
      form_description: 'North West (Bolton)',
    });
    expect(callsTo(fetch, '/api/managereportgroup/getReportGroups')).toHaveLength(2);
  });

  test('Edit secondary report group: update answers affected numbers and pools, shown before closing', async () => {
    const { fetch, user, onSaved } = setup('secondary', 91, {
      '/api/managesecondaryreportgroup/updateReportGroup': () =>
        jsonResponse({
          success: true,
          id: 91,
          affectedPoolsAndNumbers: {
            numbers: [{ NumbNGNumber: '01614960001' }],
            number_sets: [{ VlnsDescription: 'Website pool' }],
          },
        }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Dental implants');
    expect(screen.getByRole('dialog', { name: 'Edit secondary report group' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/routing/history?kind=secondaryReportGroup&record=91',
    );
    await user.type(screen.getByLabelText('Description'), ' & veneers');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const sure = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(sure).getByRole('list', { name: 'Affected numbers' })).toHaveTextContent('0161 496 0001');
    expect(within(sure).getByRole('list', { name: 'Affected pools' })).toHaveTextContent('Website pool');
    expect(onSaved).not.toHaveBeenCalled();
    expect(posted(callsTo(fetch, '/api/managesecondaryreportgroup/updateReportGroup')[0][1])).toEqual({
      form_id: '91',
      form_description: 'Dental implants & veneers',
    });
    await user.click(within(sure).getByRole('button', { name: 'Close' }));
    expect(onSaved).toHaveBeenCalledWith(91);
  });

  test('a taken description from the server shows on the field; other failures give the contact message', async () => {
    let taken = true;
    const { user } = setup('primary', 0, {
      '/api/managereportgroup/addReportGroup': () =>
        taken
          ? unprocessable('DESCRIPTION_NOT_UNIQUE', { form_description: 'Description must be unique.' })
          : jsonResponse({ success: false }, 500),
    });
    await user.type(screen.getByLabelText('Description'), 'South');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();
    taken = false;
    await user.type(screen.getByLabelText('Description'), ' East');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while processing your request. Please try again or contact client services at 0161 496 0000 or via email at clientservices@calltrack.example.',
    );
  });
});
