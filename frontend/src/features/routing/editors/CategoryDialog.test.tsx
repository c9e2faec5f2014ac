import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { callsTo, posted, renderWithLibrary, stubLibrary, unprocessable, type Answers } from '../selectors/libraryTestUtils';
import { CategoryDialog } from './CategoryDialog';

function setup(id: number, answers: Answers = {}) {
  const onSaved = vi.fn();
  const fetch = stubLibrary(answers);
  const user = renderWithLibrary(<CategoryDialog open id={id} onClose={() => {}} onSaved={onSaved} />);
  return { fetch, user, onSaved };
}

describe('Category dialog', () => {
  test('Add category: checked as typed (required, other descriptions taken), then created', async () => {
    const { fetch, user, onSaved } = setup(0, {
      '/api/managecallcategories/createNew': () => jsonResponse({ success: true, id: 73 }),
    });
    expect(screen.getByRole('dialog', { name: 'Add category' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveFocus();

    await user.type(screen.getByLabelText('Description'), 'Sales');
    await waitFor(() => expect(screen.getByText('Description must be unique.')).toBeInTheDocument());
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Bookings');
    expect(screen.queryByText('Description must be unique.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(73));
    // The confirmation outlives the dialog.
    expect(await screen.findByText("Category 'Bookings' saved.")).toBeInTheDocument();
    expect(posted(callsTo(fetch, '/api/managecallcategories/createNew')[0][1])).toEqual({ form_description: 'Bookings' });
    expect(callsTo(fetch, '/api/manageroutings/getCategories')).toHaveLength(2);
  });

  test('Edit category loads the description and updates it; its own description is not taken', async () => {
    const { fetch, user, onSaved } = setup(71, {
      '/api/managecallcategories/updateExisting': () => jsonResponse({ success: true, id: 71 }),
    });
    expect(await screen.findByLabelText('Description')).toHaveValue('Sales');
    expect(screen.getByRole('dialog', { name: 'Edit category' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), ' leads');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(71));
    expect(await screen.findByText("Category 'Sales leads' saved.")).toBeInTheDocument();
    expect(posted(callsTo(fetch, '/api/managecallcategories/updateExisting')[0][1])).toEqual({
      form_record_id: '71',
      form_description: 'Sales leads',
    });
  });

  test('DESCRIPTION_NOT_UNIQUE from the server shows on the description; other failures say so', async () => {
    let unique = false;
    const { user } = setup(0, {
      '/api/managecallcategories/createNew': () =>
        unique
          ? jsonResponse({ success: false }, 500)
          : unprocessable('DESCRIPTION_NOT_UNIQUE', { form_description: 'Description must be unique.' }),
    });
    await user.type(screen.getByLabelText('Description'), 'Complaints');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description must be unique.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    unique = true;
    await user.type(screen.getByLabelText('Description'), 's');
    expect(screen.queryByText('Description must be unique.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
