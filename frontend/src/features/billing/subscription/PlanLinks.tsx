import { Link } from 'react-router';

/**
 * The invoices (the account's own portal's) and the policies (the terms pages are served by the
 * server, outside the app); call charges only where the plan has calls.
 */
export function PlanLinks({ invoicesPath, callCharges }: { invoicesPath: string; callCharges: boolean }) {
  return (
    <nav className="card plan-links" aria-label="Billing and policies">
      <ul>
        <li>
          <Link to={invoicesPath}>Invoices</Link>
        </li>
        <li>
          <a href="/conditions">Terms and conditions</a>
        </li>
        <li>
          <a href="/conditions#privacy">Privacy policy</a>
        </li>
        <li>
          <a href="/conditions#cancellation">Cancellation policy</a>
        </li>
        {callCharges && (
          <li>
            <a href="/conditions#call-charges">Call charges</a>
          </li>
        )}
      </ul>
    </nav>
  );
}
