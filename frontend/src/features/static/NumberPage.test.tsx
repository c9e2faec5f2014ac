import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { CREDENTIALS, phoneLoaded } from '../../components/phone/phoneTestUtils';
import { account, callsTo, jsonResponse, posted, stubApi } from '../../test/fixtures';
import type { NumberDetails } from './api';
import { LISTS, numberRow, postedForm, renderStatic, validation, where } from './testUtils';

vi.mock('jssip', async () => {
  const fake = await import('../../components/phone/phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const DETAILS: NumberDetails = {
  number: numberRow(),
  callPath: [
    { title: 'Service plan Office hours', detail: 'Monday 10:00: row 1' },
    { title: 'Destination', detail: 'Reception 0161 496 0999' },
  ],
  routeSummary: 'Calls go to service plan "Office hours".',
  recentCalls: [
    {
      id: 1,
      startedAt: 1795252500,
      time: '22/11/2026 09:15 GMT',
      caller: '07700 900123',
      trackedNumber: '0161 496 0007',
      numberName: 'Van signage',
      campaign: 'Spring sale',
      source: 'Direct',
      medium: '',
      landingPage: '',
      durationSeconds: 125,
      duration: '2:00',
      ringSeconds: 5,
      ringTime: '0:05',
      talkSeconds: 120,
      outcome: 'answered',
      outcomeLabel: 'Answered',
      destination: '0161 496 0999',
      tags: [],
      firstTime: true,
      hasRecording: false,
      scoreLabel: '',
      leadScore: '',
      followUpLabel: '',
      note: '',
      noteBy: '',
      recordingLength: '',
      transcriptLine: '',
      testCall: '',
      callOut: '',
    },
  ],
  seesCalls: true,
  allCalls: { from: '2025-06-01', to: '2026-11-23' },
  history: [{ id: 2, time: '20/11/2026 09:00', userName: 'Olivia Owen', summary: 'Bought into Spring sale.' }],
};

function stub(details: NumberDetails = DETAILS, extra: Parameters<typeof stubApi>[0] = {}, canEdit = true) {
  return stubApi({
    '/api/managenumbers/getNumber/7': () => jsonResponse(details),
    '/api/managenumbers/getNumberLists': () => jsonResponse({ ...LISTS, canEdit }),
    ...extra,
  });
}

describe("a number's page", () => {
  test('shows the number, where a call goes, its recent calls and its routing history', async () => {
    stub();
    renderStatic('/campaigns/3/number/7');
    expect(await screen.findByRole('heading', { level: 1, name: '0161 496 0007' })).toBeInTheDocument();
    expect(screen.getByText('Calls go to service plan "Office hours".')).toBeInTheDocument();
    const path = screen.getByRole('list', { name: 'Call path' });
    expect(within(path).getAllByRole('listitem')[1]).toHaveTextContent('Destination Reception 0161 496 0999');
    const calls = screen.getByRole('table', { name: 'Recent calls' });
    expect(calls).toHaveTextContent('07700 900123');
    expect(calls).toHaveTextContent('Answered');
    expect(screen.getByRole('link', { name: 'See all calls to 0161 496 0007' })).toHaveAttribute(
      'href',
      '/reports?number=7&preset=custom&from=2025-06-01&to=2026-11-23',
    );
    expect(screen.getByRole('table', { name: 'Routing history' })).toHaveTextContent('Bought into Spring sale.');
    expect(screen.getByLabelText('Media description')).toHaveValue('Van signage');
    expect(screen.getByLabelText('Channel')).toHaveValue('11');
    expect(screen.getByRole('link', { name: 'Spring sale' })).toHaveAttribute('href', '/campaigns/3');
  });

  test('/numbers/{id} is the same page; without calls or changes it says so', async () => {
    stub({ ...DETAILS, callPath: [], recentCalls: [], history: [], seesCalls: false }, {}, false);
    renderStatic('/numbers/7');
    expect(await screen.findByRole('heading', { level: 1, name: '0161 496 0007' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent calls' })).not.toBeInTheDocument();
    expect(screen.getByText('No routing changes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release number' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Media description')).toBeDisabled();
  });

  test('a number that is not the customer’s is not found', async () => {
    stubApi({ '/api/managenumbers/getNumberLists': () => jsonResponse(LISTS) });
    renderStatic('/numbers/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('This number was not found.');
  });

  test('loading, then a failure says so', async () => {
    stub(DETAILS, { '/api/managenumbers/getNumber/7': () => jsonResponse({ success: false }, 500) });
    renderStatic('/numbers/7');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong loading this page.');
  });

  test('saves the attribution fields; the server message shows under its field', async () => {
    let answer = () => jsonResponse(validation({ mediaDescription: 'Media description is required.' }), 422);
    const fetch = stub(DETAILS, { '/api/managenumbers/updateNumbers': () => answer() });
    const user = renderStatic('/numbers/7');
    const field = await screen.findByLabelText('Media description');
    await user.clear(field);
    await user.type(field, 'Bus stop');
    await user.selectOptions(screen.getByLabelText('Channel'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Media description is required.')).toBeInTheDocument();
    answer = () => jsonResponse({ updated: 1 });
    await user.type(field, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('0161 496 0007 saved.')).toHaveAttribute('role', 'status');
    const posts = fetch.mock.calls.filter(([u]) => String(u).includes('updateNumbers'));
    expect(postedForm(posts[1][1])).toEqual({
      'ids[]': ['7'],
      mediaDescription: 'Bus stop!',
      channel: '0',
      department: '0',
      mediaOwner: '31',
    });
  });

  test('release goes back to the campaign with the server’s message', async () => {
    const message = 'Released 0161 496 0007. The monthly charge ends on 30/11/2026; the number returns to the inventory on 21/02/2027.';
    const fetch = stub(DETAILS, {
      '/api/handleajax/confirmPassword': () => jsonResponse({ status: 1, key: 'k-9' }),
      '/api/managenumbers/releaseNumbers': () =>
        jsonResponse({ released: ['0161 496 0007'], chargeEnds: '30/11/2026', returnsToInventory: '21/02/2027', message }),
      '/api/managecampaigns/getCampaign/3': () => jsonResponse({ id: 3, description: 'Spring sale', numbers: 0, created: '01/11/2026' }),
      '/api/managenumbers/getNumbers': () => jsonResponse({ numbers: [], total: 0 }),
    });
    const user = renderStatic('/numbers/7');
    await user.click(await screen.findByRole('button', { name: 'Release number' }));
    const confirm = screen.getByRole('dialog', { name: 'Release 0161 496 0007' });
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    await user.type(screen.getByLabelText('Password'), 'demopass');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(where()).toBe(`/campaigns/3 ${message}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring sale' })).toBeInTheDocument();
    expect(screen.getByText(message, { selector: 'p' })).toHaveAttribute('role', 'status');
    const post = fetch.mock.calls.find(([u]) => String(u).includes('releaseNumbers'))!;
    expect(postedForm(post[1])).toEqual({ 'ids[]': ['7'], key: 'k-9' });
  });

  test('Test call opens the phone for the number: its id is its routing entry', async () => {
    const fetch = stub(DETAILS, {
      '/api/phone/open': () => jsonResponse(CREDENTIALS),
      '/api/phone/testCall': () => jsonResponse({ dial: 't0a1b2c3d4e5f6a7b8c9d', label: 'Test call' }),
      '/api/phone/progress': () => jsonResponse({ state: 'waiting', steps: [], callId: null }),
    });
    const user = renderStatic('/numbers/7');
    await user.click(await screen.findByRole('button', { name: 'Test call to 0161 496 0007' }));
    const phone = await screen.findByRole('region', { name: 'Phone' });
    await user.click(await within(phone).findByRole('button', { name: 'Call' }));
    await waitFor(() => expect(callsTo(fetch, '/api/phone/testCall')).toHaveLength(1));
    expect(posted(callsTo(fetch, '/api/phone/testCall')[0][1] as RequestInit)).toEqual({ entryId: '7', asIfDate: '', asIfTime: '', draft: '' });
  });

  test('no Test call for a user who may not test the account’s numbers', async () => {
    stub();
    renderStatic('/numbers/7', account({ canProvision: false }));
    expect(await screen.findByRole('heading', { level: 1, name: '0161 496 0007' })).toBeInTheDocument();
    await phoneLoaded();
    expect(screen.queryByRole('button', { name: 'Test call to 0161 496 0007' })).not.toBeInTheDocument();
  });
});
