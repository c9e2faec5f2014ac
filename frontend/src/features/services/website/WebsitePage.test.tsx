import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import { WebsitePage, websiteAdded } from './WebsitePage';

const REQUIRED = 'Website address is required.';

function Landed() {
  const location = useLocation();
  return <p>{(location.state as { notice?: string } | null)?.notice}</p>;
}

function renderPage(details: object, add?: () => Response) {
  const fetch = stubApi({
    '/api/services/getWebsiteDetails': () => jsonResponse(details),
    ...(add ? { '/api/services/addWebsite': add } : {}),
  });
  render(
    <MemoryRouter initialEntries={['/services/website']}>
      <Routes>
        <Route path="/services/website" element={<WebsitePage title="Add your website" />} />
        <Route path="/dynamicurls/:id" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup() };
}

const included = { included: true, includedInPlan: 1, servicePlans: [{ id: 4, plan: 'Practice line' }] };

describe('the website form', () => {
  test('adds the included website by its address and lands on its tracking code', async () => {
    const { fetch, user } = renderPage(included, () => jsonResponse({ success: true, campaignId: 9, numbers: [] }));
    const form = await screen.findByRole('form', { name: 'Add your website' });
    expect(form).toHaveTextContent('Nothing more is charged.');
    // One service plan: chosen for its calls.
    expect(screen.getByLabelText('Calls go to')).toHaveValue('4');
    await user.type(screen.getByLabelText('Website address'), 'www.lakesidephysio.example');
    await user.type(screen.getByLabelText('Phone number on your website'), '0117 496 0123');
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    expect(await screen.findByText(websiteAdded('www.lakesidephysio.example'))).toBeInTheDocument();
    const body = fetch.mock.calls.find(([u]) => String(u).includes('addWebsite'))?.[1]?.body as FormData;
    expect([body.get('websiteUrl'), body.get('numberShown'), body.get('servicePlan')]).toEqual([
      'www.lakesidephysio.example',
      '0117 496 0123',
      '4',
    ]);
  });

  test("each refusal is said on its field, and what was typed stays", async () => {
    renderPage(included, () => jsonResponse({ success: false, errors: { websiteUrl: REQUIRED } }, 422));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number on your website'), '0117');
    await user.click(screen.getByRole('button', { name: 'Add website' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('Website address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone number on your website')).toHaveValue('0117');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('with the included website in use it leads to the full form, where the price is', async () => {
    renderPage({ included: false, includedInPlan: 1, servicePlans: [] });
    expect(await screen.findByText(/The website your plan includes is set up already/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add dynamic URLs' })).toHaveAttribute('href', '/services/dynamic');
    expect(screen.queryByRole('form', { name: 'Add your website' })).toBeNull();
  });
});
