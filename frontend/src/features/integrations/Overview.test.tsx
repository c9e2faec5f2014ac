import { iconSource } from './components/IntegrationIcon';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { callsTo, jsonResponse, posted, stubApi, stubLocationAssign } from '../../test/fixtures';
import { professional, starter } from '../../test/personas';
import { connection, integrationAnswers, integrationsList, renderAt } from './test-utils';

const NO_DYNAMIC_URLS = { '/api/admin/getDynamicUrls': () => jsonResponse({ dynamicUrls: [] }) };

function section(name: string) {
  return screen.getByRole('region', { name });
}

function cardTitles(region: HTMLElement) {
  return within(region)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
}

describe('the overview (Integrate)', () => {
  test('Professional: its integrations, Configure and Remove for the set-up ones, no upgrade or add-ons', async () => {
    const fetch = stubApi({
      ...integrationAnswers({ google_analytics: connection(), hubspot: connection() }),
      ...NO_DYNAMIC_URLS,
    });
    renderAt('/', professional());

    const yours = await screen.findByRole('region', { name: 'Your integrations' });
    expect(cardTitles(yours)).toEqual([
      'Google Analytics', 'Google Ads', 'Google Business Profile', 'Microsoft Ads', 'Meta Ads', 'Facebook Pages',
      'Looker Studio', 'Search Ads 360', 'Marin', 'FTP export', 'Zapier', 'HubSpot', 'Optimizely', 'Optimizely X',
    ]);
    expect(within(yours).getByRole('link', { name: 'Configure Google Analytics' })).toHaveAttribute('href', '/googleanalytics');
    expect(within(yours).getByRole('button', { name: 'Remove Google Analytics' })).toBeEnabled();
    expect(within(yours).getByRole('button', { name: 'Connect Google Ads' })).toBeEnabled();
    expect(within(yours).getByRole('link', { name: 'Connect FTP export' })).toHaveAttribute('href', '/ftpexport');
    const zapier = within(yours).getByRole('link', { name: /^Connect Zapier/ });
    expect(zapier).toHaveAttribute('target', '_blank');
    expect(zapier).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(yours).getByRole('link', { name: 'Connect FTP export' })).not.toHaveAttribute('target');
    const icons = Array.from(yours.querySelectorAll('img'));
    expect(icons).toHaveLength(14);
    expect(icons.every((img) => img.getAttribute('alt') === '')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Add-ons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrate' })).toBeInTheDocument();

    const [settings] = callsTo(fetch, '/api/admin/getIntegrationsSettings');
    expect(JSON.parse(posted(settings[1] as RequestInit).integration_list)).toEqual(
      integrationsList().integrations.map((i) => i.identifier),
    );
  });

  test('a paid extra in the package carries its badge', async () => {
    stubApi({ ...integrationAnswers(), ...NO_DYNAMIC_URLS });
    const acc = professional();
    renderAt('/', { ...acc, packageScopes: [...acc.packageScopes, 'integration_salesforce'] });
    const yours = await screen.findByRole('region', { name: 'Your integrations' });
    const salesforce = within(yours).getByRole('article', { name: 'Salesforce' });
    expect(within(salesforce).getByText('Paid extra')).toBeInTheDocument();
    expect(within(within(yours).getByRole('article', { name: 'HubSpot' })).queryByText('Paid extra')).toBeNull();
  });

  test('Starter: its integrations, the ones of the next plan with Upgrade, and the Webhooks & API add-on', async () => {
    stubApi({ ...integrationAnswers({ google_ads: connection() }), ...NO_DYNAMIC_URLS });
    renderAt('/', starter());

    const yours = await screen.findByRole('region', { name: 'Your integrations' });
    expect(cardTitles(yours)).toEqual([
      'Google Analytics', 'Google Ads', 'Google Business Profile', 'Microsoft Ads', 'Meta Ads', 'Facebook Pages',
      'Looker Studio', 'Zapier',
    ]);
    expect(within(yours).getByRole('button', { name: 'Remove Google Ads' })).toBeInTheDocument();

    const upgrade = section('More integrations with an upgrade');
    expect(cardTitles(upgrade)).toEqual(['Search Ads 360', 'Marin', 'FTP export', 'HubSpot', 'Optimizely', 'Optimizely X']);
    expect(within(upgrade).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgradecentre');
    expect(within(upgrade).queryByRole('button')).toBeNull();

    const addOns = section('Add-ons');
    expect(cardTitles(addOns)).toEqual(['Webhooks & API']);
    expect(within(addOns).getByRole('link', { name: 'Add-on Webhooks & API' })).toHaveAttribute(
      'href',
      '/subscription?scope=integration_api',
    );
    expect(addOns.querySelector('img')).toHaveAttribute('src', iconSource('/manage/integrations/webhooks_api.svg'));
  });

  test('a group account gets no upgrade link and its dynamic URLs are not fetched', async () => {
    const fetch = stubApi({ ...integrationAnswers(), ...NO_DYNAMIC_URLS });
    renderAt('/', starter({ isGroupAccount: true }));
    const upgrade = await screen.findByRole('region', { name: 'More integrations with an upgrade' });
    expect(within(upgrade).queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Dynamic URLs' })).toBeNull();
    expect(callsTo(fetch, '/api/admin/getDynamicUrls')).toHaveLength(0);
  });

  test('without dynamic the dynamic URLs are neither shown nor fetched', async () => {
    const fetch = stubApi({ ...integrationAnswers(), ...NO_DYNAMIC_URLS });
    renderAt('/', professional({ hasDynamic: false }));
    await screen.findByRole('region', { name: 'Your integrations' });
    expect(screen.queryByRole('region', { name: 'Dynamic URLs' })).toBeNull();
    expect(callsTo(fetch, '/api/admin/getDynamicUrls')).toHaveLength(0);
  });

  test('an empty integration list is asked for again after 1 second, then the settings are posted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let lists = 0;
    const full = integrationAnswers({ hubspot: connection() });
    const fetch = stubApi({
      ...full,
      '/api/admin/getIntegrationsList': () => (++lists === 1 ? jsonResponse({ integrations: [] }) : full['/api/admin/getIntegrationsList']()),
      ...NO_DYNAMIC_URLS,
    });
    renderAt('/', professional({ hasDynamic: false }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(callsTo(fetch, '/api/admin/getIntegrationsList')).toHaveLength(1);
    expect(screen.getByText('Loading integrations…')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(980));
    expect(callsTo(fetch, '/api/admin/getIntegrationsList')).toHaveLength(1);
    expect(callsTo(fetch, '/api/admin/getIntegrationsSettings')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(20));
    await vi.waitFor(() => expect(callsTo(fetch, '/api/admin/getIntegrationsSettings')).toHaveLength(1));
    expect(callsTo(fetch, '/api/admin/getIntegrationsList')).toHaveLength(2);
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Your integrations' })).toBeInTheDocument());
  });

  test('a failed list shows the error banner', async () => {
    stubApi({ '/api/admin/getIntegrationsList': () => jsonResponse({ success: false }, 500), ...NO_DYNAMIC_URLS });
    renderAt('/', professional({ hasDynamic: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  test('Connect asks for the consent page and sends the browser there', async () => {
    const assign = stubLocationAssign();
    const fetch = stubApi({
      ...integrationAnswers(),
      ...NO_DYNAMIC_URLS,
      '/api/integrations/connect/google_ads': () => jsonResponse({ authUrl: '/sandbox/oauth/authorize?state=abc' }),
    });
    const { user } = renderAt('/', professional());
    await user.click(await screen.findByRole('button', { name: 'Connect Google Ads' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/oauth/authorize?state=abc'));
    expect(callsTo(fetch, '/api/integrations/connect/google_ads')[0][1]).toMatchObject({ method: 'GET' });
  });

  test('a failed Connect shows the error banner', async () => {
    const assign = stubLocationAssign();
    stubApi({
      ...integrationAnswers(),
      ...NO_DYNAMIC_URLS,
      '/api/integrations/connect/google_ads': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403),
    });
    const { user } = renderAt('/', professional());
    await user.click(await screen.findByRole('button', { name: 'Connect Google Ads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  test('Remove asks for the password, posts the key to the remove URL and reloads the list', async () => {
    let removed = false;
    const answers = (): ReturnType<typeof integrationAnswers> =>
      integrationAnswers(removed ? {} : { hubspot: connection() });
    const fetch = stubApi({
      '/api/admin/getIntegrationsList': () => answers()['/api/admin/getIntegrationsList'](),
      '/api/admin/getIntegrationsSettings': () => answers()['/api/admin/getIntegrationsSettings'](),
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'k3y' }),
      '/api/integrations/remove/hubspot/k3y': () => {
        removed = true;
        return jsonResponse({ success: true });
      },
      ...NO_DYNAMIC_URLS,
    });
    const { user } = renderAt('/', professional());
    await user.click(await screen.findByRole('button', { name: 'Remove HubSpot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove HubSpot' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(callsTo(fetch, '/api/integrations/remove/hubspot/k3y')).toHaveLength(1));
    expect(callsTo(fetch, '/api/integrations/remove/hubspot/k3y')[0][1]).toMatchObject({ method: 'POST' });
    expect(await screen.findByRole('button', { name: 'Connect HubSpot' })).toBeInTheDocument();
    expect(screen.getByText('HubSpot was removed.')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/admin/getIntegrationsList')).toHaveLength(2);
  });

  test('a refused removal shows the error banner', async () => {
    stubApi({
      ...integrationAnswers({ hubspot: connection() }),
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'old' }),
      '/api/integrations/remove/hubspot/old': () => jsonResponse({ success: false, code: 'FORBIDDEN' }, 403),
      ...NO_DYNAMIC_URLS,
    });
    const { user } = renderAt('/', professional());
    await user.click(await screen.findByRole('button', { name: 'Remove HubSpot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove HubSpot' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  test('a user who may not manage integrations sees Connect and Remove off, with the reason', async () => {
    stubApi({ ...integrationAnswers({ hubspot: connection() }), ...NO_DYNAMIC_URLS });
    renderAt('/', professional({ userAuthCode: 10, isAdministrator: false, canEditNumbersCampaigns: false }));
    const connect = await screen.findByRole('button', { name: 'Connect Google Ads' });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAccessibleDescription(/Only administrators/);
    expect(screen.getByRole('button', { name: 'Remove HubSpot' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Configure HubSpot' })).toBeInTheDocument();
  });
});
