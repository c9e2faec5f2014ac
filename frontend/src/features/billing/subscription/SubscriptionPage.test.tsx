import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addonPrice, item, renderPurchase, starterOwner } from '../../../components/purchase/testUtils';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import type { AccountUsage, CallCharges, PeriodUsage } from '../api';
import { SubscriptionPage } from './SubscriptionPage';

function usage(overrides: Partial<AccountUsage> = {}): AccountUsage {
  return {
    dynamicUrls: [{ id: 3, description: 'Implants', url: 'https://implants.example/' }],
    dynamicUrlsCount: 1,
    poolsCount: 2,
    pools: [],
    staticNumbers: 300,
    staticsAvailable: 350,
    poolsAvailable: 15,
    outboundAgents: 2,
    callRecordingStorage: 60,
    freeCallRecordingStorage: 30,
    onlyUseAssignedNumbers: false,
    minutesAvailable: 1000,
    inclusiveMinutesLeft: 380,
    addOns: [{ scope: 'outbound', description: 'Outbound' }],
    planPrice: 149,
    planBillingFrequency: '1',
    ...overrides,
  };
}

const period = (label: string, calls: number): PeriodUsage => ({ label, calls, minutes: calls * 3, totalCost: calls * 0.045 });

const CHARGES: CallCharges = {
  inclusive: { used: 620, total: 1000 },
  inbound: {
    monthlyUsage: { previous: period('October 2026', 200), current: period('November 2026', 120) },
    quarterlyUsage: { previous: period('Jul to Sep 2026', 600), current: period('Oct to Dec 2026', 320) },
  },
  outbound: {
    monthlyUsage: { previous: period('October 2026', 40), current: period('November 2026', 20) },
    quarterlyUsage: { previous: period('Jul to Sep 2026', 90), current: period('Oct to Dec 2026', 60) },
  },
};

function api(overrides: Parameters<typeof stubApi>[0] = {}, figures: AccountUsage = usage()) {
  return stubApi({
    '/api/services/getAccountUsage': () => jsonResponse(figures),
    '/api/services/getCallCharges': () => jsonResponse(CHARGES),
    ...overrides,
  });
}

