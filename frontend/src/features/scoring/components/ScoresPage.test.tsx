import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { ScoresPage as Data } from '../api';
import { ScoresPage } from './ScoresPage';

function page(canEdit = true): Data {
  return {
    canEdit,
    applyDays: 90,
    sources: [{ value: '3', label: 'google / cpc' }],
    campaigns: [],
    outcomes: [{ value: 'answered', label: 'Answered' }],
    scorecards: [
      {
        id: 1,
        name: 'New patient call',
        scoredCalls: 12,
        deleteQuestion: "Delete the scorecard 'New patient call'? Its scores of 12 calls will be removed.",
        questions: [
          { text: 'Did we offer an appointment?', kind: 'yesNo', weight: 5 },
          { text: 'How friendly was the call?', kind: 'scale', weight: 2 },
        ],
      },
    ],
    leadRules: [
      {
        id: 3,
        form: { sourceMedium: '', campaign: '', minDuration: '120', key: '', firstTime: '', outcome: 'answered' },
        conditions: ['Talked for at least 120 seconds', 'Outcome is Answered'],
      },
    ],
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    '/api/scores/getScores': () => jsonResponse(page()),
    '/api/scores/addScorecard': () => jsonResponse({ success: true, id: 2 }),
    '/api/scores/addLeadRule': () => jsonResponse({ success: true, id: 4 }),
    '/api/scores/applyLeadRules': () =>
      jsonResponse({ success: true, checked: 340, goodLeads: 12, days: 90, message: '12 good leads of 340 calls in the last 90 days.' }),
    '/api/scores/deleteScorecard/1': () => jsonResponse({ success: true, calls: 12 }),
    ...routes,
  });
  render(
    <MemoryRouter>
      <ScoresPage title="Scores" />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.find(([url]) => String(url).includes(part))?.[1]?.body as FormData | undefined;

describe('the scores page', () => {
  test('lists the scorecards with their questions and scored calls, and the lead rules in words', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Scorecards' });
    const questions = within(table).getByRole('list', { name: 'Questions of New patient call' });
    expect(within(questions).getByText('Did we offer an appointment?')).toBeInTheDocument();
    expect(within(questions).getByText('(1 to 5, weight 2)')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /12 calls scored with New patient call/ })).toHaveAttribute(
      'href',
      '/reports?score=scored',
    );
    expect(screen.getByRole('list', { name: 'Lead rules' })).toHaveTextContent(
      'Good lead when: Talked for at least 120 seconds and Outcome is Answered',
    );
  });

  test('a scorecard is added with its questions, the domain checking them as typed', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add scorecard' }));
    const dialog = screen.getByRole('dialog', { name: 'Add scorecard' });
    await user.type(within(dialog).getByLabelText('Name'), 'new PATIENT call');
    await user.click(within(dialog).getByRole('button', { name: 'Save scorecard' }));
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    expect(within(dialog).getByText('Question is required.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Booking call');
    await user.type(within(dialog).getByLabelText('Question 1'), 'Booked?');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await user.type(within(dialog).getByLabelText('Question 2'), 'Tone');
    await user.selectOptions(within(dialog).getByLabelText('Answer 2'), 'scale');
    await user.selectOptions(within(dialog).getByLabelText('Weight 2'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save scorecard' }));
    expect(await screen.findByText("The scorecard 'Booking call' was saved.")).toBeInTheDocument();
    const body = posted(fetch, 'addScorecard')!;
    expect([body.get('form_name'), body.get('form_question_text[1]'), body.get('form_question_kind[1]'), body.get('form_question_weight[1]')]).toEqual(
      ['Booking call', 'Tone', 'scale', '3'],
    );
  });

  test('a lead rule is added and the rules are applied to past calls', async () => {
    const { user, fetch } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add lead rule' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lead rule' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(within(dialog).getByText('A rule needs at least one condition.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('First-time callers only'));
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText(/The lead rule was saved/)).toBeInTheDocument();
    expect(posted(fetch, 'addLeadRule')?.get('form_first_time')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Apply to past calls' }));
    expect(await screen.findByText('12 good leads of 340 calls in the last 90 days.')).toBeInTheDocument();
  });

  test('a scorecard is deleted after the question with its scored calls', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete New patient call' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Its scores of 12 calls will be removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The scorecard was deleted with its scores of 12 calls.')).toBeInTheDocument();
  });

  test('the page and the scorecard dialog have no accessibility violations axe finds', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Scorecards' });
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    let results = await axe.run(document.body, rules);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Edit New patient call' }));
    await screen.findByRole('dialog', { name: 'Edit scorecard' });
    results = await axe.run(document.body, rules);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
