import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { addonPrice, renderPurchase, starterOwner } from '../../../components/purchase/testUtils';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { SpeechTrialAnswer, SpeechTrialPage } from './api';
import { CANCEL_QUESTION, CANCELLED, STARTED, TrialPage } from './TrialPage';

const OFFER = [
  'Speech analytics free for 14 days: the first 10 recorded calls each day are transcribed and get Speech Insights.',
  'At the end of the trial it becomes Speech analytics at £35 per month (minimum charge £25 per month), unless you cancel before the trial ends. You can cancel on this page at any time during the trial.',
];

function trial(overrides: Partial<SpeechTrialPage> = {}): SpeechTrialPage {
  return { status: 'available', summary: OFFER, offer: OFFER, ...overrides } as SpeechTrialPage;
}

const RUNNING = trial({
  status: 'running',
  daysLeft: 14,
  daysLeftText: '14 days left',
  endsAt: 1_796_637_600,
  endsAtText: '07/12/2026 10:00 GMT',
  summary: ['Your free trial of speech analytics ends at 07/12/2026 10:00 GMT.'],
  howToCancel: 'To cancel, press Cancel trial on this page before 07/12/2026 10:00 GMT.',
});

function answer(page: SpeechTrialPage, canStart = false, canCancel = false, canBuy = false): SpeechTrialAnswer {
  return { trial: page, canStart, canCancel, canBuy };
}

const posted = (fetch: ReturnType<typeof stubApi>, part: string) =>
  fetch.mock.calls.filter(([url]) => String(url).includes(part)).map(([, init]) => init?.body as FormData);

async function noViolations(within: Element) {
  const result = await axe.run(within, { rules: { region: { enabled: false } } });
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

describe('/tryspeech', () => {
  test('the owner starts the trial through the purchase modal with its terms, then sees the days left', async () => {
    let current = answer(trial(), true);
    const fetch = stubApi({
      '/api/tryspeech/getTrial': () => jsonResponse(current),
      '/api/tryspeech/startTrial': () => {
        current = answer(RUNNING, false, true);
        return jsonResponse(current);
      },
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice()),
      '/api/accountsettings/getAccountScopes': () =>
        jsonResponse({ packageScopes: ['report_voice_tags'], addonScopes: [], nextPackageScopes: [], hasSpeech: true }),
    });
    const { user } = renderPurchase(starterOwner(), { ui: <TrialPage title="Try speech analytics" /> });
    await user.click(await screen.findByRole('button', { name: 'Start free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Try speech analytics' });
    await waitFor(() => expect(dialog).toHaveTextContent('unless you cancel before the trial ends'));
    await noViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    expect(dialog).toHaveTextContent('Please accept the terms and conditions.');
    expect(posted(fetch, 'tryspeech/startTrial')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(dialog).toHaveTextContent(STARTED));
    expect(posted(fetch, 'tryspeech/startTrial')[0].get('terms')).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: '14 days left' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'How to cancel' })).toHaveTextContent('press Cancel trial');
  });

  test('cancelling asks first, then says nothing will be charged', async () => {
    let current = answer(RUNNING, false, true);
    const fetch = stubApi({
      '/api/tryspeech/getTrial': () => jsonResponse(current),
      '/api/tryspeech/cancelTrial': () => {
        current = answer(trial({ ...RUNNING, status: 'cancelled', howToCancel: null }));
        return jsonResponse(current);
      },
      '/api/accountsettings/getAccountScopes': () =>
        jsonResponse({ packageScopes: ['report_voice_tags'], addonScopes: [], nextPackageScopes: [], hasSpeech: true }),
    });
    const { user } = renderPurchase(starterOwner(), { ui: <TrialPage title="Try speech analytics" /> });
    await user.click(await screen.findByRole('button', { name: 'Cancel trial' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent(CANCEL_QUESTION);
    await noViolations(confirm);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posted(fetch, 'tryspeech/cancelTrial')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel trial' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Cancel trial' }));
    expect(await screen.findByText(CANCELLED)).toHaveAttribute('role', 'status');
    expect(posted(fetch, 'tryspeech/cancelTrial')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'How to cancel' })).toBeNull();
  });

  test('a user who may not buy reads the offer without a button', async () => {
    stubApi({ '/api/tryspeech/getTrial': () => jsonResponse(answer(trial())) });
    renderPurchase(starterOwner(), { ui: <TrialPage title="Try speech analytics" /> });
    expect(await screen.findByText('Please speak to your account owner to start the trial.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
  });

  test('after a cancelled trial the page offers speech analytics itself through the purchase modal', async () => {
    const ended = trial({ status: 'ended', summary: ['Your free trial ended on 07/12/2026 and speech analytics was turned off.'] });
    stubApi({
      '/api/tryspeech/getTrial': () => jsonResponse(answer(ended, false, false, true)),
      '/api/services/getAddonPrice': () => jsonResponse(addonPrice()),
    });
    const { user } = renderPurchase(starterOwner(), { ui: <TrialPage title="Try speech analytics" /> });
    await user.click(await screen.findByRole('button', { name: 'Buy speech analytics' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
  });
});
