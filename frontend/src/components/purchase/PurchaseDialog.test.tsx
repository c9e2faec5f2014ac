import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import { addonPrice, item, renderPurchase, starterOwner } from './testUtils';

const SCOPES = { packageScopes: ['routing_simple'], addonScopes: [], nextPackageScopes: [] };

function posted(fetch: ReturnType<typeof stubApi>, path: string): FormData[] {
  return fetch.mock.calls.filter(([url]) => String(url) === `/api/${path}`).map(([, init]) => init?.body as FormData);
}

describe('the purchase modal', () => {
  test('an add-on shows its price, asks for the terms, buys once and refreshes the scopes', async () => {
    const fetch = stubApi({
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice()),
      '/api/services/addAddon': () => jsonResponse({ success: true }),
      '/api/accountsettings/getAccountScopes': () => jsonResponse(SCOPES),
    });
    const { user, setAccount, reload } = renderPurchase(
      account({ addonScopes: ['report_voice_tags'] }),
      { scope: 'report_voice_tags' },
    );
    await user.click(screen.getByRole('button', { name: 'Open report_voice_tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Speech analytics' });
    expect(dialog).toHaveTextContent('Speech analytics: £25 per month');
    expect(dialog).toHaveTextContent('Minimum charge: £25 per month.');
    expect(posted(fetch, 'services/getAddonPrice')[0].get('requiresUpgrade')).toBe('0');

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(dialog).toHaveTextContent('Please accept the terms and conditions.');
    expect(posted(fetch, 'services/addAddon')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Speech analytics has been added to your account.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('may take up to 2 business days');
    expect(dialog).toHaveTextContent('Your recorded calls are transcribed');
    expect(within(dialog).getByRole('link', { name: 'Go to Speech Insights' })).toHaveAttribute('href', '/call-insights');
    expect(posted(fetch, 'services/addAddon').map((f) => f.get('scope'))).toEqual(['report_voice_tags']);
    await waitFor(() => expect(setAccount).toHaveBeenCalledWith(expect.objectContaining(SCOPES)));
    expect(reload).not.toHaveBeenCalled();
  });

  test("the success box's link goes to what was unlocked and closes the modal", async () => {
    stubApi({
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice()),
      '/api/services/addAddon': () => jsonResponse({ success: true }),
      '/api/accountsettings/getAccountScopes': () => jsonResponse(SCOPES),
    });
    const { user } = renderPurchase(account({ addonScopes: ['report_voice_tags'] }), { scope: 'report_voice_tags' });
    await user.click(screen.getByRole('button', { name: 'Open report_voice_tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Speech analytics' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(await within(dialog).findByRole('link', { name: 'Go to Speech Insights' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/call-insights');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('an add-on of the next plan upgrades first, then adds, and reloads the account', async () => {
    const calls: string[] = [];
    const fetch = stubApi({
      '/api/services/getAddonPrice': () =>
        jsonResponse(
          addonPrice({ name: 'Salesforce integration', items: [item(75)], upgradePrice: { items: [item(149)] }, requiresUpgrade: true }),
        ),
      '/api/services/upgrade': () => {
        calls.push('upgrade');
        return jsonResponse({ success: true });
      },
      '/api/services/addAddon': () => {
        calls.push('addAddon');
        return jsonResponse({ success: true });
      },
      '/api/accountsettings/getAccountScopes': () => jsonResponse(SCOPES),
    });
    const { user, reload } = renderPurchase(starterOwner(), { scope: 'integration_salesforce' });
    await user.click(screen.getByRole('button', { name: 'Open integration_salesforce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salesforce integration' });
    expect(dialog).toHaveTextContent('needs the Professional plan, which is added first: £149 per month');
    expect(posted(fetch, 'services/getAddonPrice')[0].get('requiresUpgrade')).toBe('1');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade and add' }));
    expect(await within(dialog).findByText('Salesforce integration has been added to your account.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Your plan has been upgraded to Professional.');
    expect(calls).toEqual(['upgrade', 'addAddon']);
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  test('the upgrade screen upgrades the plan only', async () => {
    const fetch = stubApi({
      '/api/services/getAddonPrice': () =>
        jsonResponse(addonPrice({ name: 'Professional plan', items: [], upgradePrice: { items: [item(149)] }, requiresUpgrade: true })),
      '/api/services/upgrade': () => jsonResponse({ success: true }),
      '/api/accountsettings/getAccountScopes': () => jsonResponse(SCOPES),
    });
    const { user, reload } = renderPurchase(starterOwner());
    await user.click(screen.getByRole('button', { name: 'Open upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    expect(await within(dialog).findByText('£149 per month')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await within(dialog).findByText('Your plan has been upgraded to Professional.')).toBeInTheDocument();
    expect(posted(fetch, 'services/addAddon')).toHaveLength(0);
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  test('a non-owner is told to speak to the owner, before and after asking the server', async () => {
    const fetch = stubApi({});
    const { user } = renderPurchase(starterOwner({ userAuthCode: 20 }));
    await user.click(screen.getByRole('button', { name: 'Open upgrade' }));
    const dialog = screen.getByRole('dialog', { name: 'Sorry, we cannot complete that action' });
    expect(dialog).toHaveTextContent('Please speak to your account owner to upgrade');
    expect(fetch).not.toHaveBeenCalled();
  });

  test("the server's refusal of an upgrade shows the same text", async () => {
    stubApi({
      '/api/services/getAddonPrice': () =>
        jsonResponse(addonPrice({ name: 'Professional plan', items: [], upgradePrice: { items: [item(149)] }, requiresUpgrade: true })),
      '/api/services/upgrade': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403),
    });
    const { user } = renderPurchase(starterOwner());
    await user.click(screen.getByRole('button', { name: 'Open upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    await within(dialog).findByText('£149 per month');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Sorry, we cannot complete that action' })).toHaveTextContent(
      'Please speak to your account owner to upgrade',
    );
  });

  test('outbound needs one chosen user, and says so when there is nobody to give it to', async () => {
    const users = [
      { UserID: 7, UserForename: 'Ann', UserSurname: 'Able' },
      { UserID: 8, UserForename: 'Ben', UserSurname: 'Bold' },
    ];
    let list = users;
    const fetch = stubApi({
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice({ name: 'Outbound', items: [item(15)], users: list })),
      '/api/services/addAddon': () => jsonResponse({ success: true }),
      '/api/accountsettings/getAccountScopes': () => jsonResponse(SCOPES),
    });
    const acc = account({ addonScopes: ['outbound'] });
    const { user } = renderPurchase(acc, { scope: 'outbound' });
    await user.click(screen.getByRole('button', { name: 'Open outbound' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outbound' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(dialog).toHaveTextContent('Please choose the user who will get Outbound.');
    await user.click(within(dialog).getByRole('radio', { name: 'Ben Bold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('Outbound has been added to your account.');
    const body = posted(fetch, 'services/addAddon')[0];
    expect([body.get('scope'), body.get('userId')]).toEqual(['outbound', '8']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    list = [];
    await user.click(screen.getByRole('button', { name: 'Open outbound' }));
    const again = await screen.findByRole('dialog', { name: 'Outbound' });
    expect(again).toHaveTextContent('Please add an extra user to your account to get this add-on.');
    expect(within(again).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  test("a refused add-on shows the server's reason and the contact details; closing is blocked while saving", async () => {
    let answer: (value: Response) => void = () => {};
    stubApi({
      '/api/services/getAddonPrice': () =>
        jsonResponse(addonPrice({ name: 'Extended call recording storage (30 days)', items: [item(3)] })),
      '/api/services/getAllPrices/routing_call_recording_extended': () =>
        jsonResponse({ prices: { recordingStorageLength: 150 } }),
      '/api/services/addAddon': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const acc = account({ addonScopes: ['routing_call_recording_extended'] });
    const { user } = renderPurchase(acc, { scope: 'routing_call_recording_extended' });
    await user.click(screen.getByRole('button', { name: 'Open routing_call_recording_extended' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extended call recording storage (30 days)' });
    expect(await within(dialog).findByText(/Your call recording storage is 150 days/)).toHaveTextContent('making it 180 days');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    answer(
      jsonResponse(
        { success: false, code: 'VALIDATION_FAILED', errors: { scope: 'Call recording storage cannot be extended beyond 180 days.' } },
        422,
      ),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Call recording storage cannot be extended beyond 180 days.');
    expect(alert).toHaveTextContent('An error occurred while processing your request.');
    expect(alert).toHaveTextContent('0161 496 0000');
  });

  test('Enterprise, and anything that needs it, is arranged by the account manager', async () => {
    const fetch = stubApi({});
    const { user } = renderPurchase(account({ packageName: 'Enterprise' }), { scope: 'enterprise' });
    await user.click(screen.getByRole('button', { name: 'Open enterprise' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Enterprise' });
    expect(dialog).toHaveTextContent('Please contact your account manager');
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('someone who may not buy online is sent to the account owner; the owner to the account manager', async () => {
    const fetch = stubApi({});
    const { user } = renderPurchase(
      account({ customerCanPurchaseOnline: false, addonScopes: ['outbound'], userAuthCode: 20 }),
      { scope: 'outbound' },
    );
    await user.click(screen.getByRole('button', { name: 'Open outbound' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Please speak to your account owner to buy add-ons');
    expect(fetch).not.toHaveBeenCalled();
  });

  test("the owner of an account that does not buy online is sent to the account manager", async () => {
    const fetch = stubApi({});
    const { user } = renderPurchase(account({ customerCanPurchaseOnline: false, addonScopes: ['outbound'] }), {
      scope: 'outbound',
    });
    await user.click(screen.getByRole('button', { name: 'Open outbound' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).not.toHaveTextContent('speak to your account owner');
    expect(dialog).toHaveTextContent('Please contact your account manager');
    expect(fetch).not.toHaveBeenCalled();
  });

  test("a Starter chip for what only Enterprise has offers Enterprise, without asking for a price", async () => {
    const fetch = stubApi({});
    const { user } = renderPurchase(starterOwner(), { scope: 'speech_vocabularies' });
    await user.click(screen.getByRole('button', { name: 'Open speech_vocabularies' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Enterprise' });
    expect(dialog).toHaveTextContent('comes with the Enterprise plan, which is priced on application');
    expect(dialog).not.toHaveTextContent('An error occurred');
    expect(fetch).not.toHaveBeenCalled();
  });

  test("a legacy package's Upgrade chip is an upgrade through the account manager", async () => {
    const fetch = stubApi({});
    const legacy = account({ packageName: 'Gold 2014', isLegacyPackage: true, addonScopes: [], nextPackageScopes: [] });
    const { user } = renderPurchase(legacy, { scope: 'admin_tagging_for_dynamics' });
    await user.click(screen.getByRole('button', { name: 'Open admin_tagging_for_dynamics' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade your plan' });
    expect(dialog).toHaveTextContent('Your plan is changed by your account manager');
    expect(dialog).not.toHaveTextContent('speak to your account owner');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a price that fails to load shows the error state', async () => {
    stubApi({ '/api/services/getAddonPrice': () => jsonResponse({}, 500) });
    const { user } = renderPurchase(account({ addonScopes: ['report_voice_tags'] }), { scope: 'report_voice_tags' });
    await user.click(screen.getByRole('button', { name: 'Open report_voice_tags' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while processing your request.');
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});
