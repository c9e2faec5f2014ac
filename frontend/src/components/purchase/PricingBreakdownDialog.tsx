import { formatPence, formatPounds, quantitySuffix } from '../../domain/pages';
import { frequencyWord } from './priceText';
import { withContact } from '../../lib/contact';
import { useLoader } from '../../lib/useLoader';
import { Dialog } from '../Dialog';
import { SectionLoading } from '../SectionLoading';
import { getCustomerCharges, getCustomerChargesUpgrade, type Breakdown, type ChargeLine } from './api';
import { PRICING_FAILURE } from './messages';

function LineRow({ line, compare }: { line: ChargeLine; compare: boolean }) {
  const suffix = quantitySuffix({ quantity: line.quantity, unitPrice: line.unitPrice, plan: line.plan });
  const changed = line.newPrice != null;
  const newSuffix =
    changed && line.newQuantity != null
      ? quantitySuffix({ quantity: line.newQuantity, unitPrice: line.newUnitPrice ?? line.unitPrice, plan: line.plan })
      : null;
  return (
    <tr>
      <th scope="row">
        {line.description}
        {suffix && <span className="breakdown-suffix"> {suffix}</span>}
      </th>
      <td>{line.quantity === 0 && changed ? '–' : formatPounds(line.price)}</td>
      {compare && (
        <td>
          {changed && line.newQuantity === 0 ? (
            '–'
          ) : changed ? (
            <strong>
              {formatPounds(line.newPrice ?? 0)}
              {newSuffix && <span className="breakdown-suffix"> {newSuffix}</span>}
            </strong>
          ) : (
            formatPounds(line.price)
          )}
        </td>
      )}
    </tr>
  );
}

/** This month's call charges so far: the inclusive minutes first, then the rates above. */
function CallChargesLine({ calls }: { calls: Breakdown['callCharges'] }) {
  return (
    <p className="breakdown-calls">
      {calls.inclusiveMinutes > 0 && (
        <>
          The first {calls.inclusiveMinutes.toLocaleString('en-GB')} inbound minutes each month are included.{' '}
        </>
      )}
      Call charges for {calls.label} so far: <strong>{formatPounds(calls.totalCost)}</strong>
    </p>
  );
}

/** The subscription charges by frequency and the usage-based charges of one breakdown. */
function BreakdownTables({ breakdown, current }: { breakdown: Breakdown; current?: Breakdown }) {
  const compare = current !== undefined;
  return (
    <>
      <h3>Subscription charges</h3>
      {Object.entries(breakdown.services).map(([frequency, lines]) => (
        <table key={frequency} className="breakdown-table">
          <caption>Charged per {frequencyWord(frequency)}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">{compare ? 'Current' : 'Price'}</th>
              {compare && <th scope="col">New</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <LineRow key={line.description} line={line} compare={compare} />
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total per {frequencyWord(frequency)}</th>
              <td>{formatPounds((compare ? current.totals[frequency] : breakdown.totals[frequency]) ?? 0)}</td>
              {compare && (
                <td>
                  <strong>{formatPounds(breakdown.totals[frequency] ?? 0)}</strong>
                </td>
              )}
            </tr>
          </tfoot>
        </table>
      ))}
      <h3>Usage-based charges</h3>
      <table className="breakdown-table">
        <caption className="visually-hidden">Usage-based charges</caption>
        <tbody>
          {breakdown.usageBasedCharges.map((charge) => (
            <tr key={charge.description}>
              <th scope="row">{charge.description}</th>
              <td>
                {formatPence(charge.price)} {charge.frequency || 'per minute'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CallChargesLine calls={breakdown.callCharges} />
    </>
  );
}

/**
 * The pricing breakdown: 'Current', or 'Comparison' with what buying `productCode` (a scope or
 * 'upgrade') would change.
 */
export function PricingBreakdownDialog({
  open,
  productCode,
  onClose,
}: {
  open: boolean;
  productCode?: string;
  onClose: () => void;
}) {
  const [load] = useLoader<{ shown: Breakdown; current?: Breakdown; notes?: string[] }>(
    open
      ? async () => {
          if (!productCode) return { shown: await getCustomerCharges() };
          const comparison = await getCustomerChargesUpgrade(productCode);
          return { shown: comparison.new, current: comparison.current, notes: comparison.notes };
        }
      : null,
    [open, productCode],
  );
  return (
    <Dialog
      open={open}
      title={productCode ? 'Comparison pricing breakdown' : 'Current pricing breakdown'}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="breakdown" aria-busy={load.status === 'loading' || undefined}>
        {load.status === 'loading' && (
          <SectionLoading />
        )}
        {load.status === 'failed' && (
          <p role="alert" className="banner banner-error">
            {withContact(PRICING_FAILURE)}
          </p>
        )}
        {load.status === 'ready' && load.data.notes && load.data.notes.length > 0 && (
          <section aria-labelledby="breakdown-changes">
            <h3 id="breakdown-changes">What changes</h3>
            <ul className="breakdown-notes">
              {load.data.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        )}
        {load.status === 'ready' && <BreakdownTables breakdown={load.data.shown} current={load.data.current} />}
      </div>
    </Dialog>
  );
}
