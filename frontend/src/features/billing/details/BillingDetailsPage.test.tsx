import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { BillingDetails } from './api';
import { BillingDetailsPage } from './BillingDetailsPage';

const DETAILS: BillingDetails = {
  address: {
    companyName: 'Harbour Lane Dental Ltd',
    street1: '1 Harbour Lane',
    street2: '',
    town: 'Bristol',
    county: '',
    postCode: 'BS1 4RN',
    country: 'United Kingdom',
  },
  contact: { name: 'Olivia Owen', email: 'accounts@harbourlane.test', telephone: '0117 496 0000' },
  poNumber: '',
  paymentMethod: 'Visa ending 4242, expires 08/28',
  paymentMethodType: '1',
  directDebitUrl: null,
};

function renderPage(path = '/billing/details') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <BillingDetailsPage title="Billing details" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('billing details', () => {
  test('loads the sections with country and payment method read-only, and the card link', async () => {
    stubApi({ '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS) });
    renderPage();
    expect(await screen.findByLabelText('Company name')).toHaveValue('Harbour Lane Dental Ltd');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Payment method')).toHaveValue('Visa ending 4242, expires 08/28');
    expect(screen.getByRole('link', { name: 'Update credit/debit card details' })).toHaveAttribute(
      'href',
      '/billing/details/payment',
    );
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(2);
  });

  test('a rule broken as typed shows at once; the save posts the form_ fields and says so', async () => {
    const fetch = stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/billingdetails/saveBillingDetails': () => jsonResponse({ success: true }),
    });
    const user = renderPage();
    const town = await screen.findByLabelText('Town');
    await user.clear(town);
    await user.tab();
    expect(screen.getByText('Town is required.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('saveBillingDetails'))).toBe(false);

    await user.type(town, 'Clifton');
    await user.type(screen.getByLabelText('County'), 'Avon');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1]);
    expect(await screen.findByRole('status')).toHaveTextContent('Your billing details were updated successfully.');
    const body = fetch.mock.calls.find(([url]) => String(url).includes('saveBillingDetails'))?.[1]?.body as FormData;
    expect([body.get('form_town'), body.get('form_county'), body.get('form_companyName')]).toEqual([
      'Clifton',
      'Avon',
      'Harbour Lane Dental Ltd',
    ]);
  });

  test("the server's field messages show against their fields with the failure banner", async () => {
    stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/billingdetails/saveBillingDetails': () =>
        jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: { form_postCode: 'Post code is required.' } }, 422),
    });
    const user = renderPage();
    await screen.findByLabelText('Company name');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your billing details could not be updated.');
    expect(screen.getByText('Post code is required.')).toBeInTheDocument();
  });

  test('a load failure says so with the contact details; Direct Debit banners come from the query', async () => {
    stubApi({ '/api/billingdetails/getBillingDetails': () => jsonResponse({}, 500) });
    renderPage('/billing/details?directDebitUpdated=1');
    expect(screen.getByText('Your Direct Debit details have been successfully updated.')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error! Your billing details could not be loaded. Please try again or contact us at',
    );
  });

  test('details the server refuses (403) show the permission error page', async () => {
    stubApi({ '/api/billingdetails/getBillingDetails': () => jsonResponse({ success: false }, 403) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permissions to see this page.")).toBeInTheDocument();
  });

  test('a technology partner\'s card link stays in its portal', async () => {
    stubApi({ '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS) });
    render(
      <MemoryRouter initialEntries={['/technologypartner/billing/details']}>
        <BillingDetailsPage title="Billing details" portal="/technologypartner" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Update credit/debit card details' })).toHaveAttribute(
      'href',
      '/technologypartner/billing/details/payment',
    );
  });

  test('Direct Debit customers have no card button', async () => {
    stubApi({
      '/api/billingdetails/getBillingDetails': () =>
        jsonResponse({ ...DETAILS, paymentMethodType: '2', paymentMethod: 'Direct Debit' }),
    });
    renderPage();
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByLabelText('Payment method')).toHaveValue('Direct Debit');
    expect(screen.queryByRole('link', { name: 'Update credit/debit card details' })).not.toBeInTheDocument();
  });
});
