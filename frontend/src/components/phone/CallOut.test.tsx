import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { account, callsTo, jsonResponse, posted, stubApi } from '../../test/fixtures';
import { CREDENTIALS, FakeUA, lastCall, panel, renderPhone } from './phoneTestUtils';

vi.mock('jssip', async () => {
  const fake = await import('./phoneTestUtils');
  return { UA: fake.FakeUA, WebSocketInterface: fake.FakeWebSocketInterface };
});

const STARTED = { dial: 'o0a1b2c3d4e5f6a7b8c9d', label: 'Calling 07700 900123 from 0161 496 0000' };

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/phone/open': () => jsonResponse(CREDENTIALS),
    '/api/phone/callOut': () => jsonResponse(STARTED),
    '/api/phone/progress': () => jsonResponse({ state: 'waiting', steps: [], callId: null }),
    ...extra,
  });
}

async function openDialler() {
  const user = await renderPhone();
  await user.click(screen.getByRole('button', { name: 'Dial a number' }));
  const region = await panel();
  await within(region).findByLabelText('Number to call');
  return { user, region };
}

describe('calls out', () => {
  test('a number the domain refuses is said on its field and nothing is posted', async () => {
    const fetch = stub();
    const { user, region } = await openDialler();
    await user.type(within(region).getByLabelText('Number to call'), '0900 123 4567');
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    expect(
      await within(region).findByText('Numbers starting 09 are premium rate: they cannot be called from here.'),
    ).toBeInTheDocument();
    expect(within(region).getByLabelText('Number to call')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, '/api/phone/callOut')).toHaveLength(0);
  });

  test('Call posts the typed number and the caller id chosen, then dials', async () => {
    const fetch = stub();
    const { user, region } = await openDialler();
    const callerId = within(region).getByLabelText('Caller ID');
    expect(callerId).toHaveValue('0161 496 0000');
    await user.selectOptions(callerId, '0161 496 0001');
    await user.type(within(region).getByLabelText('Number to call'), '07700 900123');
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(FakeUA.last?.calls).toHaveLength(1));
    const [[, init]] = callsTo(fetch, '/api/phone/callOut');
    expect(posted(init as RequestInit)).toEqual({ number: '07700 900123', callerId: '0161 496 0001' });
    expect(lastCall().target).toBe(`sip:${STARTED.dial}@127.0.0.1`);
  });

  test('the server’s field messages show on the fields', async () => {
    stub({ '/api/phone/callOut': () => jsonResponse({ errors: { callerId: 'That caller id is not yours.' } }, 422) });
    const { user, region } = await openDialler();
    await user.type(within(region).getByLabelText('Number to call'), '07700 900123');
    await user.click(within(region).getByRole('button', { name: 'Call' }));
    expect(await within(region).findByText('That caller id is not yours.')).toBeInTheDocument();
    expect(within(region).getByLabelText('Caller ID')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a call log row’s Call fills in the caller’s number', async () => {
    stub();
    const user = await renderPhone();
    await user.click(screen.getByRole('button', { name: 'Call 07700 900123 from the browser' }));
    expect(await within(await panel()).findByLabelText('Number to call')).toHaveValue('07700 900123');
  });
});

describe('who is offered the phone', () => {
  test('an owner without calls out may test numbers but not call out', async () => {
    stub();
    await renderPhone(account());
    expect(screen.getByRole('button', { name: 'Test call to 0161 496 0007' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call 07700 900123 from the browser' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dial a number' })).not.toBeInTheDocument();
  });

  test('a user without routing or outbound access is offered neither', async () => {
    stub();
    await renderPhone(account({ canProvision: false }));
    expect(screen.queryByRole('button', { name: 'Test call to 0161 496 0007' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call 07700 900123 from the browser' })).not.toBeInTheDocument();
  });
});
