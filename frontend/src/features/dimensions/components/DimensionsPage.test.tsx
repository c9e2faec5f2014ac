import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { DimensionsPage as Data } from '../api';
import { DimensionsPage, LOAD_FAILED } from './DimensionsPage';

function page(canEdit = true): Data {
  return {
    canEdit,
    kinds: [
      { key: 'text', label: 'Text' },
      { key: 'number', label: 'Number' },
      { key: 'choice', label: 'Choice from a list' },
    ],
    dimensions: [
      {
        id: 3,
        name: 'Policy type',
        kind: 'choice',
        kindLabel: 'Choice from a list',
        choices: ['Car', 'Home'],
        calls: 12,
        deleteQuestion: "Delete the custom dimension 'Policy type'? Its values on 12 calls go with it.",
      },
      {
        id: 4,
        name: 'Quoted premium',
        kind: 'number',
        kindLabel: 'Number',
        choices: [],
        calls: 0,
        deleteQuestion: "Delete the custom dimension 'Quoted premium'? No call has a value.",
      },
    ],
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}, canEdit = true) {
  const fetch = stubApi({
    '/api/customdimensions/getDimensions': () => jsonResponse(page(canEdit)),
    '/api/customdimensions/addDimension': () => jsonResponse({ success: true, id: 9 }),
    '/api/customdimensions/deleteDimension/3': () => jsonResponse({ success: true }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <DimensionsPage title="Custom dimensions" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

describe('the custom dimensions page', () => {
  test('lists each field with its type, choices and calls', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Custom dimensions' });
    const policy = within(table).getByText('Policy type').closest('tr')!;
    expect(within(policy).getByText('Choice from a list')).toBeInTheDocument();
    expect(within(policy).getByText('Car, Home')).toBeInTheDocument();
    expect(within(policy).getByText('12')).toBeInTheDocument();
  });

  test('a choice field is added with the domain checking it as typed', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add custom dimension' }));
    const dialog = screen.getByRole('dialog', { name: 'Add custom dimension' });
    await user.type(within(dialog).getByLabelText('Name'), 'policy TYPE');
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Branch');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'choice');
    await user.type(within(dialog).getByLabelText('Choices'), 'Dublin');
    expect(within(dialog).getByText('A choice field needs at least 2 choices, one a line.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Choices'), '{Enter}Cork');
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The custom dimension 'Branch' was saved.")).toBeInTheDocument();
    const body = posted(fetch, 'addDimension')!;
    expect([body.get('form_name'), body.get('form_kind'), body.get('form_choices')]).toEqual([
      'Branch',
      'choice',
      'Dublin\nCork',
    ]);
  });

  test("the server's refusal lands on its field", async () => {
    const refusal = "'Car' is the value of 5 calls: keep it, or change those calls first.";
    const { user } = renderPage({
      '/api/customdimensions/editDimension/3': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_choices: refusal } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Policy type' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit custom dimension' });
    expect(within(dialog).getByLabelText('Choices')).toHaveValue('Car\nHome');
    expect(within(dialog).getByText('The type stays while calls have a value.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Choices'));
    await user.type(within(dialog).getByLabelText('Choices'), 'Home{Enter}Pet');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  test('delete asks first, with the values that go', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Policy type' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent("Delete the custom dimension 'Policy type'? Its values on 12 calls go with it.");
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The custom dimension 'Policy type' was deleted.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('deleteDimension/3'))).toBe(true);
  });

  test('a user who is not an administrator sees the fields without actions', async () => {
    renderPage({}, false);
    await screen.findByRole('table', { name: 'Custom dimensions' });
    expect(screen.queryByRole('button', { name: 'Add custom dimension' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/customdimensions/getDimensions': () => jsonResponse({}, 500) });
    await waitFor(() => expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument());
  });
});
