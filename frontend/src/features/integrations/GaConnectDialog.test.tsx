import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { callsTo, jsonResponse, posted, stubApi, stubLocationAssign } from '../../test/fixtures';
import { connection, integrationAnswers, renderAt } from './test-utils';

const PROPERTIES = [
  { ua: 'UA-1234-1', url: 'https://www.harbourlanedental.test' },
  { ua: 'UA-1234-2', url: 'https://book.harbourlanedental.test' },
];

const NO_DYNAMIC_URLS = { '/api/admin/getDynamicUrls': () => jsonResponse({ dynamicUrls: [] }) };

async function openDialog() {
  return screen.findByRole('dialog', { name: 'Set up Google Analytics' }, { timeout: 10_000 });
}

describe('the Google Analytics setup (/ga_connect)', () => {
  test('checks the choice before sending, then posts property and type and goes to the GA page', async () => {
    const fetch = stubApi({
      ...integrationAnswers({ google_analytics: connection() }),
      ...NO_DYNAMIC_URLS,
      '/api/admin/getGAConnectOptions': () => jsonResponse({ connected: true, properties: PROPERTIES }),
      '/api/managegoogleanalytics/connect': () => jsonResponse({ success: true }),
    });
    const { user } = renderAt('/ga_connect?connected=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Integrate' })).toBeInTheDocument();
    expect(screen.getByText('Google Analytics connected.')).toBeInTheDocument();
    const dialog = await openDialog();
    const property = await within(dialog).findByRole('combobox', { name: 'Property' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(property).toHaveAccessibleDescription('Please choose a property.');
    expect(within(dialog).getByRole('group', { name: 'Send calls as' })).toHaveAccessibleDescription(
      'Please choose how calls are sent: as events or as virtual pageviews.',
    );
    expect(callsTo(fetch, '/api/managegoogleanalytics/connect')).toHaveLength(0);

    await user.selectOptions(property, 'UA-1234-2');
    await user.click(within(dialog).getByRole('radio', { name: 'Virtual pageview' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(fetch, '/api/managegoogleanalytics/connect')).toHaveLength(1));
    expect(posted(callsTo(fetch, '/api/managegoogleanalytics/connect')[0][1] as RequestInit)).toEqual({
      form_ga_property_id: 'UA-1234-2',
      'form_ga_property_url[UA-1234-2]': 'https://book.harbourlanedental.test',
      form_ga_property_type: '2',
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/googleanalytics?connected=1'),
    );
  });

  test('the server refusal is shown on its field', async () => {
    stubApi({
      ...integrationAnswers({ google_analytics: connection() }),
      ...NO_DYNAMIC_URLS,
      '/api/admin/getGAConnectOptions': () => jsonResponse({ connected: true, properties: PROPERTIES }),
      '/api/managegoogleanalytics/connect': () =>
        jsonResponse(
          { success: false, code: 'VALIDATION_FAILED', errors: { form_ga_property_id: 'That property is not in your Google Analytics account.' } },
          422,
        ),
    });
    const { user } = renderAt('/ga_connect');
    const dialog = await openDialog();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Property' }), 'UA-1234-1');
    await user.click(within(dialog).getByRole('radio', { name: 'Event' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Property' })).toHaveAccessibleDescription(
        'That property is not in your Google Analytics account.',
      ),
    );
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/ga_connect$/);
  });

  test('not connected yet: says so and offers Connect', async () => {
    const assign = stubLocationAssign();
    stubApi({
      ...integrationAnswers(),
      ...NO_DYNAMIC_URLS,
      '/api/admin/getGAConnectOptions': () => jsonResponse({ connected: false, properties: [] }),
      '/api/integrations/connect/google_analytics': () => jsonResponse({ authUrl: '/sandbox/oauth/authorize?ga=1' }),
    });
    const { user } = renderAt('/ga_connect');
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Google Analytics must be connected first.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/oauth/authorize?ga=1'));
  });

  test('Cancel goes back to the overview', async () => {
    stubApi({
      ...integrationAnswers(),
      ...NO_DYNAMIC_URLS,
      '/api/admin/getGAConnectOptions': () => jsonResponse({ connected: true, properties: PROPERTIES }),
    });
    const { user } = renderAt('/ga_connect');
    const dialog = await openDialog();
    await within(dialog).findByRole('combobox', { name: 'Property' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/$/);
  });

  test('a failed load shows the error banner in the dialog', async () => {
    stubApi({
      ...integrationAnswers(),
      ...NO_DYNAMIC_URLS,
      '/api/admin/getGAConnectOptions': () => jsonResponse({ success: false }, 500),
    });
    renderAt('/ga_connect');
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
