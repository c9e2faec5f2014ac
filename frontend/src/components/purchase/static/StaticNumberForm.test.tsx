import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { StaticDetails } from './api';
import { SnackbarProvider } from '../../Snackbar';
import { afterPurchase, StaticNumberForm } from './StaticNumberForm';

const DETAILS: StaticDetails = {
  mediaOwners: [{ id: 31, description: 'Reach plc' }],
  departments: [{ id: 21, description: 'Sales' }],
  channels: [{ id: 11, description: 'Print' }],
  campaigns: [{ id: 1, description: 'Website' }],
  destinationPlans: [{ id: 5, plan: 'Office hours' }],
  prefixes: [{ id: 2, prefix: '0114 496', description: 'Sheffield' }],
  restrictedDestinationPrefixes: ['09'],
  pricelist: { price: 5, billing_frequency: 'month', minimum_term: 1, cost_per_call: [{ cost: '1.5p per minute', range: 'Inbound calls' }] },
  staticsAvailableOnAccount: 3,
  purchaseNote: { included: true, text: 'Included in your plan: 3 static numbers left, so this one costs nothing extra.' },
  countryCodes: [{ id: 1, description: 'United Kingdom', code: '44' }],
  callRecordingAvailable: false,
};

function Landed() {
  const location = useLocation();
  return <p>{`landed ${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

function renderForm(details: StaticDetails = DETAILS) {
  render(
    <MemoryRouter initialEntries={['/services/static']}>
      <SnackbarProvider>
        <Routes>
          <Route path="/services/static" element={<StaticNumberForm details={details} />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </SnackbarProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Prefix'), '2');
  await user.selectOptions(screen.getByLabelText('Destination plan'), '5');
  await user.selectOptions(screen.getByLabelText('Campaign'), '1');
  await user.type(screen.getByLabelText('Media description'), 'Van signage');
}

const SEARCH = () => jsonResponse({ numbers: [{ id: 77, number: '01144960001' }] });

describe('the static number form', () => {
  test('each rule shows on Save, nothing is posted; recording is off without inbound recording', async () => {
    const fetch = stubApi({});
    const user = renderForm();
    expect(screen.getByRole('switch', { name: 'Call recording' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByText('Prefix is required.')).toBeInTheDocument();
    expect(screen.getByText('Destination plan is required.')).toBeInTheDocument();
    expect(screen.getByText('Campaign is required.')).toBeInTheDocument();
    expect(screen.getByText('Media description is required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('with statics left it buys the first free number and goes to the campaign with the success text', async () => {
    const fetch = stubApi({
      '/api/classicnumbers/searchForNumbers': SEARCH,
      '/api/classicnumbers/buyNumbers': () => jsonResponse({ numbers: ['01144960001'] }),
    });
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(
      await screen.findByText(
        'landed /campaigns/1 Your static number has been successfully added. The number that was added is 0114 496 0001.',
      ),
    ).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('buyNumbers'))![1]!.body as FormData;
    expect(body.getAll('numbers[]')).toEqual(['77']);
    expect(body.get('terms')).toBe('0');
    expect(body.get('mediaDescription')).toBe('Van signage');
  });

  test("what it costs, as the server says it, sits right above Buy", async () => {
    stubApi({});
    renderForm({
      ...DETAILS,
      staticsAvailableOnAccount: 0,
      purchaseNote: { included: false, text: 'Your plan’s static numbers are all in use: this one costs £5 per month.' },
    });
    const note = screen.getByLabelText('What it costs');
    expect(note).toHaveTextContent('this one costs £5 per month.');
    const buy = screen.getByRole('button', { name: 'Buy' });
    // The note comes before the button in reading order.
    expect(note.compareDocumentPosition(buy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  test('beyond the plan the price shows and Buy waits for the terms', async () => {
    const fetch = stubApi({
      '/api/classicnumbers/searchForNumbers': SEARCH,
      '/api/classicnumbers/buyNumbers': () => jsonResponse({ numbers: ['01144960001'] }),
    });
    const allInUse = 'Your plan’s static numbers are all in use: this one costs £5 per month.';
    const user = renderForm({ ...DETAILS, staticsAvailableOnAccount: 0, purchaseNote: { included: false, text: allInUse } });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a static number' });
    expect(dialog).toHaveTextContent(allInUse);
    expect(dialog).toHaveTextContent('0114 496 0001: £5 per month');
    expect(within(dialog).getByRole('cell', { name: '1.5p per minute' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Buy' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByLabelText('I accept the terms and conditions'));
    await user.click(save);
    expect(await screen.findByText(/^landed \/campaigns\/1/)).toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('buyNumbers'))![1]!.body as FormData;
    expect(body.get('terms')).toBe('1');
  });

  test('a number someone else bought first says so and keeps the form', async () => {
    stubApi({
      '/api/classicnumbers/searchForNumbers': SEARCH,
      '/api/classicnumbers/buyNumbers': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { numbers: 'A number you chose has just been bought by someone else. Please choose again.' } },
          422,
        ),
    });
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('has just been bought by someone else');
    expect(screen.getByLabelText('Media description')).toHaveValue('Van signage');
  });

  test('a campaign added inline goes to the top and is chosen', async () => {
    stubApi({ '/api/managecampaigns/insertCampaign': () => jsonResponse({ id: 9 }) });
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Add campaign' });
    await user.type(within(dialog).getByLabelText('Description'), 'website');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Description must be unique.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Bus shelters');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const campaign = screen.getByLabelText('Campaign');
    await vi.waitFor(() => expect(campaign).toHaveValue('9'));
    expect(within(campaign).getAllByRole('option')[1]).toHaveTextContent('Bus shelters');
    expect(await screen.findByText("Campaign 'Bus shelters' added and chosen.")).toBeInTheDocument();
  });

  test('a new service plan can be saved only once its description is known to be unique', async () => {
    let unique = false;
    stubApi({
      '/api/timeofday/checkUniquePlanDescription': () => jsonResponse({ descriptionValid: unique }),
      '/api/timeofday/createNewServicePlan': () => jsonResponse({ planId: 44 }),
    });
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'New service plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New service plan' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByLabelText('Description'), 'Van line');
    // The international code starts on the UK's.
    expect(within(dialog).getByLabelText('International code')).toHaveValue('1');
    await user.type(within(dialog).getByLabelText('Destination number'), '09044960590');
    await vi.waitFor(() => expect(within(dialog).getByText('Description must be unique.')).toBeInTheDocument());
    expect(save).toBeDisabled();
    unique = true;
    await user.type(within(dialog).getByLabelText('Description'), ' 2');
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(within(dialog).getByText('This number prefix is restricted.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Destination number'));
    // Typed as people write numbers.
    await user.type(within(dialog).getByLabelText('Destination number'), '+44 7700 900123');
    await user.click(save);
    await vi.waitFor(() => expect(screen.getByLabelText('Destination plan')).toHaveValue('44'));
  });

  test('after a purchase: Google Business Profile, Facebook Pages, else the campaign', () => {
    expect(afterPurchase('GoogleBusinessProfile', '01144960001', 1)).toBe('/googlebusinessprofile?number=01144960001');
    expect(afterPurchase('FacebookPages', '01144960001', 1)).toBe('/facebookpages?number=01144960001');
    expect(afterPurchase(null, '01144960001', 3)).toBe('/campaigns/3');
  });
});
