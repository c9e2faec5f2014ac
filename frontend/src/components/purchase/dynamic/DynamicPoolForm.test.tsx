import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { DynamicDetails } from './api';
import { DynamicPoolForm } from './DynamicPoolForm';

const DETAILS: DynamicDetails = {
  internationalCodes: [{ id: 1, description: 'United Kingdom', countryCode: '44' }],
  prefixes: [{ id: 5, prefix: '0161 496', description: 'Manchester' }],
  numberFormats: [
    { id: 1, format: '0XXXX XXXXXX' },
    { id: 2, format: '0XXX XXX XXXX' },
  ],
  internationalFormats: [{ id: 1, format: '+44 XXXX XXXXXX' }],
  servicePlans: [{ id: 7, plan: 'Office hours' }],
  restrictedDestinationPrefixes: ['09'],
  audio: [],
  dtmfPostCallOptions: [],
  midCallAudioOptions: [
    { id: 0, description: 'None' },
    { id: 1, description: 'Ringing' },
  ],
  poolsAvailableOnAccount: 0,
  purchaseNote: { included: false, text: 'Your plan’s pools are all in use: this one costs £25 per month.' },
  advancedSettingsLocked: false,
  upgradePrompt: 'This is available by upgrading to the Professional plan',
};

const PRICES = { price: 25, billing_frequency: 'month', minimum_term: 1, cost_per_call: [] };

function Landed() {
  const location = useLocation();
  return <p>{`landed ${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

function renderForm(details: DynamicDetails = DETAILS, dynamicUrl = 0) {
  render(
    <MemoryRouter initialEntries={['/services/dynamic']}>
      <Routes>
        <Route path="/services/dynamic" element={<DynamicPoolForm details={details} dynamicUrl={dynamicUrl} />} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('the dynamic URL and pool form', () => {
  test('defaults: bots filter off, the first number format, Custom offered last', () => {
    stubApi({});
    renderForm();
    expect(screen.getByRole('switch', { name: 'Filter out bots' })).not.toBeChecked();
    const format = screen.getByLabelText('Number format');
    expect(format).toHaveValue('1');
    expect(within(format).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '0XXXX XXXXXX',
      '0XXX XXX XXXX',
      'Custom',
    ]);
  });

  test('errors show on Save and the first one is scrolled to 160 px below the top', async () => {
    const fetch = stubApi({});
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Number format'), '0');
    await user.type(screen.getByLabelText('Custom format'), 'XXXX');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByText('Dynamic URL is required.')).toBeInTheDocument();
    expect(screen.getByText('Pool name is required.')).toBeInTheDocument();
    expect(screen.getByText('Number prefix is required.')).toBeInTheDocument();
    expect(screen.getByText("You must have 10 X's in your custom number format")).toBeInTheDocument();
    await vi.waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(screen.getByLabelText('Dynamic URL')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('numbers to replace must differ', async () => {
    stubApi({});
    const user = renderForm();
    await user.type(screen.getByLabelText('Number to replace 1'), '0161 496 0000');
    await user.click(screen.getByRole('button', { name: 'Add a number to replace' }));
    await user.type(screen.getByLabelText('Number to replace 2'), '01614960000');
    await user.tab();
    expect(screen.getByText('Number must be unique')).toBeInTheDocument();
  });

  test('past the credits the price comes first, then the terms, then the dynamic URL page', async () => {
    const fetch = stubApi({
      '/api/managevisioncampaigns/checkEligibility': () => jsonResponse({ enoughCredits: false, priceList: PRICES }),
      '/api/managevisioncampaigns/insert': () => jsonResponse({ success: true, campaignId: 12, numbers: [] }),
    });
    const user = renderForm();
    await user.type(screen.getByLabelText('Dynamic URL'), 'www.stoneandsons.test/offers');
    await user.type(screen.getByLabelText('Pool name'), 'Offers');
    await user.selectOptions(screen.getByLabelText('Number prefix'), '5');
    await user.selectOptions(screen.getByLabelText('Number format'), '0');
    await user.type(screen.getByLabelText('Custom format'), '(XXXXX) XXXXX');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a dynamic URL' });
    expect(dialog).toHaveTextContent('costs £25 per month');
    const save = within(dialog).getByRole('button', { name: 'Buy' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I accept the terms and conditions'));
    await user.click(save);
    expect(await screen.findByText('landed /dynamicurls/12 Offers has been added successfully.')).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('insert'))![1]!.body as FormData;
    expect(body.get('terms')).toBe('1');
    expect(body.get('numberFormat')).toBe('0');
    expect(body.get('customFormat')).toBe('(XXXXX) XXXXX');
  });

  test('Starter meets mid call divert and the advanced settings disabled with the upgrade prompt', () => {
    stubApi({});
    renderForm({ ...DETAILS, advancedSettingsLocked: true });
    const divert = screen.getByRole('switch', { name: 'Mid call divert' });
    expect(divert).toBeDisabled();
    expect(divert).toHaveAccessibleDescription('This is available by upgrading to the Professional plan');
    expect(screen.getByLabelText('Mid call audio')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Mid call attribution' })).toBeDisabled();
  });

  test('the jargon fields say what they do, and the cost is said before Buy', () => {
    stubApi({});
    renderForm();
    expect(screen.getByRole('switch', { name: 'Mid call divert' })).toHaveAccessibleDescription(
      'Lets whoever answers pass the caller on to another number during the call; the call stays tracked to this pool.',
    );
    expect(screen.getByRole('group', { name: 'Numbers to replace' })).toHaveAccessibleDescription(
      "The phone numbers on your website that visitors see now: the tracking code swaps them for this pool's numbers.",
    );
    expect(screen.getByLabelText('Post URL')).toHaveAccessibleDescription(/receives each call's details/);
    expect(screen.getByLabelText('What it costs')).toHaveTextContent('this one costs £25 per month.');
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
  });

  test('a pool on an existing dynamic URL asks for no URL and checks its own credits', async () => {
    const fetch = stubApi({
      '/api/managevisioncampaigns/checkEligibility': () => jsonResponse({ enoughCredits: true, priceList: PRICES }),
      '/api/managevisioncampaigns/insert': () => jsonResponse({ success: true, campaignId: 5, numbers: [] }),
    });
    const user = renderForm({ ...DETAILS, poolsAvailableOnAccount: 2 }, 5);
    expect(screen.queryByLabelText('Dynamic URL')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Pool name'), 'Van ads');
    await user.selectOptions(screen.getByLabelText('Number prefix'), '5');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText(/^landed \/dynamicurls\/5 Van ads has been added successfully\./)).toBeInTheDocument();
    const check = fetch.mock.calls.find(([url]) => String(url).includes('checkEligibility'))![1]!.body as FormData;
    expect([check.get('type'), check.get('campaign_id')]).toEqual(['pool', '5']);
  });
});
