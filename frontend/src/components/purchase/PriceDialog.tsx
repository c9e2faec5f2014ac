import { useState, type ReactNode } from 'react';
import { Dialog } from '../Dialog';
import { CheckboxField } from '../fields';
import { formatPrice } from '../../domain/pages';
import type { PriceList } from './static/api';

/**
 * The price of a number or pool beyond what the plan includes (price, frequency, minimum term,
 * call rates), with the terms to tick before Buy.
 */
export function PriceDialog({
  title,
  item,
  prices,
  note,
  busy,
  onBuy,
  onClose,
}: {
  title: string;
  /** The purchase note (domain number_purchase_note): why it is charged, its price and first invoice. */
  note: string;
  /** What is bought, as the sentence names it ('01144960001', 'A new pool'). */
  item: ReactNode;
  prices: PriceList;
  busy: boolean;
  onBuy: () => void;
  onClose: () => void;
}) {
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => ticked && onBuy()}
      busy={busy}
      actions={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!ticked || busy} aria-busy={busy || undefined}>
            {busy ? 'Buying…' : 'Buy'}
          </button>
        </>
      }
    >
      <p>{note}</p>
      <p>
        {item}: <strong>{formatPrice(prices.price)}</strong> per {prices.billing_frequency}.
      </p>
      {prices.cost_per_call.length > 0 && (
        <table className="price-table" aria-label="Cost per call">
          <thead>
            <tr>
              <th scope="col">Calls</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {prices.cost_per_call.map((rate) => (
              <tr key={rate.range}>
                <td>{rate.range}</td>
                <td>{rate.cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CheckboxField label="I accept the terms and conditions" checked={ticked} onChange={setTicked} disabled={busy} />
    </Dialog>
  );
}
