import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { callsTo, jsonResponse, posted, stubApi, stubLocationAssign } from '../../test/fixtures';
import { professional, starter } from '../../test/personas';
import { connection, integrationAnswers, renderAt } from './test-utils';

const page = () => screen.getByRole('region', { name: /./ });

describe('an integration page', () => {
  test('a connected integration: who and since when, its settings, Choose property and Remove', async () => {
    stubApi(
      integrationAnswers({
        google_analytics: connection('Harbour Lane GA', {
          propertyId: 'UA-1234-1',
          propertyUrl: 'https://www.harbourlanedental.test',
          propertyType: '2',
        }),
      }),
    );
    const { user } = renderAt('/googleanalytics');
    expect(screen.getByRole('heading', { level: 1, name: 'Google Analytics' })).toBeInTheDocument();
    expect(await screen.findByText('Connected to Harbour Lane GA since 20/11/2026')).toBeInTheDocument();
    expect(page()).toHaveTextContent('UA-1234-1');
    expect(page()).toHaveTextContent('Virtual pageviews');
    expect(within(page()).getByRole('button', { name: 'Remove' })).toBeEnabled();
    await user.click(within(page()).getByRole('button', { name: 'Choose property' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/ga_connect');
  });

  test('not connected: Connect goes to the consent page', async () => {
    const assign = stubLocationAssign();
    stubApi({
      ...integrationAnswers(),
      '/api/integrations/connect/google_analytics': () => jsonResponse({ authUrl: '/sandbox/oauth/authorize?ga=1' }),
    });
    const { user } = renderAt('/googleanalytics');
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(within(page()).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(page()).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/oauth/authorize?ga=1'));
  });

  test('a sub-page shows its integration', async () => {
    stubApi(integrationAnswers({ google_ads: connection('Ads account 42') }));
    renderAt('/googleads/conversions');
    expect(screen.getByRole('heading', { level: 1, name: 'Google Ads conversions' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Google Ads' })).toBeInTheDocument();
    expect(screen.getByText('Connected to Ads account 42 since 20/11/2026')).toBeInTheDocument();
  });

  test('back from the consent page connected', async () => {
    stubApi(integrationAnswers({ google_analytics: connection() }));
    renderAt('/googleanalytics?connected=1');
    expect(await screen.findByText('Google Analytics connected.')).toBeInTheDocument();
  });

  test('back from a refused consent', async () => {
    stubApi(integrationAnswers());
    renderAt('/googleanalytics?error=denied');
    expect(await screen.findByText('Google Analytics was not connected.')).toBeInTheDocument();
  });

  test('an integration outside the package says so, with the subscription link', async () => {
    stubApi(integrationAnswers());
    renderAt('/ftpexport', starter());
    expect(await screen.findByText(/FTP export is not in your package/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test('FTP export: the settings form checks the fields, then posts them', async () => {
    const fetch = stubApi({
      ...integrationAnswers(),
      '/api/integrations/settings/ftp_export': () => jsonResponse({ success: true }),
    });
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('FTP host')).toHaveAccessibleDescription('FTP host is required.');
    expect(within(form).getByLabelText('FTP password')).toHaveAccessibleDescription('FTP password is required.');
    expect(callsTo(fetch, '/api/integrations/settings/ftp_export')).toHaveLength(0);

    await user.type(within(form).getByLabelText('FTP host'), 'ftp.harbourlane.test');
    await user.type(within(form).getByLabelText('FTP username'), 'calls');
    await user.type(within(form).getByLabelText('FTP password'), 's3cret');
    await user.type(within(form).getByLabelText('File name'), 'calls_export');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, '/api/integrations/settings/ftp_export')).toHaveLength(1));
    expect(posted(callsTo(fetch, '/api/integrations/settings/ftp_export')[0][1] as RequestInit)).toEqual({
      form_ftp_protocol: 'sftp',
      form_ftp_host: 'ftp.harbourlane.test',
      form_ftp_port: '22',
      form_ftp_username: 'calls',
      form_ftp_password: 's3cret',
      form_ftp_file_name: 'calls_export',
    });
    expect(await screen.findByText('FTP export settings saved.')).toBeInTheDocument();
    expect(within(form).getByLabelText('FTP password')).toHaveValue('');
  });

  test('Webhooks: the server refusal is shown next to the field', async () => {
    stubApi({
      ...integrationAnswers(),
      '/api/integrations/settings/webhooks': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_webhook_url: 'That address is not allowed.' } }, 422),
    });
    const acc = professional();
    const { user } = renderAt('/webhooks', { ...acc, packageScopes: [...acc.packageScopes, 'integration_webhooks'], canAccessApi: true });
    const form = await screen.findByRole('form', { name: 'Webhooks settings' });
    await user.type(within(form).getByLabelText('Webhook URL'), 'https://hooks.harbourlane.test/calls');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Webhook URL')).toHaveAccessibleDescription('That address is not allowed.'),
    );
  });

  test('Remove on the page asks for the password and posts to the remove URL', async () => {
    const fetch = stubApi({
      ...integrationAnswers({ google_analytics: connection() }),
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'abc' }),
      '/api/integrations/remove/google_analytics/abc': () => jsonResponse({ success: true }),
    });
    const { user } = renderAt('/googleanalytics');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Google Analytics' });
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(fetch, '/api/integrations/remove/google_analytics/abc')).toHaveLength(1));
    expect(await screen.findByText('Google Analytics was removed.')).toBeInTheDocument();
  });

  test('a failed load shows the error banner', async () => {
    stubApi({ '/api/admin/getIntegrationsList': () => jsonResponse({ success: false }, 500) });
    renderAt('/googleanalytics');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
