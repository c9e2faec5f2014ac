import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../../test/fixtures';
import type { ActionView, ConversionDetail, ConversionsPage as ConversionsData } from '../../api/conversions';
import { ConversionDetailPage } from './ConversionDetailPage';
import { ConversionsPage } from './ConversionsPage';

function action(over: Partial<ActionView> = {}): ActionView {
  return {
    id: 1,
    name: 'Paid search calls',
    platform: 'google_ads',
    platformLabel: 'Google Ads',
    value: '£40.00',
    active: true,
    conditions: ['Talked for at least 60 seconds', 'Source / medium is google / cpc'],
    form: {
      name: 'Paid search calls',
      platform: 'google_ads',
      value: '40.00',
      minDuration: '60',
      outcome: '',
      sourceMedium: '3',
      tag: '',
      active: '1',
    },
    counted30Days: 12,
    sent30Days: 0,
    failed30Days: 0,
    notConnected: { message: 'Google Ads is not connected', connectPath: '/googleads' },
    deleteQuestion: "Delete the conversion 'Paid search calls'? Its log of 12 uploads goes with it; what was sent stays sent.",
    ...over,
  };
}

function page(canEdit = true, conversions = [action()]): ConversionsData {
  return {
    canEdit,
    defaultMinDuration: 60,
    platforms: [
      { value: 'google_ads', label: 'Google Ads' },
      { value: 'microsoft_ads', label: 'Microsoft Ads' },
      { value: 'meta_ads', label: 'Meta Ads' },
    ],
    sources: [{ value: '3', label: 'google / cpc' }],
    tags: [{ value: '7', label: 'Qualified lead' }],
    outcomes: [{ value: 'answered', label: 'Answered' }],
    conversions,
  };
}

function renderList(canEdit = true, conversions = [action()]) {
  const fetch = stubApi({
    '/api/conversions/getConversions': () => jsonResponse(page(canEdit, conversions)),
    '/api/conversions/addConversion': () => jsonResponse({ success: true, id: 2 }),
    '/api/conversions/deleteConversion/1': () => jsonResponse({ success: true }),
  });
  render(
    <MemoryRouter>
      <ConversionsPage title="Conversions" />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), fetch };
}

