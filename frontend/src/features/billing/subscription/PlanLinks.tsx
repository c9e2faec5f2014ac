import { Link } from 'react-router';

/** The invoices and the policies (the terms pages are served by the server, outside the app). */
export function PlanLinks() {
  return (
    <nav className="card card-body plan-links" aria-label="Billing and policies">
      <ul>
        <li>
          <Link to="/invoices">Invoices</Link>
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
        <li>
          <a href="/conditions#call-charges">Call charges</a>
        </li>
      </ul>
    </nav>
  );
}
