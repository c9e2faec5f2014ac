import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { CategoriesPage as Data } from '../api';
import { CategoriesPage, LOAD_FAILED } from './CategoriesPage';

const REFUSAL = "The category 'Billing question' is used by IVR 'Billing menu' key 1: choose another category there first.";

function page(canEdit = true): Data {
  return {
    canEdit,
    categories: [
      {
        id: 5,
        description: 'Billing question',
        calls30Days: 4,
        calls: 19,
        usedBy: ["IVR 'Billing menu' key 1"],
        deleteQuestion: REFUSAL,
      },
      {
        id: 4,
        description: 'Cosmetic consultation',
        calls30Days: 0,
        calls: 0,
        usedBy: [],
        deleteQuestion: "Delete the category 'Cosmetic consultation'? No calls are in it.",
      },
    ],
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}, canEdit = true) {
  const fetch = stubApi({
    '/api/categories/getCategories': () => jsonResponse(page(canEdit)),
    '/api/categories/addCategory': () => jsonResponse({ success: true, id: 6 }),
    '/api/categories/renameCategory/4': () => jsonResponse({ success: true, id: 4 }),
    '/api/categories/deleteCategory/4': () => jsonResponse({ success: true }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <CategoriesPage title="Categories" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

describe('the categories page', () => {
  test('lists each category with its calls and where the routing uses it', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Call categories' });
    const billing = within(table).getByText('Billing question').closest('tr')!;
    expect(within(billing).getByText('19')).toBeInTheDocument();
    expect(within(billing).getByText("IVR 'Billing menu' key 1")).toBeInTheDocument();
    expect(within(table).getByText('Not used by the routing')).toBeInTheDocument();
  });

  test('a category is added with the domain checking the name as typed', async () => {
    const { user, fetch } = renderPage();
    const form = await screen.findByRole('form', { name: 'New category' });
    await user.type(within(form).getByLabelText('New category'), 'billing QUESTION');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(within(form).getByText('Description must be unique.')).toBeInTheDocument();
    expect(posted(fetch, 'addCategory')).toBeUndefined();
    await user.clear(within(form).getByLabelText('New category'));
    await user.type(within(form).getByLabelText('New category'), 'Orthodontics');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText("The category 'Orthodontics' was added.")).toBeInTheDocument();
    expect(posted(fetch, 'addCategory')?.get('form_description')).toBe('Orthodontics');
  });

  test('a category is renamed inline; the server refusal shows at the field', async () => {
    const { user, fetch } = renderPage({
      '/api/categories/renameCategory/4': () =>
        jsonResponse({ success: false, code: 'DESCRIPTION_NOT_UNIQUE', errors: { form_description: 'Description must be unique.' } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Cosmetic consultation' }));
    const form = screen.getByRole('form', { name: 'New name for Cosmetic consultation' });
    await user.clear(within(form).getByLabelText('New name for Cosmetic consultation'));
    await user.type(within(form).getByLabelText('New name for Cosmetic consultation'), 'Whitening');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Description must be unique.')).toBeInTheDocument();
    expect(posted(fetch, 'renameCategory/4')?.get('form_description')).toBe('Whitening');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New name for Cosmetic consultation' })).not.toBeInTheDocument();
  });

  test('a used category is not deleted: the refusal says where; an unused one is deleted after confirming', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Billing question' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Cosmetic consultation' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("Delete the category 'Cosmetic consultation'? No calls are in it.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The category 'Cosmetic consultation' was deleted.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteCategory/5'))).toBe(false);
  });

  test('the server refusing a delete is shown in its words', async () => {
    const { user } = renderPage({
      '/api/categories/deleteCategory/4': () =>
        jsonResponse({ success: false, code: 'CATEGORY_IN_USE', errors: { form_category: 'The category is used by IVR.' } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Cosmetic consultation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The category is used by IVR.');
  });

  test('without the edit right the page only lists', async () => {
    renderPage({}, false);
    await screen.findByRole('table', { name: 'Call categories' });
    expect(screen.queryByRole('button', { name: /Delete|Rename|Add/ })).not.toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/categories/getCategories': () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });

  test('the page has no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Call categories' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    await waitFor(() => expect(screen.getByText('Cosmetic consultation')).toBeInTheDocument());
  });
});
