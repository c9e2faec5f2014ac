import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fixtures';
import type { Breakdown } from './api';
import { PricingBreakdownDialog } from './PricingBreakdownDialog';

const CURRENT: Breakdown = {
  services: {
    '1': [
      { description: 'Professional plan', quantity: 1, price: 149, unitPrice: 149, plan: true },
      { description: 'Outbound', quantity: 3, price: 45, unitPrice: 15, plan: false },
    ],
  },
  totals: { '1': 194 },
  usageBasedCharges: [
    { description: 'Inbound calls to geographic numbers', price: 1.5, frequency: 'per minute' },
    { description: 'Call recording', price: 0.3, frequency: 'per minute' },
  ],
  callCharges: { label: 'November 2026', inclusiveMinutes: 1000, totalCost: 12.3 },
};

describe('the pricing breakdown', () => {
  test('Current lists the charges by frequency, with quantities, totals and usage rates', async () => {
    stubApi({ '/api/services/getCustomerCharges': () => jsonResponse(CURRENT) });
    render(<PricingBreakdownDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Current pricing breakdown' });
    const table = await within(dialog).findByRole('table', { name: 'Charged per month' });
    expect(within(table).getByRole('row', { name: /Professional plan/ })).toHaveTextContent('Professional plan£149.00');
    expect(within(table).getByRole('row', { name: /Outbound/ })).toHaveTextContent('Outbound x3 (£15 each)£45.00');
    expect(within(table).getByRole('row', { name: /Total per month/ })).toHaveTextContent('£194.00');
    // Unit prices: up to 3 decimals, trailing zeros trimmed, per minute.
    expect(dialog).toHaveTextContent('Inbound calls to geographic numbers1.5p per minute');
    expect(dialog).toHaveTextContent('Call recording0.3p per minute');
    // Money: pounds and pence.
    expect(dialog).toHaveTextContent(
      'The first 1,000 inbound minutes each month are included. Call charges for November 2026 so far: £12.30',
    );
  });

  test('numbers above the allowance are a line of their own, charged as the invoice charges them', async () => {
    const stone: Breakdown = {
      services: {
        '1': [
          { description: 'Starter plan', quantity: 1, price: 49, unitPrice: 49, plan: true },
          { description: 'Static numbers above the 10 included', quantity: 5, price: 25, unitPrice: 5, plan: false },
        ],
      },
      totals: { '1': 74 },
      usageBasedCharges: [],
      callCharges: { label: 'November 2026', inclusiveMinutes: 300, totalCost: 0 },
    };
    stubApi({ '/api/services/getCustomerCharges': () => jsonResponse(stone) });
    render(<PricingBreakdownDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Current pricing breakdown' });
    const table = await within(dialog).findByRole('table', { name: 'Charged per month' });
    expect(within(table).getByRole('row', { name: /Static numbers above the 10 included/ })).toHaveTextContent(
      'Static numbers above the 10 included x5 (£5 each)£25.00',
    );
    expect(within(table).getByRole('row', { name: /Total per month/ })).toHaveTextContent('£74.00');
  });

  test('a month inside the inclusive minutes shows £0.00 of call charges', async () => {
    const inside: Breakdown = { ...CURRENT, callCharges: { label: 'October 2026', inclusiveMinutes: 1000, totalCost: 0 } };
    stubApi({ '/api/services/getCustomerCharges': () => jsonResponse(inside) });
    render(<PricingBreakdownDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Current pricing breakdown' });
    expect(await within(dialog).findByText(/Call charges for October 2026 so far/)).toHaveTextContent('£0.00');
  });

  test('Comparison shows what changes: a new line and the new totals', async () => {
    const added: Breakdown = {
      ...CURRENT,
      services: {
        '1': [
          ...CURRENT.services['1'],
          { description: 'Speech analytics', quantity: 0, price: 0, unitPrice: 25, plan: false, newQuantity: 1, newPrice: 25, newUnitPrice: 25 },
        ],
      },
      totals: { '1': 219 },
    };
    const fetch = stubApi({ '/api/services/getCustomerChargesUpgrade/': () => jsonResponse({ current: CURRENT, new: added }) });
    render(<PricingBreakdownDialog open productCode="report_voice_tags" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Comparison pricing breakdown' });
    const table = await within(dialog).findByRole('table', { name: 'Charged per month' });
    expect(within(table).getByRole('row', { name: /Speech analytics/ })).toHaveTextContent('Speech analytics–£25.00');
    expect(within(table).getByRole('row', { name: /Total per month/ })).toHaveTextContent('£194.00£219.00');
    expect(String(fetch.mock.calls[0][0])).toBe('/api/services/getCustomerChargesUpgrade/?product_code=report_voice_tags');
  });

  test('an upgrade prices each plan on its own row: the current fee ends, the new one begins', async () => {
    const starter: Breakdown = {
      services: { '1': [{ description: 'Starter plan', quantity: 1, price: 49, unitPrice: 49, plan: true }] },
      totals: { '1': 49 },
      usageBasedCharges: [],
      callCharges: CURRENT.callCharges,
    };
    const upgraded: Breakdown = {
      services: {
        '1': [
          { description: 'Starter plan', quantity: 1, price: 49, unitPrice: 49, plan: true, newQuantity: 0, newPrice: 0, newUnitPrice: 49 },
          { description: 'Professional plan', quantity: 0, price: 0, unitPrice: 149, plan: true, newQuantity: 1, newPrice: 149, newUnitPrice: 149 },
        ],
      },
      totals: { '1': 149 },
      usageBasedCharges: [],
      callCharges: CURRENT.callCharges,
    };
    const notes = [
      "From today, 23/11/2026, your monthly total is £149.00: this month's invoice charges each price for the days it ran.",
      'Your speech analytics trial carries on until 30/11/2026; after it, Speech analytics is £25.00 a month on Professional unless you cancel it.',
    ];
    stubApi({ '/api/services/getCustomerChargesUpgrade/': () => jsonResponse({ current: starter, new: upgraded, notes }) });
    render(<PricingBreakdownDialog open productCode="upgrade" onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Comparison pricing breakdown' });
    const table = await within(dialog).findByRole('table', { name: 'Charged per month' });
    expect(within(table).getByRole('row', { name: /Starter plan/ })).toHaveTextContent(/^Starter plan£49\.00–$/);
    expect(within(table).getByRole('row', { name: /Professional plan/ })).toHaveTextContent(/^Professional plan–£149\.00$/);
    expect(within(table).getByRole('row', { name: /Total per month/ })).toHaveTextContent('£49.00£149.00');
    // What changes, in words: the new monthly total from today, and the running trial.
    const changes = within(dialog).getByRole('region', { name: 'What changes' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(notes);
  });

  test('a failed load shows the error box with the contact details', async () => {
    stubApi({ '/api/services/getCustomerCharges': () => jsonResponse({}, 500) });
    render(<PricingBreakdownDialog open onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again or contact client services at 0161 496 0000 or via email at',
    );
  });
});