describe('the plan and usage page', () => {
  test('shows the plan, the usage cards, storage, inclusive minutes and the charges', async () => {
    api();
    const { user } = renderPurchase(account(), { ui: <SubscriptionPage upgrade={false} /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Plan: Professional' })).toBeInTheDocument();
    const statics = screen.getByRole('region', { name: 'Static numbers' });
    expect(await within(statics).findByText('300 / 350')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Dynamic URLs' })).toHaveTextContent('Pools: 2 / 15');
    expect(screen.getByRole('region', { name: 'Outbound agents' })).toHaveTextContent('2');
    expect(screen.getByText('60 days of call recording storage (first 30 days is free)')).toBeInTheDocument();
    expect(screen.getByText('You have 380 minutes left of your 1000 inclusive minutes')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'You have 380 minutes left of your 1000 inclusive minutes' })).toHaveAttribute(
      'value',
      '620',
    );
    const table = await screen.findByRole('table', { name: 'Calls and charges by month' });
    expect(within(table).getByRole('row', { name: /^Inbound calls/ })).toHaveTextContent('Inbound calls200120');
    // Money in pounds and pence: 200 calls × 4.5p is £9.00, 120 × 4.5p is £5.40.
    expect(within(table).getByRole('row', { name: /^Inbound cost/ })).toHaveTextContent('Inbound cost£9.00£5.40');
    await user.click(screen.getByRole('button', { name: 'Quarterly' }));
    expect(screen.getByRole('button', { name: 'Quarterly' })).toHaveAttribute('aria-pressed', 'true');
    const quarters = screen.getByRole('table', { name: 'Calls and charges by quarter' });
    expect(within(quarters).getByRole('columnheader', { name: 'Oct to Dec 2026' })).toBeInTheDocument();
    expect(within(quarters).getByRole('row', { name: /^Outbound cost/ })).toHaveTextContent('£4.05£2.70');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByRole('link', { name: 'Upgrade centre' })).toHaveAttribute('href', '/upgradecentre');
  });

  test('the plus icons are only for customers who buy online', async () => {
    api();
    renderPurchase(account({ customerCanPurchaseOnline: false }), { ui: <SubscriptionPage upgrade={false} /> });
    await screen.findByText('300 / 350');
    expect(screen.queryByRole('button', { name: 'Add a static number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a dynamic URL or pool' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend call recording storage' })).not.toBeInTheDocument();
  });

  test('no numbers left offers contact; otherwise the plus goes to the static number form', async () => {
    api({}, usage({ staticNumbers: 350 }));
    const { user } = renderPurchase(account(), { ui: <SubscriptionPage upgrade={false} /> });
    await screen.findByText('350 / 350');
    await user.click(screen.getByRole('button', { name: 'Add a static number' }));
    const dialog = screen.getByRole('dialog', { name: 'No numbers left' });
    expect(dialog).toHaveTextContent('You have reached your current numbers (or pools) limit');
    expect(dialog).toHaveTextContent('0161 496 0000');
  });

  test('what to add: a pool needs a dynamic URL, opens its form as a modal, and a success says so', async () => {
    api({
      '/api/services/getDynamicDetails': () =>
        jsonResponse({
          internationalCodes: [{ id: 1, description: 'United Kingdom', countryCode: '44' }],
          prefixes: [{ id: 5, prefix: '0161 496', description: 'Manchester' }],
          numberFormats: [{ id: 1, format: '0XXXX XXXXXX' }],
          internationalFormats: [{ id: 1, format: '+44 XXXX XXXXXX' }],
          servicePlans: [],
          restrictedDestinationPrefixes: [],
          audio: [],
          dtmfPostCallOptions: [],
          midCallAudioOptions: [{ id: 0, description: 'None' }],
          poolsAvailableOnAccount: 3,
          purchaseNote: { included: true, text: 'Included in your plan: 3 pools left, so this one costs nothing extra.' },
          advancedSettingsLocked: false,
          upgradePrompt: 'This is available by upgrading to the Professional plan',
        }),
      '/api/managevisioncampaigns/checkEligibility': () =>
        jsonResponse({ enoughCredits: true, priceList: { price: 25, billing_frequency: 'month', minimum_term: 1, cost_per_call: [] } }),
      '/api/managevisioncampaigns/insert': () => jsonResponse({ success: true, campaignId: 3, numbers: [] }),
    });
    const { user } = renderPurchase(account(), { ui: <SubscriptionPage upgrade={false} /> });
    await screen.findByText('300 / 350');
    await user.click(screen.getByRole('button', { name: 'Add a dynamic URL or pool' }));
    const dialog = screen.getByRole('dialog', { name: 'What would you like to add?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Pool' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Please choose a dynamic URL.');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Dynamic URL' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const form = await screen.findByRole('dialog', { name: 'Add dynamic pool' });
    await user.type(await within(form).findByLabelText('Pool name'), 'Booking visitors');
    await user.selectOptions(within(form).getByLabelText('Number prefix'), '5');
    await user.click(within(form).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Booking visitors has been added successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add dynamic pool' })).not.toBeInTheDocument();
  });

  test('?scope= opens that add-on, and a success says so on the page', async () => {
    api({
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice({ name: 'Outbound', items: [item(15)], users: [{ UserID: 4, UserForename: 'Sam', UserSurname: 'Stone' }] })),
      '/api/services/addAddon': () => jsonResponse({ success: true }),
      '/api/accountsettings/getAccountScopes': () => jsonResponse({ packageScopes: [], addonScopes: [], nextPackageScopes: [] }),
    });
    const { user } = renderPurchase(starterOwner(), { ui: <SubscriptionPage upgrade={false} />, path: '/subscription?scope=outbound' });
    const dialog = await screen.findByRole('dialog', { name: 'Outbound' });
    await user.click(within(dialog).getByRole('radio', { name: 'Sam Stone' }));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('Outbound has been added to your account.');
    expect(screen.getByText('Outbound has been added successfully.')).toBeInTheDocument();
  });

  test('?scope= for something the package lacks goes to /subscription/upgrade', async () => {
    api();
    renderPurchase(starterOwner(), { ui: <SubscriptionPage upgrade={false} />, path: '/subscription?type=integration_hubspot' });
    expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/subscription/upgrade');
  });

  test('/subscription/upgrade opens the upgrade', async () => {
    api({
      '/api/services/getAddonPrice': () =>
        jsonResponse(addonPrice({ name: 'Professional plan', items: [], upgradePrice: { items: [item(149)] }, requiresUpgrade: true })),
    });
    renderPurchase(starterOwner(), { ui: <SubscriptionPage upgrade />, path: '/subscription/upgrade' });
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Professional' })).toBeInTheDocument();
  });

  test('a failed add from the page says it could not be added', async () => {
    api({
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice({ name: 'Extended call recording storage (30 days)', items: [item(3)] })),
      '/api/services/getAllPrices/routing_call_recording_extended': () => jsonResponse({ prices: { recordingStorageLength: 60 } }),
      '/api/services/addAddon': () => jsonResponse({}, 500),
    });
    const { user } = renderPurchase(account({ addonScopes: ['routing_call_recording_extended'] }), {
      ui: <SubscriptionPage upgrade={false} />,
    });
    await user.click(await screen.findByRole('button', { name: 'Extend call recording storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extended call recording storage (30 days)' });
    await within(dialog).findByText(/Your call recording storage is 60 days/);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByRole('alert');
    expect(
      screen.getByText('Extended call recording storage (30 days) could not be added. Please try again or contact us.'),
    ).toBeInTheDocument();
  });

  test('Enterprise has no pricing breakdown button', async () => {
    api();
    renderPurchase(account({ packageName: 'Enterprise' }), { ui: <SubscriptionPage upgrade={false} /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Plan: Enterprise' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Current pricing breakdown' })).not.toBeInTheDocument();
  });

  test("a technology partner's page shows its plan, links to its own invoices and the contact page, and no call tracking", async () => {
    const fetch = api({}, usage({ addOns: [] }));
    renderPurchase(account({ isTechPartner: true }), { ui: <SubscriptionPage upgrade={false} /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Plan: Professional' })).toBeInTheDocument();
    expect(await screen.findByText('None.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/technologypartner/invoices');
    expect(screen.getByRole('link', { name: 'Contact us about your plan' })).toHaveAttribute('href', '/contactus');
    expect(screen.queryByRole('link', { name: 'Upgrade centre' })).not.toBeInTheDocument();
    for (const region of ['Static numbers', 'Dynamic URLs', 'Outbound agents']) {
      expect(screen.queryByRole('region', { name: region })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('table', { name: 'Calls and charges by month' })).not.toBeInTheDocument();
    expect(screen.queryByText(/inclusive minutes/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/call recording storage/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Call charges' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compare plans' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/services/getCallCharges');
  });

  test('the plan shows the price its invoices charge: the catalogue or the contract price', async () => {
    api({}, usage({ planPrice: 1250, planBillingFrequency: '1' }));
    renderPurchase(account({ packageName: 'Enterprise' }), { ui: <SubscriptionPage upgrade={false} /> });
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByText('£1,250.00 per month')).toBeInTheDocument();
  });

  test('a plan priced on application with no contract price says so', async () => {
    api({}, usage({ planPrice: null, planBillingFrequency: null }));
    renderPurchase(account({ packageName: 'Enterprise' }), { ui: <SubscriptionPage upgrade={false} /> });
    const plan = screen.getByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByText('Price on application')).toBeInTheDocument();
  });
});
