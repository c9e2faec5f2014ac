import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { TextField } from '../fields';
import { RecordDialog } from './RecordDialog';
import { RecordsPage } from './RecordsPage';

type Colour = { id: number; name: string; inUse: boolean };
type Data = { canEdit: boolean; max: number; colours: Colour[] };

const RED: Colour = { id: 1, name: 'Red', inUse: false };
const BLUE: Colour = { id: 2, name: 'Blue', inUse: true };

function renderList(data: Data, remove = vi.fn(async (_id: number) => {}), path = '/colours') {
  const load = vi.fn(async () => data);
  render(
    <MemoryRouter initialEntries={[path]}>
      <main>
        <Routes>
          <Route
            path="/colours/:id?"
            element={
              <RecordsPage
                title="Colours"
                load={load}
                failedText="The colours could not be loaded."
                rows={(d) => d.colours}
                canEdit={(d) => d.canEdit}
                intro={() => <p>The colours of the account.</p>}
                add={{ label: 'Add colour', full: (d) => d.colours.length >= d.max }}
                label="Colours"
                name={(colour) => colour.name}
                emptyText="No colours yet."
                columns={() => [{ id: 'name', header: 'Colour', cell: (c: Colour) => c.name, sortValue: (c) => c.name }]}
                path={{ base: '/colours', missing: 'No such colour in this account.' }}
                editor={(colour, page) => (
                  <RecordDialog
                    title={colour ? `Edit ${colour.name}` : 'Add colour'}
                    initial={{ name: colour?.name ?? '' }}
                    validate={() => ({})}
                    save={async ({ name }) => `The colour '${name}' was saved.`}
                    failedText="The colour could not be saved."
                    onClose={page.close}
                    onSaved={page.saved}
                  >
                    {(form) => <TextField label="Name" {...form.field('name', 'form_name')} />}
                  </RecordDialog>
                )}
                remove={{
                  refusal: (colour) => (colour.inUse ? `'${colour.name}' is in use: it cannot be deleted.` : null),
                  question: (colour) => `Delete the colour '${colour.name}'?`,
                  run: async (colour) => {
                    await remove(colour.id);
                    return `The colour '${colour.name}' was deleted.`;
                  },
                  failed: () => 'The colour could not be deleted.',
                }}
              />
            }
          />
        </Routes>
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), load };
}

describe('a records page', () => {
  test('an empty list says so, and offers Add', async () => {
    renderList({ canEdit: true, max: 5, colours: [] });
    const table = await screen.findByRole('table', { name: 'Colours' });
    expect(within(table).getByText('No colours yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add colour' })).toBeEnabled();
  });

  test('Add is off when the account holds as many as it may', async () => {
    renderList({ canEdit: true, max: 2, colours: [RED, BLUE] });
    expect(await screen.findByRole('button', { name: 'Add colour' })).toBeDisabled();
  });

  test('without the right to change, the list only reads', async () => {
    renderList({ canEdit: false, max: 5, colours: [RED] });
    await screen.findByRole('table', { name: 'Colours' });
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
  });

  test('a delete asks first, then says what it did and loads the list again', async () => {
    const remove = vi.fn(async (_id: number) => {});
    const { user, load } = renderList({ canEdit: true, max: 5, colours: [RED] }, remove);
    await user.click(await screen.findByRole('button', { name: 'Delete Red' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("Delete the colour 'Red'?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent("The colour 'Red' was deleted.");
    expect(remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a failed delete says so; a refused one says why without asking', async () => {
    const remove = vi.fn(async (_id: number) => Promise.reject(new Error('down')));
    const { user } = renderList({ canEdit: true, max: 5, colours: [RED, BLUE] }, remove);
    await user.click(await screen.findByRole('button', { name: 'Delete Blue' }));
    expect(screen.getByRole('alert')).toHaveTextContent("'Blue' is in use: it cannot be deleted.");
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Red' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The colour could not be deleted.');
  });

  test('Edit opens the record in its dialog; a save closes it and says so', async () => {
    const { user } = renderList({ canEdit: true, max: 5, colours: [RED] });
    await user.click(await screen.findByRole('button', { name: 'Edit Red' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Red' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Red');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent("The colour 'Red' was saved.");
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("the list's path with an id opens that record; closed, the path is the list's again", async () => {
    const { user } = renderList({ canEdit: true, max: 5, colours: [RED] }, undefined, '/colours/1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Red' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('an unknown id in the path says so', async () => {
    renderList({ canEdit: true, max: 5, colours: [RED] }, undefined, '/colours/9');
    expect(await screen.findByRole('alert')).toHaveTextContent('No such colour in this account.');
  });
});
