import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { AccountProvider } from '../../lib/account';
import { account, jsonResponse, stubApi } from '../../test/fixtures';
import ParametersSection from './index';

function renderAt(path: string, reload = vi.fn(async () => {})) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider account={account()} setAccount={() => {}} reload={reload}>
        <Routes>
          <Route path="/parameters" element={<ParametersSection title="Parameters" />} />
          <Route path="/parameter/:parameter" element={<ParametersSection title="Parameter" />} />
          <Route path="/parameter/:parameter/:value" element={<ParametersSection title="Parameter value" />} />
        </Routes>
      </AccountProvider>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), reload };
}

const LIST = {
  parameters: [
    { name: 'Branch', values: 3, visits: 120, calls: 14 },
    { name: 'Region', values: 3, visits: 120, calls: 14 },
  ],
  uncalledVisitsKeptHours: 72,
};

describe('Parameters', () => {
  test('lists the captured parameters and adds one, the menu reloaded', async () => {
    let added = false;
    const fetch = stubApi({
      '/api/parameters/getParameters': () =>
        jsonResponse(added ? { ...LIST, parameters: [...LIST.parameters, { name: 'utm_term', values: 6, visits: 80, calls: 9 }] } : LIST),
      '/api/parameters/addParameter': () => {
        added = true;
        return jsonResponse({ success: true, parameter: 'utm_term' });
      },
    });
    const { user, reload } = renderAt('/parameters');
    const table = await screen.findByRole('table', { name: 'Captured parameters' });
    expect(within(table).getByRole('link', { name: 'Branch' })).toHaveAttribute('href', '/parameter/Branch');
    await user.type(screen.getByRole('textbox', { name: 'Parameter name' }), 'utm_term');
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    expect(await screen.findByText("'utm_term' is captured from now on.")).toBeInTheDocument();
    expect(await within(table).findByRole('link', { name: 'utm_term' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalled();
    const post = fetch.mock.calls.find(([url]) => String(url).includes('addParameter'))!;
    expect((post[1]!.body as FormData).get('parameter')).toBe('utm_term');
  });

  test("the domain's rule shows as typed, and nothing is posted", async () => {
    const fetch = stubApi({ '/api/parameters/getParameters': () => jsonResponse(LIST) });
    const { user } = renderAt('/parameters');
    await user.type(await screen.findByRole('textbox', { name: 'Parameter name' }), 'utm-term');
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const field = screen.getByRole('textbox', { name: 'Parameter name' });
    expect(field).toHaveAccessibleDescription('Invalid characters found. Allowed characters are letters, numbers and underscores.');
    await user.clear(field);
    await user.type(field, 'branch');
    expect(field).toHaveAccessibleDescription('This parameter is already captured.');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('addParameter'))).toBe(false);
  });

  test("the server's message shows on the field", async () => {
    stubApi({
      '/api/parameters/getParameters': () => jsonResponse(LIST),
      '/api/parameters/addParameter': () =>
        jsonResponse(
          {
            success: false,
            code: 'VALIDATION_FAILED',
            errors: { parameter: 'This parameter is already captured.' },
          },
          422,
        ),
    });
    const { user } = renderAt('/parameters');
    await user.type(await screen.findByRole('textbox', { name: 'Parameter name' }), 'utm_content');
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const field = screen.getByRole('textbox', { name: 'Parameter name' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('This parameter is already captured.');
  });

  test('removes a parameter after confirming', async () => {
    let removed = false;
    stubApi({
      '/api/parameters/getParameters': () =>
        jsonResponse(removed ? { ...LIST, parameters: LIST.parameters.slice(1) } : LIST),
      '/api/parameters/removeParameter': () => {
        removed = true;
        return jsonResponse({ success: true, parameter: 'Branch' });
      },
    });
    const { user } = renderAt('/parameters');
    await user.click(await screen.findByRole('button', { name: 'Remove Branch' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove parameter' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText("'Branch' is no longer captured.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Branch' })).not.toBeInTheDocument());
  });

  test("a parameter's values link to their calls, and a value's calls show as the call log's rows", async () => {
    stubApi({
      '/api/parameters/getValues': (_, url) => {
        expect(url.searchParams.get('parameter')).toBe('utm_term');
        return jsonResponse({ parameter: 'utm_term', values: [{ value: 'near me', visits: 40, calls: 3 }] });
      },
      '/api/parameters/getCalls': (_, url) => {
        expect(url.searchParams.get('value')).toBe('near me');
        return jsonResponse({
          parameter: 'utm_term',
          value: 'near me',
          total: 1,
          page: 1,
          pageSize: 50,
          calls: [
            {
              id: 9,
              startedAt: 1795428000,
              time: '23/11/2026 10:00 GMT',
              caller: '07700 900123',
              trackedNumber: '0161 496 0995',
              numberName: 'Website - Google Ads',
              campaign: '',
              source: 'google',
              medium: 'cpc',
              landingPage: 'https://www.example.test/offers?utm_term=near+me',
              durationSeconds: 65,
              duration: '1:00',
              ringSeconds: 5,
              ringTime: '0:05',
              talkSeconds: 60,
              outcome: 'answered',
              outcomeLabel: 'Answered',
              destination: 'Reception',
              tags: [],
              firstTime: true,
              callbackOf: null,
              hasRecording: false,
            },
          ],
        });
      },
    });
    const { user } = renderAt('/parameter/utm_term');
    const values = await screen.findByRole('table', { name: 'Values of utm_term' });
    const link = within(values).getByRole('link', { name: 'near me' });
    expect(link).toHaveAttribute('href', '/parameter/utm_term/near%20me');
    await user.click(link);
    const calls = await screen.findByRole('table', { name: 'Calls with utm_term = near me' });
    const row = within(calls).getByRole('row', { name: /07700 900123/ });
    expect(row).toHaveTextContent('google / cpc');
    expect(row).toHaveTextContent('Answered');
    expect(within(row).getByRole('link', { name: 'Call from 07700 900123 at 23/11/2026 10:00 GMT' })).toHaveAttribute(
      'href',
      '/reports?call=9',
    );
  });

  test('an empty parameter says so', async () => {
    stubApi({ '/api/parameters/getValues': () => jsonResponse({ parameter: 'Region', values: [] }) });
    renderAt('/parameter/Region');
    expect(await screen.findByText('No visit has brought this parameter yet.')).toBeInTheDocument();
  });
});