describe('the conversions page', () => {
  test('lists each action with its platform, conditions, value, counts and a warning to connect', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Conversions' });
    expect(within(table).getByRole('link', { name: 'Paid search calls' })).toHaveAttribute('href', '/conversions/1');
    expect(within(table).getByText('Talked for at least 60 seconds and Source / medium is google / cpc')).toBeInTheDocument();
    expect(within(table).getByText('£40.00')).toBeInTheDocument();
    expect(within(table).getByText(/Google Ads is not connected/)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Connect Google Ads' })).toHaveAttribute('href', '/googleads');
  });

  test('an empty account says how to start', async () => {
    renderList(true, []);
    expect(await screen.findByText(/No conversions yet/)).toBeInTheDocument();
  });

  test('a conversion is added with the domain checking the form as typed, 60 seconds by default', async () => {
    const { user, fetch } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Add conversion' }));
    const dialog = screen.getByRole('dialog', { name: 'Add conversion' });
    expect(within(dialog).getByLabelText('Talked for at least (seconds)')).toHaveValue('60');
    await user.type(within(dialog).getByLabelText('Name'), 'paid search CALLS');
    await user.type(within(dialog).getByLabelText('Value (£)'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name must be unique.')).toBeInTheDocument();
    expect(within(dialog).getByText('Value must be an amount in pounds and pence, such as 25.00.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Google calls');
    await user.clear(within(dialog).getByLabelText('Value (£)'));
    await user.selectOptions(within(dialog).getByLabelText('Source / medium'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The conversion 'Google calls' was saved.")).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/conversions/addConversion'))!;
    const body = init!.body as FormData;
    expect([body.get('form_min_duration'), body.get('form_source_medium'), body.get('form_platform')]).toEqual([
      '60',
      '3',
      'google_ads',
    ]);
  });

  test('deleting asks first', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Paid search calls' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(/Its log of 12 uploads goes with it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent("The conversion 'Paid search calls' was deleted."));
  });

  test('without the edit right the page only reads', async () => {
    renderList(false);
    await screen.findByRole('table', { name: 'Conversions' });
    expect(screen.queryByRole('button', { name: 'Add conversion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Paid search calls' })).toBeNull();
  });

  test('a failed load says so', async () => {
    stubApi({ '/api/conversions/getConversions': () => jsonResponse({ success: false }, 500) });
    render(
      <MemoryRouter>
        <ConversionsPage title="Conversions" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The conversions could not be loaded. Try again later.')).toBeInTheDocument();
  });
});

function detail(): ConversionDetail {
  return {
    conversion: action({ notConnected: null, sent30Days: 1, failed30Days: 1 }),
    canEdit: true,
    total: 2,
    page: 1,
    pageSize: 25,
    uploads: [
      {
        id: 11,
        callId: 501,
        callTime: '22/11/2026 14:33 GMT',
        sentCallTime: '2026-11-22 14:33:34+00:00',
        caller: '07700 900123',
        callerE164: '+447700900123',
        clickId: 'Cj0KCQabc',
        consent: 'GRANTED',
        value: '£40.00',
        status: 'failed',
        statusText: 'Failed: will be tried again',
        answer: '503 Service unavailable: the platform is down, try again later.',
        attempts: 1,
        nextAttempt: '23/11/2026 11:00 GMT',
        sentAt: '',
        canRetry: true,
      },
      {
        id: 10,
        callId: 500,
        callTime: '21/11/2026 09:00 GMT',
        sentCallTime: '2026-11-21 09:00:00+00:00',
        caller: 'Withheld',
        callerE164: '',
        clickId: 'Cj0KCQdef',
        consent: 'UNSPECIFIED',
        value: '£40.00',
        status: 'sent',
        statusText: 'Sent',
        answer: 'Received: 1 conversion accepted.',
        attempts: 1,
        nextAttempt: '',
        sentAt: '23/11/2026 10:00 GMT',
        canRetry: false,
      },
    ],
  };
}

describe("a conversion's page", () => {
  test('shows the action and its log, each call linking to the call log, and retries a failed upload', async () => {
    const fetch = stubApi({
      '/api/conversions/getConversion/1': () => jsonResponse(detail()),
      '/api/conversions/retryUpload/11': () => jsonResponse({ success: true }),
    });
    render(
      <MemoryRouter>
        <ConversionDetailPage title="Conversion" id="1" />
      </MemoryRouter>,
    );
    const log = await screen.findByRole('table', { name: 'Upload log' });
    expect(screen.getByRole('region', { name: 'Paid search calls' })).toHaveTextContent('£40.00 GBP');
    expect(within(log).getByRole('link', { name: 'Call from 07700 900123 at 22/11/2026 14:33 GMT' })).toHaveAttribute(
      'href',
      '/reports?call=501',
    );
    expect(within(log).getByText('(sent as +447700900123)')).toBeInTheDocument();
    expect(within(log).getByText('Failed: will be tried again')).toBeInTheDocument();
    expect(within(log).getByText('Received: 1 conversion accepted.')).toBeInTheDocument();
    await userEvent.setup().click(within(log).getByRole('button', { name: 'Retry now the call at 22/11/2026 14:33 GMT' }));
    expect(await screen.findByRole('status')).toHaveTextContent('will be sent again within 5 minutes');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/conversions/retryUpload/11'))).toBe(true);
  });

  test('an action with no uploads yet says what will appear', async () => {
    stubApi({ '/api/conversions/getConversion/1': () => jsonResponse({ ...detail(), uploads: [], total: 0 }) });
    render(
      <MemoryRouter>
        <ConversionDetailPage title="Conversion" id="1" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/No calls have counted yet/)).toBeInTheDocument();
  });
});
