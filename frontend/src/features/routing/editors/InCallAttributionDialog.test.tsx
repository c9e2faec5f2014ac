import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import {
  IN_CALL_ATTRIBUTIONS,
  callsTo,
  posted,
  renderWithLibrary,
  stubLibrary,
  unprocessable,
  type Answers,
} from '../selectors/libraryTestUtils';
import { InCallAttributionDialog } from './InCallAttributionDialog';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary({
    '/api/manageconnections/getInCallAttribution/': () => jsonResponse({ attributions: IN_CALL_ATTRIBUTIONS }),
    ...answers,
  });
  const user = renderWithLibrary(<InCallAttributionDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

const field = (name: string) => screen.getByLabelText(name);

describe('In-call attribution dialog', () => {
  test('Create attribution plan: description and transfer type required, then saved with id 0', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/managedtmf/saveInCall/0': () => jsonResponse({ success: true, id: 102 }),
    });
    expect(screen.getByRole('dialog', { name: 'Create attribution plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as new' })).not.toBeInTheDocument();
    expect(field('Active')).toBeChecked();
    expect(field('Terminator')).toHaveDisplayValue('None');
    expect(field('Delay before')).toHaveDisplayValue('0 seconds');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Transfer type is required.')).toBeInTheDocument();

    await user.type(field('Description'), 'Caller ID capture');
    await waitFor(() => expect(screen.getByText('Description must be unique.')).toBeInTheDocument());
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Caller number');
    await user.selectOptions(field('Transfer type'), "Caller's telephone number");
    await user.selectOptions(field('Terminator'), '#');
    await user.selectOptions(field('Delay after'), '3 seconds');
    await user.click(field('Active'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(102));
    expect(posted(callsTo(fetch, '/api/managedtmf/saveInCall/0')[0][1])).toEqual({
      form_description: 'Caller number',
      form_active_flag: '0',
      form_transfer_type: '2',
      form_terminator: '2',
      form_delay_before: '0',
      form_delay_after: '3',
    });
    expect(callsTo(fetch, '/api/manageconnections/getInCallAttribution/')).toHaveLength(2);
  });

  test('Edit attribution plan: loaded from the list; Update posts its id, Save as new posts 0 and needs a new description', async () => {
    const { fetch, user, onSaved } = setup(101, {
      '/api/managedtmf/saveInCall/101': () => jsonResponse({ success: true, id: 101 }),
      '/api/managedtmf/saveInCall/0': () => jsonResponse({ success: true, id: 103 }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Caller ID capture');
    expect(screen.getByRole('dialog', { name: 'Edit attribution plan' })).toBeInTheDocument();
    expect(field('Transfer type')).toHaveDisplayValue('CallID');
    expect(field('Terminator')).toHaveDisplayValue('#');
    expect(field('Delay before')).toHaveDisplayValue('2 seconds');

    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/managedtmf/saveInCall/0')).toHaveLength(0);
    await user.type(field('Description'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(103));
    expect(posted(callsTo(fetch, '/api/managedtmf/saveInCall/0')[0][1]).form_description).toBe('Caller ID capture 2');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(101));
    expect(posted(callsTo(fetch, '/api/managedtmf/saveInCall/101')[0][1])).toMatchObject({
      form_description: 'Caller ID capture 2',
      form_transfer_type: '1',
      form_delay_before: '2',
    });
  });

  test('the server’s field messages land on their fields; other failures say so', async () => {
    let validation = true;
    const { user } = setup(101, {
      '/api/managedtmf/saveInCall/101': () =>
        validation
          ? unprocessable('VALIDATION_FAILED', { form_transfer_type: 'Transfer type is required.' })
          : jsonResponse({ success: false }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Transfer type is required.')).toBeInTheDocument();
    expect(field('Transfer type')).toHaveAttribute('aria-invalid', 'true');
    validation = false;
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
