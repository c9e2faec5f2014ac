import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { OutboundTermsPage as Data } from './api';
import { LOAD_FAILED, OutboundTermsPage } from './OutboundTermsPage';

const AT = 1_795_428_000;

function terms(overrides: Partial<Data> = {}): Data {
  return {
    version: '2026-11',
    title: 'Outbound calling terms',
    paragraphs: ['Outbound calls are charged per agent.', 'Agents present only caller ids you may use.'],
    acceptedBy: null,
    acceptedAt: null,
    canAccept: true,
    ...overrides,
  };
}

function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    '/api/outboundterms/getTerms': () => jsonResponse(terms()),
    '/api/outboundterms/acceptTerms': () =>
      jsonResponse(terms({ acceptedBy: 'owner@demo.test', acceptedAt: AT, canAccept: false })),
    ...routes,
  });
  render(
    <MemoryRouter>
      <main>
        <OutboundTermsPage title="Outbound terms" />
      </main>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe('the outbound terms page', () => {
  test('the owner reads the terms and accepts them; who and when show afterwards', async () => {
    let accepted = false;
    const { user } = renderPage({
      '/api/outboundterms/getTerms': () =>
        jsonResponse(accepted ? terms({ acceptedBy: 'owner@demo.test', acceptedAt: AT, canAccept: false }) : terms()),
      '/api/outboundterms/acceptTerms': () => {
        accepted = true;
        return jsonResponse(terms({ acceptedBy: 'owner@demo.test', acceptedAt: AT, canAccept: false }));
      },
    });
    expect(await screen.findByRole('heading', { name: 'Outbound calling terms' })).toBeInTheDocument();
    expect(screen.getByText('Version 2026-11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the outbound terms' }));
    expect(await screen.findByText('You accepted the outbound terms.')).toBeInTheDocument();
    expect(await screen.findByText(/Accepted by owner@demo.test on 23\/11\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the outbound terms' })).not.toBeInTheDocument();
  });

  test('a user who may not accept is told who does', async () => {
    renderPage({ '/api/outboundterms/getTerms': () => jsonResponse(terms({ canAccept: false })) });
    expect(await screen.findByText(/the account owner accepts the outbound terms/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('a refused acceptance is shown in its words', async () => {
    const { user } = renderPage({
      '/api/outboundterms/acceptTerms': () =>
        jsonResponse(
          { success: false, code: 'TERMS_ACCEPTED_ALREADY', errors: { form_terms: 'The outbound terms are accepted already, by admin@x.test.' } },
          422,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the outbound terms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('accepted already, by admin@x.test.');
  });

  test('a failed load says so', async () => {
    renderPage({ '/api/outboundterms/getTerms': () => jsonResponse({ success: false }, 500) });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
  });

  test('the page has no accessibility violations axe finds (contrast is checked in Chromium)', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Accept the outbound terms' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
