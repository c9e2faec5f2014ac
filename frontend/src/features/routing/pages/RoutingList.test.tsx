import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { CREDENTIALS } from '../../../components/phone/phoneTestUtils';
import { callsTo, jsonResponse, posted as postedFields, stubApi } from '../../../test/fixtures';
import { loadSelection, saveSelection } from '../../../lib/routingSelection';
import { numbersList, posted, professional, renderRouting, routingRow, starter } from './connectTestUtils';

const ROUTING_ERROR =
  'Something went wrong. Please try again or contact us at 0161 496 0000 or via email at clientservices@calltrack.example.';

vi.mock('jssip', async () => {
  const fake = await import('../../../components/phone/phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const list = numbersList;
const table = () => screen.findByRole('table', { name: 'Call routing' });
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const location = () => screen.getByRole('status', { name: 'location' });
/** The toolbar's note of the selection (the status without a name). */
const selectionNote = () => screen.getAllByRole('status').find((node) => !node.hasAttribute('aria-label'))!;

const manchester = () => routingRow({ id: 1, numberPool: '01614960001', description: 'Google Ads - Manchester', destination: '01614960999' });
const leeds = () =>
  routingRow({
    id: 2,
    numberPool: '01134960002',
    description: 'Bing - Leeds',
    planId: 7,
    planDescription: 'Office hours',
    callRecording: 1,
    provisioned: false,
  });
const website = () => routingRow({ id: 3, type: 'dynamic', numberPool: 'Website visitors', description: 'Website pool' });

beforeEach(() => sessionStorage.clear());

describe('Call routing list', () => {
  test('lists numbers and pools with their routing, recording and status', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([website(), leeds(), manchester()]) });
    renderRouting('/routing');
    expect(screen.getByText('Loading numbers and pools…')).toBeInTheDocument();
    const t = await table();
    const rows = bodyRows(t);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('0113 496 0002');
    expect(rows[0]).toHaveTextContent('Static');
    expect(rows[0]).toHaveTextContent('Office hours');
    expect(rows[0]).toHaveTextContent('On');
    expect(rows[0]).toHaveTextContent('Provisioning…');
    expect(rows[1]).toHaveTextContent('0161 496 0999');
    expect(rows[1]).toHaveTextContent('Provisioned');
    expect(rows[2]).toHaveTextContent('Website visitors');
    expect(rows[2]).toHaveTextContent('Dynamic pool');
    expect(screen.getByText('3 record(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Call routing' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  });

  test("numbers are shown as on every other screen (the domain's UK format), whatever the account's prefix", async () => {
    stubApi({
      '/api/manageconnections/getNumbersList': list([
        routingRow({ id: 1, numberPool: '441614960001', description: 'Google Ads - Manchester', destination: '447700900123' }),
      ]),
    });
    renderRouting('/routing', professional({ numberFormat: { countryCode: 44, prefix: 'plus' } }));
    const t = await table();
    expect(bodyRows(t)[0]).toHaveTextContent('0161 496 0001');
    expect(bodyRows(t)[0]).toHaveTextContent('07700 900123');
    expect(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' })).toBeInTheDocument();
  });

  test('the server searches once typing pauses, from the first page', async () => {
    const fetch = stubApi({ '/api/manageconnections/getNumbersList': list([website(), leeds(), manchester()]) });
    const user = renderRouting('/routing');
    const t = await table();
    const listCalls = () => callsTo(fetch, '/api/manageconnections/getNumbersList');
    const searches = () => listCalls().map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('search'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'office');
    await waitFor(() => expect(bodyRows(t)).toHaveLength(1));
    expect(bodyRows(t)[0]).toHaveTextContent('Bing - Leeds');
    // One request for the page, one for the settled search: not one a keystroke.
    expect(searches()).toEqual(['', 'office']);
    const asked = new URL(String(listCalls()[1][0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      page: '1',
      pageSize: '25',
      search: 'office',
      sort: 'numberPool',
      direction: 'asc',
    });
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing like this');
    await waitFor(() => expect(bodyRows(t)[0]).toHaveTextContent('No numbers or pools found.'));
    expect(screen.getByText('0 record(s)')).toBeInTheDocument();
  });

  test('pages and sorting are asked of the server; a selection holds across pages', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      routingRow({ id: i + 1, numberPool: `0161496${String(i).padStart(4, '0')}`, description: `Number ${i}` }),
    );
    const fetch = stubApi({ '/api/manageconnections/getNumbersList': list(many) });
    const user = renderRouting('/routing');
    const t = await table();
    expect(screen.getByText('30 record(s)')).toBeInTheDocument();
    expect(bodyRows(t)).toHaveLength(25);
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0000' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(bodyRows(t)).toHaveLength(5));
    expect(bodyRows(t)[0]).toHaveTextContent('0161 496 0025');
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0029' }));
    // The row ticked on page 1 is not shown on page 2: the note says so.
    expect(selectionNote()).toHaveTextContent('2 selected, 1 of them not shown on this page');
    await user.click(within(t).getByRole('button', { name: /Number \/ pool/ }));
    await waitFor(() => expect(bodyRows(t)[0]).toHaveTextContent('0161 496 0029'));
    const last = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect([last.get('page'), last.get('direction')]).toEqual(['1', 'desc']);
    expect(within(t).getByRole('checkbox', { name: 'Select 0161 496 0029' })).toBeChecked();
    expect(selectionNote()).toHaveTextContent('2 selected, 1 of them not shown on this page');
  });

  test('a search that hides the selected rows says so; Clear selection empties it, stored one too', async () => {
    saveSelection([1]);
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester(), leeds(), website()]) });
    const user = renderRouting('/routing');
    const t = await table();
    await user.click(within(t).getByRole('checkbox', { name: 'Select Website visitors' }));
    expect(selectionNote()).toHaveTextContent(/^2 selected$/);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'leeds');
    await waitFor(() => expect(bodyRows(t)).toHaveLength(1));
    expect(selectionNote()).toHaveTextContent('2 selected, none of them shown on this page');
    expect(within(t).getByRole('checkbox', { name: 'Select 0113 496 0002' })).not.toBeChecked();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0113 496 0002' }));
    expect(selectionNote()).toHaveTextContent('3 selected, 2 of them not shown on this page');

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selectionNote()).toHaveTextContent('Selection cleared');
    expect(selectionNote()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    expect(loadSelection()).toEqual([]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(bodyRows(t)).toHaveLength(3));
    for (const box of within(t).getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  test('an empty list says so', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([]) });
    renderRouting('/routing');
    const t = await table();
    expect(t).toHaveTextContent('No numbers or pools found.');
  });

  test('a failed load shows the routing error with the contact details', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': () => jsonResponse({ success: false }, 500) });
    renderRouting('/routing');
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('Connect shows once rows are selected; a basic selection goes to /routing/numbers', async () => {
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': list([manchester(), leeds(), website()]),
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [manchester(), website()], hasOnlyBasicFeatures: true }),
    });
    const user = renderRouting('/routing');
    const t = await table();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    await user.click(within(t).getByRole('checkbox', { name: 'Select Website visitors' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(location()).toHaveTextContent('/routing/numbers'));
    const call = fetch.mock.calls.find(([url]) => url === '/api/manageconnections/getSelectedDetails');
    expect(JSON.parse(posted(call?.[1]).selected)).toEqual([1, 3]);
    expect(loadSelection()).toEqual([1, 3]);
  });

  test('a selection with more than basic features goes to the advanced page', async () => {
    stubApi({
      '/api/manageconnections/getNumbersList': list([manchester(), leeds()]),
      '/api/manageconnections/getSelectedDetails': () =>
        jsonResponse({ selectionDetails: [leeds()], hasOnlyBasicFeatures: false }),
    });
    const user = renderRouting('/routing');
    const t = await table();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0113 496 0002' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(location()).toHaveTextContent('/routing/numbers/advanced'));
  });

  test('a failed Connect shows the routing error and stays', async () => {
    stubApi({
      '/api/manageconnections/getNumbersList': list([manchester()]),
      '/api/manageconnections/getSelectedDetails': () => jsonResponse({ success: false }, 500),
    });
    const user = renderRouting('/routing');
    const t = await table();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(location()).toHaveTextContent(/^\/routing$/);
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  test('an administrator without routing_simple sees Connect disabled and no Audio link', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    const user = renderRouting('/routing', professional({ packageScopes: ['routing_time_of_day'] }));
    const t = await table();
    expect(screen.queryByRole('link', { name: 'Audio' })).not.toBeInTheDocument();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
  });

  test('a user who is not an administrator gets no Connect button', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    const user = renderRouting('/routing', professional({ isAdministrator: false, userAuthCode: 10 }));
    const t = await table();
    await user.click(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' }));
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    // The selection is counted all the same.
    expect(selectionNote()).toHaveTextContent(/^1 selected$/);
  });

  test('the Audio link leads to /routing/audio with routing_simple', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    const user = renderRouting('/routing', starter());
    await table();
    await user.click(screen.getByRole('link', { name: 'Audio' }));
    expect(location()).toHaveTextContent('/routing/audio');
  });

  test('the Routing history link leads to /routing/history with an advanced scope, not on Starter', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    const user = renderRouting('/routing', professional());
    await table();
    await user.click(screen.getByRole('link', { name: 'Routing history' }));
    expect(location()).toHaveTextContent('/routing/history');
  });

  test('the IVRs link leads to /routing/ivrs with an advanced scope', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    const user = renderRouting('/routing', professional());
    await table();
    await user.click(screen.getByRole('link', { name: 'IVRs' }));
    expect(location()).toHaveTextContent('/routing/ivrs');
  });

  test('Starter has no Routing history or IVRs link', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    renderRouting('/routing', starter());
    await table();
    expect(screen.queryByRole('link', { name: 'Routing history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'IVRs' })).not.toBeInTheDocument();
  });

  test('without the right to view (group account) nothing is loaded or offered', async () => {
    const fetch = stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    renderRouting('/routing', professional({ isGroupAccount: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Call routing' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a page that fails to load leaves the list shown with the routing error', async () => {
    const many = Array.from({ length: 30 }, (_, i) => routingRow({ id: i + 1, numberPool: `0161496${String(i).padStart(4, '0')}` }));
    const rows = list(many);
    stubApi({
      '/api/manageconnections/getNumbersList': (init, url) =>
        url.searchParams.get('page') === '2' ? jsonResponse({ success: false }, 500) : rows(init, url),
    });
    const user = renderRouting('/routing');
    const t = await table();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
    expect(bodyRows(t)).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  test('a stored selection comes back, on any page', async () => {
    saveSelection([1, 99]);
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester(), leeds()]) });
    renderRouting('/routing');
    const t = await table();
    expect(within(t).getByRole('checkbox', { name: 'Select 0161 496 0001' })).toBeChecked();
    expect(within(t).getByRole('checkbox', { name: 'Select 0113 496 0002' })).not.toBeChecked();
    // Row 99 is on no page shown here: it stays selected, and the note says so (Connect lets the
    // server check it).
    expect(selectionNote()).toHaveTextContent('2 selected, 1 of them not shown on this page');
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeInTheDocument();
  });

  test("exports the server's CSV of the matching rows, named after the product", async () => {
    const file = '\uFEFF"Type","Number / pool"\r\n"Static","01614960001"\r\n';
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': list([manchester(), leeds()]),
      '/api/manageconnections/exportNumbersCsv': () => new Response(file, { headers: { 'Content-Type': 'text/csv' } }),
    });
    let blob: Blob | null = null;
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = (b: Blob) => {
      blob = b;
      return 'blob:csv';
    };
    urls.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    onTestFinished(() => {
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
      click.mockRestore();
    });
    const user = renderRouting('/routing', professional({ productName: 'Calltrack' }));
    const t = await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'manchester');
    await waitFor(() => expect(bodyRows(t)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Calltrack_call_routing.csv');
    // The server's bytes as they came (Blob.text() drops the byte order mark when it decodes).
    expect(await blob!.text()).toBe(file.slice(1));
    expect(blob!.size).toBe(new TextEncoder().encode(file).length);
    const asked = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/manageconnections/exportNumbersCsv');
    expect([asked.searchParams.get('search'), asked.searchParams.get('sort')]).toEqual(['manchester', 'numberPool']);
  });

  test('a failed export shows the routing error', async () => {
    stubApi({
      '/api/manageconnections/getNumbersList': list([manchester()]),
      '/api/manageconnections/exportNumbersCsv': () => jsonResponse({ success: false }, 500),
    });
    const user = renderRouting('/routing');
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTING_ERROR);
  });

  test('shows the notice a connect page left, once', async () => {
    stubApi({ '/api/manageconnections/getNumbersList': list([manchester()]) });
    renderRouting({ pathname: '/routing', state: { notice: 'Success! The numbers will be provisioned shortly.' } });
    await table();
    expect(screen.getByText('Success! The numbers will be provisioned shortly.')).toHaveRole('status');
  });

  test('each row offers a test call of its routing entry, a pool as well as a number', async () => {
    const fetch = stubApi({
      '/api/manageconnections/getNumbersList': list([website(), manchester()]),
      '/api/phone/open': () => jsonResponse(CREDENTIALS),
      '/api/phone/testCall': () => jsonResponse({ dial: 't0a1b2c3d4e5f6a7b8c9d', label: 'Test call' }),
      '/api/phone/progress': () => jsonResponse({ state: 'waiting', steps: [], callId: null }),
    });
    const user = renderRouting('/routing');
    const t = await table();
    expect(await within(t).findByRole('button', { name: 'Test call to 0161 496 0001' })).toBeInTheDocument();
    await user.click(within(t).getByRole('button', { name: 'Test call to Website visitors' }));
    const phone = await screen.findByRole('region', { name: 'Phone' });
    expect(await within(phone).findByText('Website visitors')).toBeInTheDocument();
    await user.click(within(phone).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(callsTo(fetch, '/api/phone/testCall')).toHaveLength(1));
    expect(postedFields(callsTo(fetch, '/api/phone/testCall')[0][1] as RequestInit)).toMatchObject({ entryId: '3' });
  });
});
