import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { callsTo, jsonResponse, posted, postedLists, stubApi } from '../../test/fixtures';
import { professional } from '../../test/personas';
import { connection, integrationAnswers, renderAt } from './test-utils';

const ADS_OPTIONS = {
  connected: true,
  accounts: [
    { id: '000-100-0001', name: 'Harbour Lane Dental – Search' },
    { id: '000-100-0002', name: 'Harbour Lane Dental – Display' },
  ],
  accountId: '',
  sends: [],
};

describe('a connected Google Ads or HubSpot', () => {
  test('Google Ads: choose the account from the login and what is sent, then save', async () => {
    const fetch = stubApi({
      ...integrationAnswers({ google_ads: connection('Harbour Lane Dental (Google Ads)') }),
      '/api/integrations/provider_settings/google_ads': (init) =>
        init?.method === 'POST' ? jsonResponse({ success: true }) : jsonResponse(ADS_OPTIONS),
    });
    const { user } = renderAt('/googleads');
    const form = await screen.findByRole('form', { name: 'Google Ads settings' });
    expect(within(form).getByText(/Choose the account your calls are sent to/)).toBeInTheDocument();
    const sends = within(form).getByRole('group', { name: 'Calls sent as conversions' });
    expect(within(sends).getByLabelText('All calls from ads')).toBeChecked();
    expect(within(sends).getByLabelText('First-time callers')).not.toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Google Ads account')).toHaveAccessibleDescription(
      'Please choose a Google Ads account.',
    );
    expect(callsTo(fetch, '/api/integrations/provider_settings/google_ads')).toHaveLength(1);

    await user.selectOptions(
      within(form).getByLabelText('Google Ads account'),
      'Harbour Lane Dental – Display (000-100-0002)',
    );
    await user.click(within(sends).getByLabelText('All calls from ads'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(sends).toHaveAccessibleDescription('Please choose at least one thing to send.');

    await user.click(within(sends).getByLabelText('Calls of 60 seconds or more'));
    await user.click(within(sends).getByLabelText('Answered calls'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The options' load, then one save: the form's own rules stopped the first two.
    await waitFor(() => expect(callsTo(fetch, '/api/integrations/provider_settings/google_ads')).toHaveLength(2));
    const save = callsTo(fetch, '/api/integrations/provider_settings/google_ads')[1][1] as RequestInit;
    expect(postedLists(save)).toEqual({
      form_account_id: ['000-100-0002'],
      'form_sends[]': ['answered_calls', 'long_calls'],
    });
    expect(await within(form).findByText('Google Ads settings saved.')).toBeInTheDocument();
  });

  test('HubSpot: the portal chosen is shown, and the server refusal lands at its field', async () => {
    stubApi({
      ...integrationAnswers({
        hubspot: connection('Harbour Lane Dental (HubSpot)', {
          accountId: '400010001',
          accountName: 'Harbour Lane Dental',
          sends: 'call_timeline,new_contacts',
        }),
      }),
      '/api/integrations/provider_settings/hubspot': (init) =>
        init?.method === 'POST'
          ? jsonResponse(
              {
                success: false,
                code: 'VALIDATION_FAILED',
                errors: { form_account_id: 'That portal is not in your HubSpot login.' },
              },
              422,
            )
          : jsonResponse({
              connected: true,
              accounts: [
                { id: '400010001', name: 'Harbour Lane Dental' },
                { id: '400010002', name: 'Harbour Lane Dental (test portal)' },
              ],
              accountId: '400010001',
              sends: ['call_timeline', 'new_contacts'],
            }),
    });
    const { user } = renderAt('/hubspot');
    const form = await screen.findByRole('form', { name: 'HubSpot settings' });
    expect(within(form).getByLabelText('HubSpot portal')).toHaveDisplayValue('Harbour Lane Dental (400010001)');
    const sends = within(form).getByRole('group', { name: 'Sent to HubSpot' });
    expect(within(sends).getByLabelText('New callers as contacts')).toBeChecked();
    expect(within(sends).getByLabelText('Links to call recordings')).not.toBeChecked();
    // The settings are the form's to show, not repeated as raw values.
    expect(screen.queryByText('call_timeline,new_contacts')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('HubSpot portal')).toHaveAccessibleDescription(
        'That portal is not in your HubSpot login.',
      ),
    );
  });

  test('an integration page leads back to Integrate', async () => {
    stubApi(integrationAnswers({ hubspot: connection() }));
    const { user } = renderAt('/hubspot');
    await user.click(screen.getByRole('link', { name: 'Back to Integrate' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });
});

const FTP_SETTINGS = {
  form_ftp_protocol: 'sftp',
  form_ftp_host: 'ftp.harbourlane.test',
  form_ftp_port: '22',
  form_ftp_username: 'calls',
  form_ftp_file_name: 'calls_{timestamp}',
};

describe('the FTP export form', () => {
  test('a user who manages numbers but is no administrator sees why the form is closed to them', async () => {
    stubApi(integrationAnswers());
    renderAt('/ftpexport', professional({ userAuthCode: 10, canEditNumbersCampaigns: true }));
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    expect(
      screen.getByText('Only administrators can set up the FTP export or test its connection: its password opens your server.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Test connection' })).toBeDisabled();
  });

  test('the file name says which characters and token it takes; the port follows the protocol', async () => {
    stubApi(integrationAnswers());
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    expect(within(form).getByLabelText('File name')).toHaveAccessibleDescription(
      "Allowed characters are letters, numbers, underscores and {timestamp}. {timestamp} becomes the export's date and time, e.g. calls_{timestamp}.",
    );
    expect(within(form).getByLabelText('FTP password')).toHaveAttribute('type', 'password');
    expect(within(form).getByLabelText('FTP password')).toHaveAccessibleDescription(
      'Stored encrypted and never shown again.',
    );
    expect(within(form).getByLabelText('Port')).toHaveValue('22');
    await user.selectOptions(within(form).getByLabelText('Protocol'), 'FTP');
    expect(within(form).getByLabelText('Port')).toHaveValue('21');
    await user.clear(within(form).getByLabelText('Port'));
    await user.type(within(form).getByLabelText('Port'), '70000');
    await user.type(within(form).getByLabelText('File name'), 'calls.csv');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Port')).toHaveAccessibleDescription('Port must be a number from 1 to 65535.');
    expect(within(form).getByLabelText('File name')).toHaveAccessibleDescription(
      'Invalid characters found. Allowed characters are letters, numbers, underscores and {timestamp}.',
    );
  });

  test('a stored password is never shown: left empty, the form keeps it, also for Test connection', async () => {
    const fetch = stubApi({
      ...integrationAnswers({ ftp_export: connection('', FTP_SETTINGS, true) }),
      '/api/integrations/ftp_export/test': () =>
        jsonResponse({ connected: false, message: 'ftp.harbourlane.test:22 refused the username or password.' }),
      '/api/integrations/settings/ftp_export': () => jsonResponse({ success: true }),
    });
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    expect(within(form).getByLabelText('FTP password')).toHaveValue('');
    expect(within(form).getByLabelText('FTP password')).toHaveAccessibleDescription(
      'A password is stored (it is never shown). Leave this empty to keep it.',
    );
    expect(within(form).getByLabelText('FTP host')).toHaveValue('ftp.harbourlane.test');

    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(form).findByText('ftp.harbourlane.test:22 refused the username or password.')).toBeInTheDocument();
    expect(posted(callsTo(fetch, '/api/integrations/ftp_export/test')[0][1] as RequestInit)).toEqual({
      ...FTP_SETTINGS,
      form_ftp_password: '',
      form_ftp_keep_password: '1',
    });

    await user.type(within(form).getByLabelText('FTP password'), 'new one');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, '/api/integrations/settings/ftp_export')).toHaveLength(1));
    expect(posted(callsTo(fetch, '/api/integrations/settings/ftp_export')[0][1] as RequestInit)).toEqual({
      ...FTP_SETTINGS,
      form_ftp_password: 'new one',
    });
  });

  test('Test connection says what happened when it worked', async () => {
    stubApi({
      ...integrationAnswers({ ftp_export: connection('', FTP_SETTINGS, true) }),
      '/api/integrations/ftp_export/test': () =>
        jsonResponse({
          connected: true,
          message: 'Connected to ftp.harbourlane.test:22 and wrote a test file, calls_20261123T100000_connection_test.csv.',
        }),
    });
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const result = await within(form).findByText(/^Connected to ftp.harbourlane.test:22 and wrote a test file/);
    expect(result).toHaveClass('banner-success');
  });

  test("SFTP: the server's host key is shown to confirm, then the test logs in and Save stores it", async () => {
    const key = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';
    let tests = 0;
    const fetch = stubApi({
      ...integrationAnswers({ ftp_export: connection('', FTP_SETTINGS, true) }),
      '/api/integrations/ftp_export/test': () =>
        jsonResponse(
          (tests += 1) === 1
            ? {
                connected: false,
                message: "Check that this is your server's host key, then confirm it.",
                hostKey: key,
                confirmHostKey: true,
              }
            : { connected: true, message: 'Connected to ftp.harbourlane.test:22.', hostKey: key, confirmHostKey: false },
        ),
      '/api/integrations/settings/ftp_export': () => jsonResponse({ success: true }),
    });
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm the server's host key" });
    expect(within(dialog).getByText(key)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and test' }));
    expect(await within(form).findByText('Connected to ftp.harbourlane.test:22.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [, second] = callsTo(fetch, '/api/integrations/ftp_export/test');
    expect(posted(second[1] as RequestInit)).toEqual({
      ...FTP_SETTINGS,
      form_ftp_password: '',
      form_ftp_keep_password: '1',
      form_ftp_host_key: key,
    });
    expect(within(form).getByText(key)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetch, '/api/integrations/settings/ftp_export')).toHaveLength(1));
    expect(posted(callsTo(fetch, '/api/integrations/settings/ftp_export')[0][1] as RequestInit)).toMatchObject({
      form_ftp_host_key: key,
    });
    // Another server forgets the key confirmed for this one.
    await user.type(within(form).getByLabelText('FTP host'), 'x');
    expect(within(form).queryByText(key)).toBeNull();
  });

  test("tests past the account's limit say so in words", async () => {
    stubApi({
      ...integrationAnswers({ ftp_export: connection('', FTP_SETTINGS, true) }),
      '/api/integrations/ftp_export/test': () =>
        jsonResponse(
          {
            success: false,
            code: 'TOO_MANY_REQUESTS',
            message: 'You have tested the connection too often. Wait a minute, then try again.',
          },
          429,
        ),
    });
    const { user } = renderAt('/ftpexport');
    const form = await screen.findByRole('form', { name: 'FTP export settings' });
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(form).findByText('You have tested the connection too often. Wait a minute, then try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
