import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { FieldMessages } from '../../lib/useFieldMessages';
import { TextField } from '../fields';
import { RecordDialog } from './RecordDialog';

const validate = ({ name }: { name: string }): FieldMessages =>
  name.trim() === '' ? { form_name: 'Name is required.' } : name.trim() === 'Red' ? { form_name: 'Name must be unique.' } : {};

function renderDialog(save: (values: { name: string }) => Promise<string>) {
  const onSaved = vi.fn();
  render(
    <RecordDialog
      title="Add colour"
      initial={{ name: '' }}
      validate={validate}
      save={save}
      failedText="The colour could not be saved. Try again later."
      onClose={() => {}}
      onSaved={onSaved}
    >
      {(form) => <TextField label="Name" {...form.field('name', 'form_name')} />}
    </RecordDialog>,
  );
  return { user: userEvent.setup(), onSaved, dialog: screen.getByRole('dialog', { name: 'Add colour' }) };
}

describe('a record dialog', () => {
  test("the domain's message shows as typed and on a save, which it stops", async () => {
    const save = vi.fn(async () => 'saved');
    const { user, dialog } = renderDialog(save);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Red');
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });

  test("a server's refusal lands on its field until the field changes", async () => {
    const refusal = new ApiError(422, { success: false, code: 'NAME_NOT_UNIQUE', errors: { form_name: 'Name must be unique.' } });
    const { user, dialog, onSaved } = renderDialog(async () => Promise.reject(refusal));
    await user.type(within(dialog).getByLabelText('Name'), 'Green');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name must be unique.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Name'), 'er');
    expect(within(dialog).queryByText('Name must be unique.')).toBeNull();
  });

  test('a failure that names no field is said above the form; a save hands on its words', async () => {
    const save = vi.fn().mockRejectedValueOnce(new ApiError(500, null)).mockResolvedValueOnce("The colour 'Green' was saved.");
    const { user, dialog, onSaved } = renderDialog(save);
    await user.type(within(dialog).getByLabelText('Name'), 'Green');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The colour could not be saved. Try again later.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSaved).toHaveBeenCalledWith("The colour 'Green' was saved.");
  });
});
