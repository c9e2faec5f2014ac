import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { FieldMessages } from '../../lib/useFieldMessages';
import { NameForm } from './NameForm';

const validate = (name: string): FieldMessages => (name.trim() === '' ? { form_description: 'Description is required.' } : {});

describe('a name form', () => {
  test('adds a record and empties itself for the next', async () => {
    const onSaved = vi.fn();
    render(
      <NameForm
        label="New category"
        field="form_description"
        initial=""
        validate={validate}
        save={async (name) => `The category '${name}' was added.`}
        onSaved={onSaved}
        failedText="The category could not be saved."
        submitLabel="Add category"
      />,
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'New category' });
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(within(form).getByText('Description is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New category'), 'Orthodontics');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(onSaved).toHaveBeenCalledWith("The category 'Orthodontics' was added.");
    expect(within(form).getByLabelText('New category')).toHaveValue('');
    expect(within(form).queryByText('Description is required.')).toBeNull();
  });

  test("a rename's refusal of another field is said above it", async () => {
    const refusal = new ApiError(422, { errors: { form_category: 'The category is used by IVR.' } });
    render(
      <NameForm
        label="New name for Billing"
        field="form_description"
        initial="Billing"
        validate={validate}
        save={async () => Promise.reject(refusal)}
        onSaved={() => {}}
        failedText="The category could not be saved."
        submitLabel="Save"
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'New name for Billing' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The category could not be saved.');
  });
});
