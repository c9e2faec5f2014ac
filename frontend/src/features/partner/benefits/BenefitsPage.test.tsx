import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import { partner, renderPartner } from '../test-utils';

const TERMS = [
  { programme: 'reseller', approved: false, rate: null, signedOn: null },
  { programme: 'referrer', approved: true, rate: '10%', signedOn: '19/10/2025' },
];

describe('partner benefits', () => {
  test('the referrer page shows the agreed fee and refers a client', async () => {
    const fetch = stubApi({
      '/api/partnerportal/getProgrammes': () => jsonResponse(TERMS),
      '/api/partnerportal/addAccount': () =>
        jsonResponse({ success: true, message: 'Customer was created.', id: 613, name: 'Hilltop Cafe', invited: null }),
    });
    const user = renderPartner('/partner/benefits/referrer');
    expect(await screen.findByText('You are approved: your referral fee is 10% (agreed on 19/10/2025).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refer a client' }));
    const dialog = screen.getByRole('dialog', { name: 'Refer a client' });
    await user.type(within(dialog).getByLabelText('Account'), 'Hilltop Cafe');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Customer was created.', { exact: false })).toHaveClass('banner-success');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('addAccount'))?.[1]?.body as FormData;
    expect(body.get('programme')).toBe('referrer');
  });

  test('without approval the reseller page says how to apply, and offers nothing to do', async () => {
    stubApi({ '/api/partnerportal/getProgrammes': () => jsonResponse(TERMS) });
    renderPartner('/partner/benefits/reseller', partner({ partnerResellerApprovedFlag: false }));
    expect(await screen.findByText(/You are not approved for this programme yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refer a client' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'clientservices@calltrack.example' })).toHaveAttribute('href', 'mailto:clientservices@calltrack.example');
    expect(screen.getByRole('link', { name: 'About the referral programme' })).toHaveAttribute('href', '/partner/benefits/referrer');
  });

  test('a user without the right to add accounts cannot refer', async () => {
    stubApi({ '/api/partnerportal/getProgrammes': () => jsonResponse(TERMS) });
    renderPartner('/partner/benefits/referrer', partner({ userCanCreatePartnerAccounts: false }));
    await screen.findByText(/You are approved/);
    expect(screen.queryByRole('button', { name: 'Refer a client' })).not.toBeInTheDocument();
  });
});
