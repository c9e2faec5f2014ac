import { NavLink } from 'react-router';
import { guardRoute } from '../../../domain';
import { useOptionalAccount } from '../../../lib/account';

const CLINICS = '/reports/clinics';

/** The reports' pages; a group account's member clinics when the domain lets the user in. */
export function ReportsTabs() {
  const account = useOptionalAccount();
  const clinics = account !== null && guardRoute(CLINICS, account).kind === 'allow';
  return (
    <nav className="report-tabs" aria-label="Reports">
      <NavLink to="/reports" end>
        Call log
      </NavLink>
      <NavLink to="/reports/dashboard">Dashboard</NavLink>
      <NavLink to="/reports/spend">Ad spend</NavLink>
      {clinics && <NavLink to={CLINICS}>Clinics</NavLink>}
    </nav>
  );
}
