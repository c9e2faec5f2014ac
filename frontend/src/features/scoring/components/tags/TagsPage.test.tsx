import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/fixtures';
import type { TagsPage as TagsData } from '../../api/tags';
import { TagsPage } from './TagsPage';

function page(canEdit = true): TagsData {
  return {
    canEdit,
    applyDays: 90,
    sources: [{ value: '3', label: 'google / cpc' }],
    campaigns: [{ value: '9', label: 'Implants' }],
    outcomes: [
      { value: 'answered', label: 'Answered' },
      { value: 'missed', label: 'Missed' },
    ],
    tags: [
      {
        id: 1,
        description: 'Qualified lead',
        colour: '#2e7d32',
        calls30Days: 12,
        calls: 40,
        deleteQuestion: "Delete the tag 'Qualified lead'? It will be removed from 40 calls.",
        rules: [
          {
            id: 7,
            form: { sourceMedium: '3', campaign: '', minDuration: '60', key: '', firstTime: '', outcome: '' },
            conditions: ['Source / medium is google / cpc', 'Talked for at least 60 seconds'],
          },
        ],
      },
    ],
  };
}

function renderPage(canEdit = true) {
  const fetch = stubApi({
    '/api/tags/getTags': () => jsonResponse(page(canEdit)),
    '/api/tags/addTag': () => jsonResponse({ success: true, id: 2 }),
    '/api/tags/addRule/1': () =>
      jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_source_medium: 'Choose a source / medium from the list.' } }, 422),
    '/api/tags/applyRules': () =>
      jsonResponse({ success: true, checked: 340, tagged: 12, days: 90, message: '12 calls tagged of 340 calls in the last 90 days.' }),
    '/api/tags/deleteTag/1': () => jsonResponse({ success: true, calls: 40 }),
  });
  render(
    <MemoryRouter>
      <TagsPage title="Tags" />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe('the tags page', () => {
  test('lists each tag with its colour, calls and rules in words', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getByText('Qualified lead')).toHaveStyle({ backgroundColor: '#2e7d32' });
    expect(within(table).getByRole('link', { name: '12 calls tagged Qualified lead in the call log' })).toHaveAttribute(
      'href',
      '/reports?tag=1',
    );
    expect(within(table).getByText(/Source \/ medium is google \/ cpc and Talked for at least 60 seconds/)).toBeInTheDocument();
  });

  test('a tag is added with the domain checking the name and the colour as typed', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add tag' });
    await user.type(within(dialog).getByLabelText('Description'), 'qualified lead');
    await user.clear(within(dialog).getByLabelText('Colour'));
    await user.type(within(dialog).getByLabelText('Colour'), '#ffeb3b');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Description must be unique.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Choose a darker colour/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Hot lead');
    await user.clear(within(dialog).getByLabelText('Colour'));
    await user.type(within(dialog).getByLabelText('Colour'), '#b71c1c');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The tag 'Hot lead' was saved.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/tags/addTag'))).toBe(true);
  });

  test("a rule needs a condition, and the server's message lands on its field", async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add rule to Qualified lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Add rule to Qualified lead' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(within(dialog).getByText('A rule needs at least one condition.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Source / medium'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Choose a source / medium from the list.')).toBeInTheDocument();
  });

  test('apply to past calls tells what it did in words', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Apply to past calls' }));
    expect(await screen.findByRole('status')).toHaveTextContent('12 calls tagged of 340 calls in the last 90 days.');
  });

  test('deleting asks first, with the calls the tag is on', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Qualified lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("Delete the tag 'Qualified lead'? It will be removed from 40 calls.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The tag was deleted and taken off 40 calls.'));
  });

  test('without the edit right the page only reads', async () => {
    renderPage(false);
    await screen.findByRole('table', { name: 'Tags' });
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply to past calls' })).toBeNull();
  });
});
