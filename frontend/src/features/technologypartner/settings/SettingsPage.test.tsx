import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { PartnerSettings } from '../api';
import { SettingsPage } from './SettingsPage';

const SETTINGS: PartnerSettings = {
  companyName: 'Quantum Leads Ltd',
  website: 'https://www.quantumleads.example',
  contactName: 'Theo Tran',
  contactEmail: 'integrations@quantumleads.example',
  contactTelephone: '0161 496 0700',
};

function renderPage() {
  render(
    <MemoryRouter>
      <SettingsPage title="Settings" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('technology partner settings', () => {
  test('the domain rules show as typed and nothing is posted until they pass', async () => {
    const fetch = stubApi({
      '/api/technologypartner/getSettings': () => jsonResponse(SETTINGS),
      '/api/technologypartner/saveSettings': () => jsonResponse({ success: true }),
    });
    const user = renderPage();
    expect(await screen.findByLabelText('Company')).toHaveValue('Quantum Leads Ltd');
    const website = screen.getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'quantumleads');
    await user.tab();
    expect(screen.getByText('Website must be a web address starting https:// or http://.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('saveSettings'))).toBe(false);

    await user.clear(website);
    await user.type(website, 'https://quantum.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your settings were saved.');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('saveSettings'))?.[1]?.body as FormData;
    expect([body.get('form_website'), body.get('form_contactName')]).toEqual(['https://quantum.example', 'Theo Tran']);
  });

  test("the server's field messages show with a failure banner, and the form keeps what was typed", async () => {
    stubApi({
      '/api/technologypartner/getSettings': () => jsonResponse(SETTINGS),
      '/api/technologypartner/saveSettings': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_contactEmail: 'Must be a valid email.' } }, 422),
    });
    const user = renderPage();
    await screen.findByLabelText('Company');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your settings could not be saved.');
    expect(screen.getByText('Must be a valid email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Technical contact')).toHaveValue('Theo Tran');
  });
});
