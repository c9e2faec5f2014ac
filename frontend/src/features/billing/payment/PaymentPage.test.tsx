import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures';
import type { BillingDetails } from '../details/api';
import type { CardParams } from './api';
import { LocationNotice } from '../../../components/LocationNotice';
import { PaymentPage } from './PaymentPage';

const DETAILS = {
  address: { companyName: 'HLD', street1: '1', street2: '', town: 'Bristol', county: '', postCode: 'BS1', country: 'United Kingdom' },
  contact: { name: '', email: 'a@b.test', telephone: '' },
  poNumber: '',
  paymentMethod: 'Visa ending 4242, expires 08/28',
  paymentMethodType: '1',
  directDebitUrl: null,
} satisfies BillingDetails;

const PARAMS: CardParams = {
  accepturl: '/manage/billing/details/payment',
  exceptionurl: '/manage/billing/details/payment',
  orderid: 'abc123',
  pspid: 'CALLTRACK',
  shasign: 'F'.repeat(64),
  actionURL: '/sandbox/card/orderstandard',
  paymentCardName: 'CN',
  paymentCardNumber: 'CARDNO',
  paymentExpiryDate: 'ED',
};

function renderPage(path = '/billing/details/payment') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/billing/details/payment" element={<PaymentPage title="Payment details" />} />
        <Route
          path="/billing/details"
          element={
            <>
              <h1>Billing details</h1>
              <LocationNotice />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the card update', () => {
  test('the form posts straight to the provider with the signed fields and the card fields', async () => {
    stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/paymentdetails/getBarclayCardParams': () => jsonResponse(PARAMS),
    });
    renderPage();
    const number = await screen.findByLabelText('Card number');
    const form = number.closest('form')!;
    expect(form).toHaveAttribute('action', '/sandbox/card/orderstandard');
    expect(form).toHaveAttribute('method', 'post');
    expect(number).toHaveAttribute('name', 'CARDNO');
    expect(screen.getByLabelText('Name on card')).toHaveAttribute('name', 'CN');
    expect(screen.getByLabelText('Expiry (MMYY)')).toHaveAttribute('name', 'ED');
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Three digits on the back of your card.');
    const hidden = Object.fromEntries(new FormData(form).entries());
    expect(hidden).toMatchObject({ ORDERID: 'abc123', PSPID: 'CALLTRACK', SHASIGN: PARAMS.shasign });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/billing/details');
  });

  test("the provider's field errors show against their fields", async () => {
    stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/paymentdetails/getBarclayCardParams': () => jsonResponse(PARAMS),
    });
    renderPage('/billing/details/payment?orderid=abc&numberError=1&number=XXXX4241&cvcError=1&shasign=X');
    expect(await screen.findByLabelText('Card number')).toHaveAccessibleDescription('Please enter a valid card number.');
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Please enter the three digits on the back of your card.');
    expect(screen.getByLabelText('Name on card')).not.toHaveAttribute('aria-invalid');
  });

  test('a successful answer is handed to the server to check, then the billing details say so', async () => {
    const fetch = stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/paymentdetails/getBarclayCardParams': () => jsonResponse(PARAMS),
      '/api/paymentdetails/confirmCard': () => jsonResponse({ success: true }),
    });
    renderPage('/billing/details/payment?orderid=abc&success=1&alias=A&brand=Visa&last4=4242&expiry=1230&shasign=S');
    expect(await screen.findByText('Your credit card details have been updated successfully.')).toHaveAttribute('role', 'status');
    // The form is gone: the page is the billing details.
    expect(screen.getByRole('heading', { name: 'Billing details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const body = fetch.mock.calls.find(([url]) => String(url).includes('confirmCard'))?.[1]?.body as FormData;
    expect([body.get('orderid'), body.get('last4'), body.get('shasign')]).toEqual(['abc', '4242', 'S']);
  });

  test('a refused answer or a general error shows the general banner', async () => {
    stubApi({
      '/api/billingdetails/getBillingDetails': () => jsonResponse(DETAILS),
      '/api/paymentdetails/getBarclayCardParams': () => jsonResponse(PARAMS),
      '/api/paymentdetails/confirmCard': () => jsonResponse({ success: false, code: 'VALIDATION_FAILED', errors: {} }, 422),
    });
    renderPage('/billing/details/payment?orderid=abc&success=1&shasign=tampered');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your credit card details could not be updated.');
  });

  test('a Direct Debit payer is sent to the billing details', async () => {
    stubApi({ '/api/billingdetails/getBillingDetails': () => jsonResponse({ ...DETAILS, paymentMethodType: '2' }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Billing details' })).toBeInTheDocument();
  });
});
