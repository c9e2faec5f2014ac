import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { addonPrice, item, renderPurchase, starterOwner } from '../../../components/purchase/testUtils';
import { account, jsonResponse, stubApi } from '../../../test/fixtures';
import { ADDON_SCOPES, UpgradeCentrePage } from './UpgradeCentrePage';

const PRICES = {
  prices: {
    static: { price: 5, billing_frequency: '1' },
    dynamicPool: { price: 25, billing_frequency: '1' },
    starterPlan: { price: 49, billing_frequency_months: '1', billing_frequency_id: 1 },
    professionalPlan: { price: 149, billing_frequency_months: '1', billing_frequency_id: 1 },
    recordingStorageLength: 30,
    outboundUsers: 0,
    report_voice_tags: { name: 'Speech analytics', starter: 35, professional: 25, billing_frequency: '1' },
    integration_salesforce: { name: 'Salesforce integration', starter: null, professional: 75, billing_frequency: '1' },
    integration_dealerweb: { name: 'Dealerweb integration', starter: null, professional: null, billing_frequency: '1' },
    integration_api: { name: 'API', starter: 20, professional: 15, billing_frequency: '1' },
  },
};
const PLANS = [
  { plan: 'Starter', included: ['routing_simple'], addons: ['report_voice_tags'] },
  { plan: 'Professional', included: ['routing_simple', 'routing_ivr'], addons: ['report_voice_tags'] },
  { plan: 'Enterprise', included: ['routing_simple', 'routing_ivr', 'report_voice_tags'], addons: [] },
];

function api() {
  return stubApi({
    '/api/services/getPlanScopes': () => jsonResponse({ plans: PLANS }),
    '/api/services/getAddonPrice': () =>
      jsonResponse(addonPrice({ name: 'Professional plan', items: [], upgradePrice: { items: [item(149)] }, requiresUpgrade: true })),
    [`/api/services/getAllPrices/${ADDON_SCOPES.join(',')}`]: () => jsonResponse(PRICES),
  });
}

describe('the upgrade centre', () => {
  test('Starter sees the plans with prices, upgrades Professional online and contacts us for Enterprise', async () => {
    api();
    const { user } = renderPurchase(starterOwner(), { ui: <UpgradeCentrePage title="Upgrade centre" /> });
    const starter = screen.getByRole('region', { name: 'Starter plan' });
    expect(await within(starter).findByText('£49 per month')).toBeInTheDocument();
    expect(starter).toHaveTextContent('Your current plan');
    const professional = screen.getByRole('region', { name: 'Professional plan' });
    expect(professional).toHaveTextContent('£149 per month');
    expect(within(screen.getByRole('region', { name: 'Enterprise plan' })).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contactus',
    );
    await user.click(within(professional).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Professional' })).toBeInTheDocument();
  });

  test('the add-ons table, the key features and the expandable full comparison', async () => {
    api();
    const { user } = renderPurchase(account(), { ui: <UpgradeCentrePage title="Upgrade centre" /> });
    const addons = await screen.findByRole('table', { name: 'Add-ons and their prices' });
    expect(within(addons).getByRole('row', { name: /Speech analytics/ })).toHaveTextContent('£35 per month£25 per month');
    expect(within(addons).getByRole('row', { name: /Salesforce/ })).toHaveTextContent('–£75 per month');
    expect(within(addons).getByRole('row', { name: /Dealerweb/ })).toHaveTextContent('Price on application');
    expect(await screen.findByRole('table', { name: 'Key features by plan' })).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Compare every feature' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table', { name: 'Features by plan' })).toBeInTheDocument();
    // Professional: Starter is a downgrade, by contacting us.
    expect(within(screen.getByRole('region', { name: 'Starter plan' })).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  test('each add-on says what the account can do: it is active, it is bought here, or the plan does not sell it', async () => {
    api();
    const { user } = renderPurchase(
      account({ addonScopes: ['integration_api'], packageScopes: ['report_voice_tags'] }),
      { ui: <UpgradeCentrePage title="Upgrade centre" /> },
    );
    const addons = await screen.findByRole('table', { name: 'Add-ons and their prices' });
    expect(within(addons).getByRole('row', { name: /Speech analytics/ })).toHaveTextContent('Active');
    expect(within(addons).getByRole('row', { name: /Dealerweb/ })).toHaveTextContent('Not on your plan');
    await user.click(within(addons).getByRole('button', { name: 'Buy API' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  test('a prices failure shows the banner', async () => {
    stubApi({ '/api/services/getPlanScopes': () => jsonResponse({ plans: PLANS }) });
    renderPurchase(account(), { ui: <UpgradeCentrePage title="Upgrade centre" /> });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
